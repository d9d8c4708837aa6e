import type { Tenant } from '../../shared/client/tenants.js';

/** One node of `cdnctl tenants tree`: a tenant and the tenants whose parent it is. */
export interface TenantNode {
  id: number;
  name: string;
  active: boolean;
  children: TenantNode[];
}

/**
 * The tenant hierarchy: each tenant under its parent, by name. Tenants whose parent is not visible to the caller
 * (root, or the caller's own tenant) are the roots.
 */
export function tenantTree(tenants: Tenant[]): TenantNode[] {
  const ids = new Set(tenants.map((t) => t.id));
  const byName = (a: Tenant, b: Tenant) => a.name.localeCompare(b.name);
  const node = (t: Tenant): TenantNode => ({
    id: t.id,
    name: t.name,
    active: t.active,
    children: tenants
      .filter((c) => c.parentId === t.id && c.id !== t.id)
      .sort(byName)
      .map(node),
  });
  return tenants
    .filter((t) => t.parentId === null || !ids.has(t.parentId))
    .sort(byName)
    .map(node);
}

const line = (n: TenantNode) => `${n.name} (id ${n.id})${n.active ? '' : ' [inactive]'}`;

/** The tree drawn with box characters, one tenant a line. */
export function drawTenantTree(roots: TenantNode[]): string {
  const out: string[] = [];
  const walk = (n: TenantNode, prefix: string, last: boolean, root: boolean) => {
    out.push(root ? line(n) : `${prefix}${last ? '└── ' : '├── '}${line(n)}`);
    const next = root ? '' : `${prefix}${last ? '    ' : '│   '}`;
    n.children.forEach((c, i) => walk(c, next, i === n.children.length - 1, false));
  };
  for (const r of roots) walk(r, '', true, true);
  return out.join('\n');
}
