import { makesCycle } from '../../../shared/rules/tenants.js';

// Tenants as a tree (issue 31): the portal lists what GET tenants answers (the caller's tenant and its
// descendants) parent above child, and offers as a new parent only what would not make a cycle.

export interface TenantLike {
  id: number;
  name: string;
  active: boolean;
  parentId: number | null;
}

/** A tenant with its children, siblings by name. */
export interface TenantNode<T extends TenantLike> {
  tenant: T;
  children: TenantNode<T>[];
}

/**
 * The tenants as a forest: each top tenant (no parent, or a parent the caller cannot see) with its descendants,
 * siblings by name. A tenant whose chain loops (a broken import) is put at the top, not lost.
 */
export function tenantForest<T extends TenantLike>(tenants: readonly T[]): TenantNode<T>[] {
  const ids = new Set(tenants.map((t) => t.id));
  const byParent = new Map<number | null, T[]>();
  for (const t of [...tenants].sort((a, b) => a.name.localeCompare(b.name))) {
    const parent = t.parentId !== null && ids.has(t.parentId) && t.parentId !== t.id ? t.parentId : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), t]);
  }
  const placed = new Set<number>();
  const grow = (t: T): TenantNode<T> => {
    placed.add(t.id);
    const children = (byParent.get(t.id) ?? []).filter((c) => !placed.has(c.id));
    return { tenant: t, children: children.map(grow) };
  };
  const forest = (byParent.get(null) ?? []).map(grow);
  for (const t of tenants) if (!placed.has(t.id)) forest.push(grow(t));
  return forest;
}

/** The forest flattened in tree order, each tenant with its depth: for choices indented by depth. */
export function tenantRows<T extends TenantLike>(tenants: readonly T[]): Array<{ tenant: T; depth: number }> {
  const rows: Array<{ tenant: T; depth: number }> = [];
  const walk = (node: TenantNode<T>, depth: number) => {
    rows.push({ tenant: node.tenant, depth });
    for (const child of node.children) walk(child, depth + 1);
  };
  for (const top of tenantForest(tenants)) walk(top, 0);
  return rows;
}

/**
 * The tenants `tenant` may take as its parent: any but itself and its descendants (the API's "trying to set
 * existing child as new parent"). For a new tenant (null) every tenant.
 */
export function parentChoices<T extends TenantLike>(tenants: readonly T[], tenant: number | null): T[] {
  if (tenant === null) return [...tenants];
  const parentOf = new Map(tenants.map((t) => [t.id, t.parentId] as const));
  return tenants.filter((t) => t.id !== tenant && !makesCycle(tenant, t.id, parentOf));
}

/** The tenant form's fields, as typed. */
export interface TenantFormValues {
  name: string;
  parentId: string;
  active: boolean;
}

/** Each field's problem, with the API's texts (shared/rules/tenants.ts parseTenant); empty when fine. */
export function tenantFormErrors(v: TenantFormValues): Partial<Record<'name' | 'parentId', string>> {
  const errors: Partial<Record<'name' | 'parentId', string>> = {};
  if (v.name.trim() === '') errors.name = 'cannot be blank';
  if (v.parentId === '') errors.parentId = 'cannot be blank';
  return errors;
}

/** The body of POST tenants and PUT tenants/:id. */
export function tenantBody(v: TenantFormValues): { name: string; active: boolean; parentId: number } {
  return { name: v.name.trim(), active: v.active, parentId: Number(v.parentId) };
}
