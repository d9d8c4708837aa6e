import type { TypeLookupStore, TypeRow } from '../type-lookup.js';
import type { PgPool } from './pool.js';
import { statement } from './statement.js';

const byId = statement<[number, string], TypeRow>(
  'types_find_by_id',
  'SELECT id, name FROM types WHERE id = $1::bigint AND use_in_table = $2',
);
const byName = statement<[string, string], TypeRow>(
  'types_find_by_name',
  'SELECT id, name FROM types WHERE name = $1 AND use_in_table = $2',
);

/** Type lookups on PostgreSQL: the same answers as sqliteTypeLookup. */
export function pgTypeLookup(pool: PgPool): TypeLookupStore {
  return {
    async find(useInTable, ref) {
      const row = 'id' in ref ? await byId.get(pool, ref.id, useInTable) : await byName.get(pool, ref.name, useInTable);
      return row ?? null;
    },
  };
}
