import type { AppContext } from '../../context.js';
import { badRequest, forbidden, notFound } from '../errors.js';
import { toInteger } from '../params.js';
import type { Principal } from '../principal.js';
import { visibleTenants } from '../tenant-access.js';
import { queueCachesOfService } from '../caches/affected-caches.js';
import { beginOriginTransition } from '../caches/origin-transitions.js';
import type { ChangeEntry } from '../../store/change-log.js';
import type { Origin, OriginFields } from '../../store/origins.js';
import { validateOrigin, type OriginBody } from '../../../shared/rules/origins/validate.js';

const NOT_AUTHORIZED = 'not authorized on this tenant';

/** The `id` query key of PUT and DELETE: 400 when missing or not an integer. */
export function originIdParam(query: { id?: string }): number {
  if (query.id === undefined) throw badRequest('missing key: id');
  const id = toInteger(query.id);
  if (id === null) throw badRequest('failed to parse key: id');
  return id;
}

/** An origin is the caller's when its delivery service's tenant, and its own tenant if set, are visible. */
export function originVisible(origin: Origin, visible: ReadonlySet<number>): boolean {
  return visible.has(origin.deliveryServiceTenantId) && (origin.tenantId === null || visible.has(origin.tenantId));
}

function validFields(body: OriginBody | null | undefined): OriginFields {
  const result = validateOrigin(body ?? {});
  if (!result.ok) throw badRequest(result.errors.join(', '));
  return result.fields;
}

/**
 * Resolves what the fields refer to (BEHAVIOR.md §6): the delivery service must exist (400) and be visible
 * (403); a named tenant must exist (404) and be visible (403), an omitted one is the delivery service's; cache
 * group, coordinate and profile must exist (404). Answers the fields with the tenant filled in.
 */
async function resolveReferences(
  ctx: AppContext,
  visible: ReadonlySet<number>,
  fields: OriginFields,
): Promise<OriginFields & { deliveryServiceTenantId: number }> {
  const ds = await ctx.store.deliveryServices.byId(fields.deliveryServiceId);
  if (!ds) throw badRequest('delivery service not found');
  if (!visible.has(ds.tenantId)) throw forbidden(NOT_AUTHORIZED);
  if (fields.tenantId !== null) {
    if (!(await ctx.store.tenants.get(fields.tenantId))) throw notFound('tenant not found');
    if (!visible.has(fields.tenantId)) throw forbidden(NOT_AUTHORIZED);
  }
  if (fields.cachegroupId !== null && !(await ctx.store.origins.hasCachegroup(fields.cachegroupId))) {
    throw notFound('cachegroup not found');
  }
  if (fields.coordinateId !== null && !(await ctx.store.origins.hasCoordinate(fields.coordinateId))) {
    throw notFound('coordinate not found');
  }
  if (fields.profileId !== null && !(await ctx.store.profiles.get(fields.profileId)))
    throw notFound('profile not found');
  return { ...fields, tenantId: fields.tenantId ?? ds.tenantId, deliveryServiceTenantId: ds.tenantId };
}

const nameTaken = (name: string) => badRequest(`origin name '${name}' already exists.`);

/** The origin as stored, after a write: it must be there. */
async function stored(ctx: AppContext, id: number): Promise<Origin> {
  const origin = await ctx.store.origins.get(id);
  if (!origin) throw notFound('origin not found');
  return origin;
}

/** An existing origin the caller may act on: 404 when there is none, 403 when its tenancy is not the caller's. */
async function ownOrigin(ctx: AppContext, visible: ReadonlySet<number>, id: number): Promise<Origin> {
  const origin = await ctx.store.origins.get(id);
  if (!origin) throw notFound('origin not found');
  if (!originVisible(origin, visible)) throw forbidden(NOT_AUTHORIZED);
  return origin;
}

/**
 * The change-log entry of an origin write, Traffic Ops' text. It is about the origin's delivery service's tenant
 * and its own tenant, if any.
 */
function originChange(
  ctx: AppContext,
  principal: Principal,
  origin: { name: string; tenantId: number | null; deliveryServiceTenantId?: number },
  id: number,
  action: 'Created' | 'Updated' | 'Deleted',
): ChangeEntry {
  const tenants = [origin.tenantId, origin.deliveryServiceTenantId].filter((t): t is number => typeof t === 'number');
  return {
    message: `ORIGIN: ${origin.name}, ID: ${id}, ACTION: ${action} origin, keys: { id:${id} }`,
    user: principal.userId,
    tenants,
    at: ctx.clock(),
  };
}

/** POST origins: validates, resolves references, stores a non-primary origin and answers it as stored. */
export async function createOrigin(
  ctx: AppContext,
  principal: Principal,
  body: OriginBody | null | undefined,
): Promise<Origin> {
  const fields = validFields(body);
  const visible = await visibleTenants(ctx, principal);
  const resolved = await resolveReferences(ctx, visible, fields);
  const id = await ctx.store.origins.insert(resolved, ctx.clock(), (newId) =>
    newId === null ? null : originChange(ctx, principal, resolved, newId, 'Created'),
  );
  if (id === null) throw nameTaken(resolved.name);
  await queueCachesOfService(ctx, resolved.deliveryServiceId);
  return stored(ctx, id);
}

/** PUT origins?id=: replaces the writable fields; a primary origin stays on its delivery service. */
export async function updateOrigin(
  ctx: AppContext,
  principal: Principal,
  id: number,
  body: OriginBody | null | undefined,
): Promise<Origin> {
  const fields = validFields(body);
  const visible = await visibleTenants(ctx, principal);
  const existing = await ownOrigin(ctx, visible, id);
  if (existing.isPrimary && existing.deliveryServiceId !== fields.deliveryServiceId) {
    throw badRequest('cannot update the delivery service of a primary origin');
  }
  const resolved = await resolveReferences(ctx, visible, fields);
  const change = originChange(ctx, principal, resolved, id, 'Updated');
  if (!(await ctx.store.origins.update(id, resolved, ctx.clock(), (ok) => (ok ? change : null))))
    throw nameTaken(resolved.name);
  if (existing.isPrimary) await beginOriginTransition(ctx, existing.deliveryServiceId, existing, resolved);
  for (const dsId of new Set([existing.deliveryServiceId, resolved.deliveryServiceId]))
    await queueCachesOfService(ctx, dsId);
  return stored(ctx, id);
}

/** DELETE origin(s)?id=: removes a non-primary origin the caller may act on. */
export async function deleteOrigin(ctx: AppContext, principal: Principal, id: number): Promise<void> {
  const visible = await visibleTenants(ctx, principal);
  const existing = await ownOrigin(ctx, visible, id);
  if (existing.isPrimary) throw badRequest('cannot delete a primary origin');
  const change = originChange(ctx, principal, existing, id, 'Deleted');
  if (!(await ctx.store.origins.delete(id, (ok) => (ok ? change : null)))) throw notFound('origin not found');
  await queueCachesOfService(ctx, existing.deliveryServiceId);
}
