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
export const TENANT_SELECT =
  'SELECT t.*, p.name AS parent_name FROM tenants t LEFT JOIN tenants p ON p.id = t.parent_id';
