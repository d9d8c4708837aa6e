import type { Db } from './db.js';
import type { TypeLookupStore, TypeRow } from '../type-lookup.js';

export function sqliteTypeLookup(db: Db): TypeLookupStore {
  const byId = db.prepare<[number, string], TypeRow>('SELECT id, name FROM types WHERE id = ? AND use_in_table = ?');
  const byName = db.prepare<[string, string], TypeRow>(
    'SELECT id, name FROM types WHERE name = ? AND use_in_table = ?',
  );
  return {
    async find(useInTable, ref) {
      return ('id' in ref ? byId.get(ref.id, useInTable) : byName.get(ref.name, useInTable)) ?? null;
    },
  };
}
