import { toRole, type RoleRow, type RoleStore } from '../roles.js';
import type { PgPool } from './pool.js';
import { statement } from './statement.js';

const list = statement<[], RoleRow>('roles_list', 'SELECT * FROM roles ORDER BY id');
const get = statement<[number], RoleRow>('roles_get', 'SELECT * FROM roles WHERE id = $1');
const byName = statement<[string], RoleRow>('roles_by_name', 'SELECT * FROM roles WHERE name = $1');

/** Roles on PostgreSQL. */
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
  };
}
