import { RoleAbort, toRole, type RoleFields, type RoleRow, type RoleStore, type RoleWriteOutcome } from '../roles.js';
import { loggedWritePg } from './change-append.js';
import type { PgClient, PgPool } from './pool.js';
import { statement } from './statement.js';

const list = statement<[], RoleRow>('roles_list', 'SELECT * FROM roles ORDER BY id');
const get = statement<[number], RoleRow>('roles_get', 'SELECT * FROM roles WHERE id = $1');
const byName = statement<[string], RoleRow>('roles_by_name', 'SELECT * FROM roles WHERE name = $1');
const roleCaps = statement<[], { role_id: number; capability: string }>(
  'roles_caps',
  'SELECT role_id, capability FROM role_capabilities ORDER BY role_id, capability COLLATE "C"',
);
const caps = statement<[], { name: string; description: string; last_updated: string }>(
  'roles_all_caps',
  'SELECT * FROM capabilities ORDER BY name COLLATE "C"',
);
const capExists = statement<[string], { n: number }>(
  'roles_cap_exists',
  'SELECT 1 AS n FROM capabilities WHERE name = $1 FOR KEY SHARE',
);
const insertCap = statement<[string, string, number]>(
  'roles_insert_cap',
  'INSERT INTO capabilities (name, description, last_updated) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
);
const insert = statement<[string, string, number], { id: number }>(
  'roles_insert',
  'INSERT INTO roles (name, description, priv_level) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING id',
);
const lock = statement<[number], { id: number }>('roles_lock', 'SELECT id FROM roles WHERE id = $1::bigint FOR UPDATE');
const update = statement<[string, string, number, number]>(
  'roles_update',
  'UPDATE roles SET name = $1, description = $2, priv_level = $3 WHERE id = $4',
);
const clearCaps = statement<[number]>('roles_clear_caps', 'DELETE FROM role_capabilities WHERE role_id = $1');
const addCap = statement<[number, string]>(
  'roles_add_cap',
  'INSERT INTO role_capabilities (role_id, capability) VALUES ($1, $2) ON CONFLICT DO NOTHING',
);
const users = statement<[number], { n: string }>('roles_users', 'SELECT count(*) AS n FROM users WHERE role_id = $1');
const remove = statement<[number]>('roles_remove', 'DELETE FROM roles WHERE id = $1');

async function setCaps(c: PgClient, id: number, names: string[] | null) {
  if (names === null) return;
  const unknown: string[] = [];
  for (const n of names) if (!(await capExists.get(c, n))) unknown.push(n);
  if (unknown.length > 0) throw new RoleAbort({ kind: 'unknown-capabilities', names: unknown });
  await clearCaps.run(c, id);
  for (const n of names) await addCap.run(c, id, n);
}

async function insertOne(c: PgClient, f: RoleFields): Promise<RoleWriteOutcome> {
  const row = await insert.get(c, f.name, f.description, f.privLevel);
  if (!row) return { kind: 'taken' };
  await setCaps(c, row.id, f.capabilities ?? []);
  return { kind: 'done', id: row.id };
}

async function updateOne(c: PgClient, id: number, f: RoleFields): Promise<RoleWriteOutcome> {
  if (!(await lock.get(c, id))) return { kind: 'missing' };
  const owner = await byName.get(c, f.name);
  if (owner && owner.id !== id) return { kind: 'taken' };
  await update.run(c, f.name, f.description, f.privLevel, id);
  await setCaps(c, id, f.capabilities);
  return { kind: 'done', id };
}

async function removeOne(c: PgClient, id: number): Promise<number | null> {
  if (!(await lock.get(c, id))) return null;
  const n = Number((await users.get(c, id))!.n);
  if (n === 0) await remove.run(c, id);
  return n;
}

async function caught(run: () => Promise<RoleWriteOutcome>): Promise<RoleWriteOutcome> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof RoleAbort) return err.outcome;
    throw err;
  }
}

/** Roles on PostgreSQL: the same answers as sqliteRoles. */
export function pgRoles(pool: PgPool): RoleStore {
  return {
    async list() {
      return (await list.all(pool)).map(toRole);
    },
    async get(id) {
      const row = await get.get(pool, id);
      return row ? toRole(row) : null;
    },
    async byName(name) {
      const row = await byName.get(pool, name);
      return row ? toRole(row) : null;
    },
    async capabilitiesByRole() {
      const map = new Map<number, string[]>();
      for (const r of await roleCaps.all(pool)) map.set(r.role_id, [...(map.get(r.role_id) ?? []), r.capability]);
      return map;
    },
    async capabilities() {
      return (await caps.all(pool)).map((c) => ({
        name: c.name,
        description: c.description,
        lastUpdated: Number(c.last_updated),
      }));
    },
    async insertCapability(cap, change) {
      return loggedWritePg(
        pool,
        async (c) => (await insertCap.run(c, cap.name, cap.description, cap.lastUpdated)) > 0,
        change,
      );
    },
    async insert(f, change) {
      return caught(() => loggedWritePg(pool, (c) => insertOne(c, f), change));
    },
    async update(id, f, change) {
      return caught(() => loggedWritePg(pool, (c) => updateOne(c, id, f), change));
    },
    async remove(id, change) {
      return loggedWritePg(pool, (c) => removeOne(c, id), change);
    },
  };
}
