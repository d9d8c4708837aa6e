import type { Tenant } from '../store/tenants.js';

/**
 * The tenants a user of `tenantId` may see: its own and every descendant, but none at all when its tenant or
 * any ancestor is inactive (BEHAVIOR.md §3). Pure, so the rule is tested without a database.
 */
export function visibleTenantIds(tenants: readonly Tenant[], tenantId: number): Set<number> {
  const byId = new Map(tenants.map((t) => [t.id, t]));
  const seen = new Set<number>();
  for (let t = byId.get(tenantId); t; t = t.parentId === null ? undefined : byId.get(t.parentId)) {
    if (!t.active || seen.has(t.id)) return new Set();
    seen.add(t.id);
  }
  if (!byId.has(tenantId)) return new Set();
  const children = new Map<number, number[]>();
  for (const t of tenants) {
    if (t.parentId === null) continue;
    const list = children.get(t.parentId) ?? [];
    list.push(t.id);
    children.set(t.parentId, list);
  }
  const visible = new Set<number>();
  const stack = [tenantId];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (visible.has(id)) continue;
    visible.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return visible;
}
