import type { AppContext } from '../../context.js';
import type { DeliveryService, DeliveryServiceFilter } from '../../store/deliveryservices.js';
import { parseIntegerParam, toInteger } from '../params.js';
import type { Principal } from '../principal.js';
import { visibleTenants } from '../tenant-access.js';

/** GET deliveryservices' query, as the client sent it. */
export interface DeliveryServiceQuery {
  id?: string;
  xmlId?: string;
  cdn?: string;
  tenant?: string;
}

/**
 * The delivery services `principal` may see that match `query`: `id` and `tenant` integers (400 otherwise),
 * `cdn` a CDN's id or name, `tenant` one of the caller's tenants (another answers none).
 */
export async function listDeliveryServices(
  ctx: AppContext,
  principal: Principal,
  query: DeliveryServiceQuery,
): Promise<DeliveryService[]> {
  const visible = await visibleTenants(ctx, principal);
  const filter: DeliveryServiceFilter = { tenantIds: visible };
  if (query.id !== undefined) filter.ids = [parseIntegerParam(query.id, 'id')];
  if (query.xmlId !== undefined) filter.xmlId = query.xmlId;
  if (query.cdn !== undefined) {
    const cdnId = toInteger(query.cdn);
    if (cdnId === null) filter.cdnName = query.cdn;
    else filter.cdnId = cdnId;
  }
  if (query.tenant !== undefined) {
    const tenantId = parseIntegerParam(query.tenant, 'tenant');
    filter.tenantIds = visible.has(tenantId) ? [tenantId] : [];
  }
  return ctx.store.deliveryServices.list(filter);
}

/** The delivery service `id` as a list of one, or none when it is unknown or of a tenant the caller cannot see. */
export async function visibleDeliveryService(
  ctx: AppContext,
  principal: Principal,
  id: number,
): Promise<DeliveryService[]> {
  return ctx.store.deliveryServices.list({ ids: [id], tenantIds: await visibleTenants(ctx, principal) });
}
