import type { Db } from './db.js';
import { type RoleRow, type RoleStore, toRole } from '../roles.js';

export function sqliteRoles(db: Db): RoleStore {
  const list = db.prepare<[], RoleRow>('SELECT * FROM roles ORDER BY id');
  const get = db.prepare<[number], RoleRow>('SELECT * FROM roles WHERE id = ?');
  const byName = db.prepare<[string], RoleRow>('SELECT * FROM roles WHERE name = ?');
  return {
    async list() {
      return list.all().map(toRole);
    },
    async get(id) {
      const row = get.get(id);
      return row ? toRole(row) : null;
    },
    async byName(name) {
      const row = byName.get(name);
      return row ? toRole(row) : null;
    },
  };
}
