import {
  TENANT_DEPENDENTS,
  TENANT_SELECT,
  toTenant,
  type TenantFields,
  type TenantRemoveOutcome,
  type TenantRow,
  type TenantStore,
  type TenantUpdateOutcome,
} from '../tenants.js';
import { loggedWritePg } from './change-append.js';
import type { PgClient, PgPool } from './pool.js';
import { statement } from './statement.js';

// Names in SQLite's binary order: PostgreSQL's default collation would sort them by locale.
const list = statement<[], TenantRow>('tenants_list', `${TENANT_SELECT} ORDER BY t.name COLLATE "C"`);
const get = statement<[number], TenantRow>('tenants_get', `${TENANT_SELECT} WHERE t.id = $1`);
const byName = statement<[string], TenantRow>('tenants_by_name', `${TENANT_SELECT} WHERE t.name = $1`);
const insert = statement<[string, number, number, number], { id: number }>(
  'tenants_insert',
  `INSERT INTO tenants (name, active, parent_id, last_updated) VALUES ($1, $2, $3, $4)
   ON CONFLICT DO NOTHING RETURNING id`,
);
// Tree writes take turns (as SQLite's writers do): two moves at once could otherwise make a cycle together.
const lockTree = statement<[]>('tenants_lock_tree', 'LOCK TABLE tenants IN SHARE ROW EXCLUSIVE MODE');
const nameOwner = statement<[string], { id: number }>('tenants_name_owner', 'SELECT id FROM tenants WHERE name = $1');
const inSubtree = statement<[number, number], { n: number }>(
  'tenants_in_subtree',
  `WITH RECURSIVE below(id) AS (
     SELECT id FROM tenants WHERE id = $1::bigint UNION SELECT t.id FROM tenants t JOIN below b ON t.parent_id = b.id)
   SELECT 1 AS n FROM below WHERE id = $2::bigint`,
);
const update = statement<[string, number, number, number, number]>(
  'tenants_update',
  'UPDATE tenants SET name = $1, active = $2, parent_id = $3, last_updated = $4 WHERE id = $5',
);
const remove = statement<[number]>('tenants_remove', 'DELETE FROM tenants WHERE id = $1');
const dependents = TENANT_DEPENDENTS.map(
  ([what, table, column]) =>
    [
      what,
      statement<[number], { n: number }>(
        `tenants_used_by_${table}`,
        `SELECT 1 AS n FROM ${table} WHERE ${column} = $1 LIMIT 1`,
      ),
    ] as const,
);

async function updateOne(c: PgClient, id: number, f: TenantFields, now: number): Promise<TenantUpdateOutcome> {
  await lockTree.run(c);
  if (!(await get.get(c, id))) return 'missing';
  const owner = await nameOwner.get(c, f.name);
  if (owner && owner.id !== id) return 'taken';
  if (await inSubtree.get(c, id, f.parentId)) return 'cycle';
  await update.run(c, f.name, f.active ? 1 : 0, f.parentId, now, id);
  return 'updated';
}

async function removeOne(c: PgClient, id: number): Promise<TenantRemoveOutcome> {
  await lockTree.run(c);
  const row = await get.get(c, id);
  if (!row) return { kind: 'missing' };
  for (const [what, used] of dependents) if (await used.get(c, id)) return { kind: 'in-use', by: what };
  await remove.run(c, id);
  return { kind: 'removed', name: row.name };
}

/** Tenants on PostgreSQL: the same answers as sqliteTenants. */
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
    async insert(f, now, change) {
      return loggedWritePg(
        pool,
        async (c) => (await insert.get(c, f.name, f.active ? 1 : 0, f.parentId, now))?.id ?? null,
        change,
      );
    },
    async update(id, f, now, change) {
      return loggedWritePg(pool, (c) => updateOne(c, id, f, now), change);
    },
    async remove(id, change) {
      return loggedWritePg(pool, (c) => removeOne(c, id), change);
    },
  };
}
