// The rules of tenants (Traffic Ops 1.x, apitenant/tenant.go), shared by the API, the snapshot importer, the CLI
// and the portal: the fields a tenant needs, the root tenant that never changes, and a tree without cycles.

export const ROOT_TENANT = 'root';
export const ROOT_IMMUTABLE = 'trying to change the root tenant, which is immutable';
export const CHILD_AS_PARENT = 'trying to set existing child as new parent';

/** A tenant as a request sends it. */
export interface TenantInput {
  name: string;
  active: boolean;
  parentId: number;
}

type Parsed<T> = { ok: true; value: T } | { ok: false; errors: string[] };

/**
 * Checks a POST/PUT tenants body: `name` and `parentId` (≥ 1) required, `active` not null (Traffic Ops' texts,
 * joined with `, `). Answers the input, or every problem.
 */
export function parseTenant(raw: unknown): Parsed<TenantInput> {
  const body = (raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
  const errors: string[] = [];
  const { name, parentId, active } = body;
  if (typeof name !== 'string' || name.trim() === '') errors.push("'name' cannot be blank");
  if (parentId === undefined || parentId === null || parentId === 0) errors.push("'parentId' cannot be blank");
  else if (typeof parentId !== 'number' || !Number.isInteger(parentId)) errors.push("'parentId' must be an integer");
  else if (parentId < 1) errors.push("'parentId' must be no less than 1");
  if (errors.length > 0) return { ok: false, errors };
  if (typeof active !== 'boolean') return { ok: false, errors: ['active is a required field'] };
  return { ok: true, value: { name: name as string, active, parentId: parentId as number } };
}

/**
 * Whether giving `tenant` the parent `newParent` would make a cycle: the new parent is the tenant itself or one of
 * its descendants. `parentOf` maps each tenant to its parent (null for the root). Works on ids or on names.
 */
export function makesCycle<K>(tenant: K, newParent: K, parentOf: ReadonlyMap<K, K | null>): boolean {
  const seen = new Set<K>();
  for (let p: K | null = newParent; p !== null && p !== undefined; p = parentOf.get(p) ?? null) {
    if (p === tenant) return true;
    if (seen.has(p)) return true;
    seen.add(p);
  }
  return false;
}

/** What keeps a tenant from being deleted, as Traffic Ops named it. */
export type TenantDependent = 'child tenants' | 'users' | 'deliveryservices' | 'origins';

export const tenantInUse = (id: number, what: TenantDependent) =>
  `Tenant '${id}' has ${what}. Please update these ${what} and retry.`;
