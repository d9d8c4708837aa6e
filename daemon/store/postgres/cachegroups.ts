import { toCachegroup, type CachegroupRow, type CachegroupStore } from '../cachegroups.js';
import type { PgPool } from './pool.js';
import { statement } from './statement.js';

// Names sort by bytes (COLLATE "C"), as SQLite's ORDER BY cg.name does.
const list = statement<[number | null, string | null, number | null], CachegroupRow>(
  'cachegroups_list',
  `SELECT cg.id, cg.name, cg.short_name, cg.type_id, ty.name AS type_name, co.latitude, co.longitude,
      cg.parent_cachegroup_id, p.name AS parent_name, cg.secondary_parent_cachegroup_id, sp.name AS secondary_name,
      cg.last_updated
     FROM cachegroups cg JOIN types ty ON ty.id = cg.type_id LEFT JOIN coordinates co ON co.id = cg.coordinate_id
     LEFT JOIN cachegroups p ON p.id = cg.parent_cachegroup_id LEFT JOIN cachegroups sp ON sp.id = cg.secondary_parent_cachegroup_id
    WHERE ($1::integer IS NULL OR cg.id = $1) AND ($2::text IS NULL OR cg.name = $2) AND ($3::integer IS NULL OR cg.type_id = $3)
    ORDER BY cg.name COLLATE "C"`,
);

/** Cache groups on PostgreSQL (read only, like SQLite's: snapshot import writes them). */
export function pgCachegroups(pool: PgPool): CachegroupStore {
  return {
    async list(filters) {
      return (await list.all(pool, filters.id ?? null, filters.name ?? null, filters.type ?? null)).map(toCachegroup);
    },
    async byId(id) {
      const row = await list.get(pool, id, null, null);
      return row ? toCachegroup(row) : null;
    },
  };
}
