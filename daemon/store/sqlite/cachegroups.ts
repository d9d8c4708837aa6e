import type { Db } from './db.js';
import { type CachegroupRow, type CachegroupStore, toCachegroup } from '../cachegroups.js';

export function sqliteCachegroups(db: Db): CachegroupStore {
  const list = db.prepare<[Params], CachegroupRow>(SELECT);
  return {
    async list(filters) {
      return list
        .all({ id: filters.id ?? null, name: filters.name ?? null, type: filters.type ?? null })
        .map(toCachegroup);
    },
    async byId(id) {
      const row = list.get({ id, name: null, type: null });
      return row ? toCachegroup(row) : null;
    },
  };
}

const SELECT = `SELECT cg.id, cg.name, cg.short_name, cg.type_id, ty.name AS type_name, co.latitude, co.longitude,
    cg.parent_cachegroup_id, p.name AS parent_name, cg.secondary_parent_cachegroup_id, sp.name AS secondary_name,
    cg.last_updated
  FROM cachegroups cg JOIN types ty ON ty.id = cg.type_id LEFT JOIN coordinates co ON co.id = cg.coordinate_id
  LEFT JOIN cachegroups p ON p.id = cg.parent_cachegroup_id LEFT JOIN cachegroups sp ON sp.id = cg.secondary_parent_cachegroup_id
  WHERE (@id IS NULL OR cg.id = @id) AND (@name IS NULL OR cg.name = @name) AND (@type IS NULL OR cg.type_id = @type)
  ORDER BY cg.name`;

type Params = { id: number | null; name: string | null; type: number | null };
