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

export const toRole = (r: RoleRow): Role => ({
  id: r.id,
  name: r.name,
  description: r.description,
  privLevel: r.priv_level,
});
