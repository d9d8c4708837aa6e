import type { Db } from './db.js';
import { TENANT_SELECT, type TenantRow, type TenantStore, toTenant } from '../tenants.js';

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
