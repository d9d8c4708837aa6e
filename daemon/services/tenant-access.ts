import type { AppContext } from '../context.js';
import type { Store } from '../store/index.js';
import { visibleTenantIds } from './tenancy.js';
import { forbidden } from './errors.js';
import type { Principal } from './principal.js';

const TENANT_TABLES: readonly string[] = ['tenants'];
/** Visible sets remembered per store, by tenant id and the tenant tree's version (bounded: KEPT). */
const remembered = new WeakMap<Store, Map<string, ReadonlySet<number>>>();
const KEPT = 1024;

/**
 * The ids of the tenants the caller may see and act on (BEHAVIOR.md §3). The set is derived once per version
 * of the tenant tree (a purge or an edit checks it on every request; the tree rarely changes): any write to
 * `tenants`, by this process or another, moves the version and the set is derived again.
 */
export async function visibleTenants(ctx: AppContext, principal: Principal): Promise<Set<number>> {
  const store = ctx.store;
  let memo = remembered.get(store);
  if (!memo) remembered.set(store, (memo = new Map()));
  const key = `${principal.tenantId}|${await store.dataVersion(TENANT_TABLES)}`;
  let visible = memo.get(key);
  if (!visible) {
    visible = visibleTenantIds(await store.tenants.list(), principal.tenantId);
    if (memo.size >= KEPT) memo.clear();
    memo.set(key, visible);
  }
  // A copy: callers own what they are given.
  return new Set(visible);
}

/** Throws 403 `not authorized on this tenant` unless the caller may act on `tenantId`. */
export async function requireTenant(ctx: AppContext, principal: Principal, tenantId: number): Promise<void> {
  if (!(await visibleTenants(ctx, principal)).has(tenantId)) throw forbidden('not authorized on this tenant');
}
