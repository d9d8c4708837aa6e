import type { AppContext } from '../context.js';
import { visibleTenantIds } from '../tenancy.js';
import { forbidden } from './errors.js';
import type { Principal } from './route.js';

/** The ids of the tenants the caller may see and act on (BEHAVIOR.md §3). */
export async function visibleTenants(ctx: AppContext, principal: Principal): Promise<Set<number>> {
  return visibleTenantIds(await ctx.store.tenants.list(), principal.tenantId);
}

/** Throws 403 `not authorized on this tenant` unless the caller may act on `tenantId`. */
export async function requireTenant(ctx: AppContext, principal: Principal, tenantId: number): Promise<void> {
  if (!(await visibleTenants(ctx, principal)).has(tenantId)) throw forbidden('not authorized on this tenant');
}
