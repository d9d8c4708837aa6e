import { loggedWrite } from './change-log.js';
import type { Db } from './db.js';
import { guardWrite } from '../faults.js';
import {
  RoleAbort,
  type Capability,
  type RoleFields,
  type RoleRow,
  type RoleStore,
  type RoleWriteOutcome,
  toRole,
} from '../roles.js';

function statements(db: Db) {
  return {
    list: db.prepare<[], RoleRow>('SELECT * FROM roles ORDER BY id'),
    get: db.prepare<[number], RoleRow>('SELECT * FROM roles WHERE id = ?'),
    byName: db.prepare<[string], RoleRow>('SELECT * FROM roles WHERE name = ?'),
    roleCaps: db.prepare<[], { role_id: number; capability: string }>(
      'SELECT role_id, capability FROM role_capabilities ORDER BY role_id, capability',
    ),
    caps: db.prepare<[], { name: string; description: string; last_updated: number }>(
      'SELECT * FROM capabilities ORDER BY name',
    ),
    capExists: db.prepare<[string], { n: number }>('SELECT 1 AS n FROM capabilities WHERE name = ?'),
    insertCap: db.prepare<[string, string, number]>(
      'INSERT INTO capabilities (name, description, last_updated) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
    ),
    insert: db.prepare<[string, string, number], { id: number }>(
      'INSERT INTO roles (name, description, priv_level) VALUES (?, ?, ?) ON CONFLICT DO NOTHING RETURNING id',
    ),
    update: db.prepare<[string, string, number, number]>(
      'UPDATE roles SET name = ?, description = ?, priv_level = ? WHERE id = ?',
    ),
    clearCaps: db.prepare<[number]>('DELETE FROM role_capabilities WHERE role_id = ?'),
    addCap: db.prepare<[number, string]>(
      'INSERT INTO role_capabilities (role_id, capability) VALUES (?, ?) ON CONFLICT DO NOTHING',
    ),
    users: db.prepare<[number], { n: number }>('SELECT count(*) AS n FROM users WHERE role_id = ?'),
    remove: db.prepare<[number]>('DELETE FROM roles WHERE id = ?'),
  };
}

/** The bodies of the role writes, each run in one logged transaction. */
function transactions(st: ReturnType<typeof statements>, logged: ReturnType<typeof loggedWrite>) {
  const setCaps = (id: number, caps: string[] | null) => {
    if (caps === null) return;
    const unknown = caps.filter((c) => !st.capExists.get(c));
    if (unknown.length > 0) throw new RoleAbort({ kind: 'unknown-capabilities', names: unknown });
    st.clearCaps.run(id);
    for (const c of caps) st.addCap.run(id, c);
  };
  const insertTx = (f: RoleFields): RoleWriteOutcome => {
    const row = st.insert.get(f.name, f.description, f.privLevel);
    if (!row) return { kind: 'taken' };
    setCaps(row.id, f.capabilities ?? []);
    return { kind: 'done', id: row.id };
  };
  const updateTx = (id: number, f: RoleFields): RoleWriteOutcome => {
    if (!st.get.get(id)) return { kind: 'missing' };
    const owner = st.byName.get(f.name);
    if (owner && owner.id !== id) return { kind: 'taken' };
    st.update.run(f.name, f.description, f.privLevel, id);
    setCaps(id, f.capabilities);
    return { kind: 'done', id };
  };
  const write = (run: () => RoleWriteOutcome, change: Parameters<RoleStore['insert']>[1]) => {
    try {
      return guardWrite(() => logged(run, change));
    } catch (err) {
      if (err instanceof RoleAbort) return err.outcome;
      throw err;
    }
  };
  const removeTx = (id: number): number | null => {
    if (!st.get.get(id)) return null;
    const users = st.users.get(id)!.n;
    if (users === 0) st.remove.run(id);
    return users;
  };
  return { write, removeTx, insertTx, updateTx };
}

export function sqliteRoles(db: Db): RoleStore {
  const st = statements(db);
  const logged = loggedWrite(db);
  const { write, removeTx, insertTx, updateTx } = transactions(st, logged);
  return {
    async list() {
      return st.list.all().map(toRole);
    },
    async get(id) {
      const row = st.get.get(id);
      return row ? toRole(row) : null;
    },
    async byName(name) {
      const row = st.byName.get(name);
      return row ? toRole(row) : null;
    },
    async capabilitiesByRole() {
      const map = new Map<number, string[]>();
      for (const r of st.roleCaps.all()) map.set(r.role_id, [...(map.get(r.role_id) ?? []), r.capability]);
      return map;
    },
    async capabilities(): Promise<Capability[]> {
      return st.caps.all().map((c) => ({ name: c.name, description: c.description, lastUpdated: c.last_updated }));
    },
    async insertCapability(c, change) {
      return guardWrite(() => logged(() => st.insertCap.run(c.name, c.description, c.lastUpdated).changes > 0, change));
    },
    async insert(f, change) {
      return write(() => insertTx(f), change);
    },
    async update(id, f, change) {
      return write(() => updateTx(id, f), change);
    },
    async remove(id, change) {
      return guardWrite(() => logged(() => removeTx(id), change));
    },
  };
}
