import { CHILD_AS_PARENT, ROOT_TENANT, makesCycle, parseTenant } from '../../../../shared/rules/tenants.js';

/** A tenant as the screens read it. */
export interface TenantItem {
  id: number;
  name: string;
  active: boolean;
  parentId: number | null;
  parentName?: string | null;
}

/** The body of POST tenants and PUT tenants/:id. */
export interface TenantWrite {
  name: string;
  active: boolean;
  parentId: number;
}

/** The form's values, as typed or chosen (ids as text, `active` as yes/no). */
export interface TenantFormValues {
  name: string;
  parentId: string;
  active: string;
}

export const emptyTenantForm = (parentId: number | null): TenantFormValues => ({
  name: '',
  parentId: parentId === null ? '' : String(parentId),
  active: 'yes',
});

export const tenantToForm = (t: TenantItem): TenantFormValues => ({
  name: t.name,
  parentId: t.parentId === null ? '' : String(t.parentId),
  active: t.active ? 'yes' : 'no',
});

/** The body the form sends. */
export const toTenantWrite = (v: TenantFormValues): TenantWrite => ({
  name: v.name.trim(),
  parentId: Number(v.parentId),
  active: v.active !== 'no',
});

/**
 * The form's messages, by field, from the API's rules (shared/rules/tenants.ts): a name, a parent, and when
 * editing, no parent inside the tenant's own subtree and never the root tenant's name.
 */
export function tenantFormErrors(
  v: TenantFormValues,
  tenants: readonly TenantItem[],
  editing?: TenantItem,
): Partial<Record<keyof TenantFormValues, string>> {
  const errors: Partial<Record<keyof TenantFormValues, string>> = {};
  const parsed = parseTenant({ ...toTenantWrite(v), parentId: v.parentId === '' ? null : Number(v.parentId) });
  if (!parsed.ok) {
    for (const e of parsed.errors) {
      if (e.includes("'name'")) errors.name = e;
      else if (e.includes('parentId')) errors.parentId = e;
    }
  }
  if (editing && v.name.trim() === ROOT_TENANT) errors.name = 'the root tenant is immutable';
  if (editing && !errors.parentId && v.parentId !== '') {
    const parentOf = new Map(tenants.map((t) => [t.id, t.parentId]));
    if (makesCycle(editing.id, Number(v.parentId), parentOf)) errors.parentId = CHILD_AS_PARENT;
  }
  return errors;
}

/** The tenants in tree order (each after its parent), with their depth. */
export function tenantTree(tenants: readonly TenantItem[]): Array<{ tenant: TenantItem; depth: number }> {
  const children = new Map<number | null, TenantItem[]>();
  const ids = new Set(tenants.map((t) => t.id));
  for (const t of tenants) {
    const parent = t.parentId !== null && ids.has(t.parentId) ? t.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), t]);
  }
  const out: Array<{ tenant: TenantItem; depth: number }> = [];
  const walk = (parent: number | null, depth: number) => {
    const list = [...(children.get(parent) ?? [])].sort((a, b) => a.name.localeCompare(b.name));
    for (const t of list) {
      out.push({ tenant: t, depth });
      walk(t.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}
