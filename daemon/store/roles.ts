import type { Db } from './sqlite/db.js';

/** A role with its privilege level. */
export interface Role {
  id: number;
  name: string;
  description: string;
  privLevel: number;
}

/** Read access to roles. */
export interface RoleStore {
  list(): Promise<Role[]>;
  get(id: number): Promise<Role | null>;
  byName(name: string): Promise<Role | null>;
}

/** A row of the roles table (shared with the PostgreSQL store). */
export interface RoleRow {
  id: number;
  name: string;
  description: string;
  priv_level: number;
}

export const toRole = (r: RoleRow): Role => ({ id: r.id, name: r.name, description: r.description, privLevel: r.priv_level });

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
