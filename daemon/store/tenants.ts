import type { Db } from './sqlite/db.js';

/** A tenant; tenants form a tree under `root`. */
export interface Tenant {
  id: number;
  name: string;
  active: boolean;
  parentId: number | null;
  parentName: string | null;
  lastUpdated: number;
}

/** Read access to tenants. */
export interface TenantStore {
  list(): Promise<Tenant[]>;
  get(id: number): Promise<Tenant | null>;
  byName(name: string): Promise<Tenant | null>;
}

/** A row of the tenants table with its parent's name (shared with the PostgreSQL store). */
export interface TenantRow {
  id: number;
  name: string;
  active: number;
  parent_id: number | null;
  parent_name: string | null;
  last_updated: number;
}

export const toTenant = (r: TenantRow): Tenant => ({
  id: r.id,
  name: r.name,
  active: r.active === 1,
  parentId: r.parent_id,
  parentName: r.parent_name,
  lastUpdated: r.last_updated,
});

/** Tenants joined with their parent's name (plain SQL both stores accept). */
export const TENANT_SELECT = 'SELECT t.*, p.name AS parent_name FROM tenants t LEFT JOIN tenants p ON p.id = t.parent_id';

export function sqliteTenants(db: Db): TenantStore {
  const list = db.prepare<[], TenantRow>(`${TENANT_SELECT} ORDER BY t.name`);
  const get = db.prepare<[number], TenantRow>(`${TENANT_SELECT} WHERE t.id = ?`);
  const byName = db.prepare<[string], TenantRow>(`${TENANT_SELECT} WHERE t.name = ?`);
  return {
    async list() {
      return list.all().map(toTenant);
    },
    async get(id) {
      const row = get.get(id);
      return row ? toTenant(row) : null;
    },
    async byName(name) {
      const row = byName.get(name);
      return row ? toTenant(row) : null;
    },
  };
}
