import type { AppContext } from '../../context.js';
import { changeAs } from '../change.js';
import { ApiError, type Alert } from '../errors.js';
import type { Principal } from '../principal.js';
import { visibleTenants } from '../tenant-access.js';

/**
 * `deliveryservice_user` POST and DELETE (§5.8): Perl-only in Traffic Ops 1.x (the Go server answered 404),
 * emulated here because the v1 Go client still calls them. Every answer carries Perl's deprecation warning.
 */
export const DS_USER_DEPRECATED: Alert = {
  level: 'warning',
  text: 'This endpoint and its functionality is deprecated, and will be removed in the future',
};

const fail = (status: number, text: string) => new ApiError(status, text, [DS_USER_DEPRECATED]);
const NOT_FOUND = 'Resource not found.';

export interface AssignBody {
  userId?: unknown;
  deliveryServices?: unknown;
  replace?: unknown;
}

export interface Assignment {
  userId: number;
  deliveryServices: number[];
  replace: boolean;
}

const isIdList = (v: unknown): v is number[] =>
  Array.isArray(v) && v.every((x) => typeof x === 'number' && Number.isInteger(x));

/** POST deliveryservice_user: links a user to delivery services (all of them the caller's), replacing with `replace`. */
export async function assignDeliveryServices(
  ctx: AppContext,
  principal: Principal,
  body: AssignBody | null,
): Promise<Assignment> {
  const b = body ?? {};
  if (!isIdList(b.deliveryServices)) throw fail(400, 'Delivery services must be an array');
  const userId = typeof b.userId === 'number' ? b.userId : Number.NaN;
  const user = Number.isInteger(userId) ? await ctx.store.users.byId(userId) : null;
  if (!user) throw fail(404, NOT_FOUND);
  const visible = await visibleTenants(ctx, principal);
  if (!visible.has(user.tenantId)) throw fail(400, 'Invalid user. This user is not available to you for assignment.');
  const ids = [...new Set(b.deliveryServices)];
  const found = ids.length === 0 ? [] : await ctx.store.deliveryServices.list({ ids });
  if (found.length !== ids.length) throw fail(404, NOT_FOUND);
  if (found.some((ds) => !visible.has(ds.tenantId))) throw fail(403, 'Forbidden');
  const replace = b.replace === true;
  const tenants = [...new Set([user.tenantId, ...found.map((ds) => ds.tenantId)])];
  const entry = changeAs(ctx, principal, `${ids.length} delivery services were assigned to ${user.username}`, tenants);
  await ctx.store.deliveryServiceWrites.assignUser(user.id, ids, replace, [entry]);
  return { userId: user.id, deliveryServices: b.deliveryServices, replace };
}

/** DELETE deliveryservice_user/:dsId/:userId: answers the success text (also the change-log text). */
export async function unassignDeliveryService(
  ctx: AppContext,
  principal: Principal,
  dsId: number | null,
  userId: number | null,
): Promise<string> {
  const user = userId === null ? null : await ctx.store.users.byId(userId);
  const ds = dsId === null ? null : await ctx.store.deliveryServices.byId(dsId);
  if (!user || !ds) throw fail(404, NOT_FOUND);
  const visible = await visibleTenants(ctx, principal);
  if (!visible.has(user.tenantId)) throw fail(403, 'Forbidden. User tenant is not available to the working user.');
  if (!visible.has(ds.tenantId)) throw fail(403, 'Forbidden. Delivery-service tenant is not available to the user.');
  const text = `User [ ${user.username} ] unlinked from deliveryservice [ ${ds.id} | ${ds.xmlId} ].`;
  const entry = changeAs(ctx, principal, text, [user.tenantId, ds.tenantId]);
  const removed = await ctx.store.deliveryServiceWrites.unassignUser(user.id, ds.id, [(ok) => (ok ? entry : null)]);
  if (!removed) throw fail(404, NOT_FOUND);
  return text;
}
