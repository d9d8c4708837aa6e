import type { Db } from './sqlite/db.js';

/** A row of the type table. */
export interface TypeRow {
  id: number;
  name: string;
}

/** Finds a type of one table (`server`, `cachegroup`, `to_extension`, …) by id or by name. */
export interface TypeLookupStore {
  find(useInTable: string, ref: { id: number } | { name: string }): Promise<TypeRow | null>;
}

export function sqliteTypeLookup(db: Db): TypeLookupStore {
  const byId = db.prepare<[number, string], TypeRow>('SELECT id, name FROM types WHERE id = ? AND use_in_table = ?');
  const byName = db.prepare<[string, string], TypeRow>('SELECT id, name FROM types WHERE name = ? AND use_in_table = ?');
  return {
    async find(useInTable, ref) {
      return ('id' in ref ? byId.get(ref.id, useInTable) : byName.get(ref.name, useInTable)) ?? null;
    },
  };
}
