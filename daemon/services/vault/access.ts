import type { AppContext } from '../../context.js';
import { ApiError, notFound } from '../errors.js';
import type { Principal } from '../principal.js';
import { requireTenant } from '../tenant-access.js';
import type { DeliveryService } from '../../store/deliveryservices.js';
import { changeAs } from '../change.js';
import type { ServiceLog } from '../log.js';
import { isKeyRead, keyChangeMessage, type KeyChange } from './change-log.js';
import type { Vault } from './vault.js';
import { plainOr } from '../../../shared/rules/names.js';

/** The key store, or 503 with the reason it cannot serve (the rest of the daemon serves on). */
export function requireVault(ctx: AppContext): Vault {
  const state = ctx.vault?.state ?? { available: false, reason: 'this daemon runs without a key store' };
  if (!state.available) throw new ApiError(503, `the key store (Traffic Vault) is unavailable: ${state.reason}`);
  return ctx.vault!;
}

/** Traffic Ops' `no DS with name <x>`, the name said only when it is a plain name (never junk a caller sent). */
export const noDsNamed = (xmlId: string) => plainOr(xmlId, (x) => `no DS with name ${x}`, 'no DS with that name');

/** A delivery service by xmlId that the caller may act on: 404 `<notFoundText>` when unknown, 403 when invisible. */
export async function keyedService(
  ctx: AppContext,
  principal: Principal,
  xmlId: string,
  notFoundText = plainOr(xmlId, (x) => `delivery service ${x} not found`, 'delivery service not found'),
  tenancyText = 'not authorized on this tenant',
): Promise<DeliveryService> {
  const ds = await ctx.store.deliveryServices.byXmlId(xmlId);
  if (!ds) throw notFound(notFoundText);
  try {
    await requireTenant(ctx, principal, ds.tenantId);
  } catch {
    throw new ApiError(403, tenancyText);
  }
  return ds;
}

/**
 * Records a key operation. Changes (generate, copy, store, add, delete) go to the change log, about the delivery
 * service's tenant; reads of secrets go to the daemon's log, since the change log holds changes to data (and a
 * read changes none). Never given a secret.
 */
export async function noteKeyChange(
  ctx: AppContext,
  principal: Principal,
  log: ServiceLog,
  change: KeyChange,
): Promise<void> {
  const message = keyChangeMessage(change);
  if (isKeyRead(change) || !('dsId' in change)) {
    log.info({ user: principal.username, keyChange: message }, 'key store');
    return;
  }
  const ds = await ctx.store.deliveryServices.byId(change.dsId);
  await ctx.store.changeLog.append(changeAs(ctx, principal, message, ds ? [ds.tenantId] : []));
}
