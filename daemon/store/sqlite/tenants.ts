import { loggedWrite } from './change-log.js';
import type { Db } from './db.js';
import { guardWrite } from '../faults.js';
import {
  TENANT_DEPENDENTS,
  TENANT_SELECT,
  type TenantFields,
  type TenantRemoveOutcome,
  type TenantRow,
  type TenantStore,
  type TenantUpdateOutcome,
  toTenant,
} from '../tenants.js';

/** A row when the second tenant is the first one or below it (the subtree of the first). */
const IN_SUBTREE = `WITH RECURSIVE below(id) AS (
    SELECT id FROM tenants WHERE id = ? UNION SELECT t.id FROM tenants t JOIN below b ON t.parent_id = b.id)
  SELECT 1 AS n FROM below WHERE id = ?`;

export function sqliteTenants(db: Db): TenantStore {
  const list = db.prepare<[], TenantRow>(`${TENANT_SELECT} ORDER BY t.name`);
  const get = db.prepare<[number], TenantRow>(`${TENANT_SELECT} WHERE t.id = ?`);
  const byName = db.prepare<[string], TenantRow>(`${TENANT_SELECT} WHERE t.name = ?`);
  const insert = db.prepare<[string, number, number, number], { id: number }>(
    'INSERT INTO tenants (name, active, parent_id, last_updated) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING id',
  );
  const nameOwner = db.prepare<[string], { id: number }>('SELECT id FROM tenants WHERE name = ?');
  const inSubtree = db.prepare<[number, number], { n: number }>(IN_SUBTREE);
  const update = db.prepare<[string, number, number, number, number]>(
    'UPDATE tenants SET name = ?, active = ?, parent_id = ?, last_updated = ? WHERE id = ?',
  );
  const remove = db.prepare<[number]>('DELETE FROM tenants WHERE id = ?');
  const users = TENANT_DEPENDENTS.map(
    ([what, table, column]) =>
      [what, db.prepare<[number], { n: number }>(`SELECT 1 AS n FROM ${table} WHERE ${column} = ? LIMIT 1`)] as const,
  );
  const logged = loggedWrite(db);

  const updateTx = (id: number, f: TenantFields, now: number): TenantUpdateOutcome => {
    if (!get.get(id)) return 'missing';
    const owner = nameOwner.get(f.name);
    if (owner && owner.id !== id) return 'taken';
    if (inSubtree.get(id, f.parentId)) return 'cycle';
    update.run(f.name, f.active ? 1 : 0, f.parentId, now, id);
    return 'updated';
  };
  const removeTx = (id: number): TenantRemoveOutcome => {
    const row = get.get(id);
    if (!row) return { kind: 'missing' };
    for (const [what, used] of users) if (used.get(id)) return { kind: 'in-use', by: what };
    remove.run(id);
    return { kind: 'removed', name: row.name };
  };

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
    async insert(f, now, change) {
      return guardWrite(() => logged(() => insert.get(f.name, f.active ? 1 : 0, f.parentId, now)?.id ?? null, change));
    },
    async update(id, f, now, change) {
      return guardWrite(() => logged(() => updateTx(id, f, now), change));
    },
    async remove(id, change) {
      return guardWrite(() => logged(() => removeTx(id), change));
    },
  };
}
