import { TENANT_SELECT, toTenant, type TenantRow, type TenantStore } from '../tenants.js';
import type { PgPool } from './pool.js';
import { statement } from './statement.js';

// Names in SQLite's binary order: PostgreSQL's default collation would sort them by locale.
const list = statement<[], TenantRow>('tenants_list', `${TENANT_SELECT} ORDER BY t.name COLLATE "C"`);
const get = statement<[number], TenantRow>('tenants_get', `${TENANT_SELECT} WHERE t.id = $1`);
const byName = statement<[string], TenantRow>('tenants_by_name', `${TENANT_SELECT} WHERE t.name = $1`);

/** Tenants on PostgreSQL. */
export function pgTenants(pool: PgPool): TenantStore {
  return {
    async list() {
      return (await list.all(pool)).map(toTenant);
    },
    async get(id) {
      const row = await get.get(pool, id);
      return row ? toTenant(row) : null;
    },
    async byName(name) {
      const row = await byName.get(pool, name);
      return row ? toTenant(row) : null;
    },
  };
}
