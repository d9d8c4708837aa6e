import type { Db } from './sqlite/db.js';

/** A cache group with its type, coordinates and parents joined in. */
export interface Cachegroup {
  id: number;
  name: string;
  shortName: string;
  typeId: number;
  typeName: string;
  latitude: number | null;
  longitude: number | null;
  parentCachegroupId: number | null;
  parentCachegroupName: string | null;
  secondaryParentCachegroupId: number | null;
  secondaryParentCachegroupName: string | null;
  lastUpdated: number;
}

/** Read access to cache groups (written by snapshot import). */
export interface CachegroupStore {
  list(filters: { id?: number; name?: string; type?: number }): Promise<Cachegroup[]>;
  byId(id: number): Promise<Cachegroup | null>;
}

export interface CachegroupRow {
  id: number;
  name: string;
  short_name: string;
  type_id: number;
  type_name: string;
  latitude: number | null;
  longitude: number | null;
  parent_cachegroup_id: number | null;
  parent_name: string | null;
  secondary_parent_cachegroup_id: number | null;
  secondary_name: string | null;
  last_updated: number;
}

export const toCachegroup = (r: CachegroupRow): Cachegroup => ({
  id: r.id,
  name: r.name,
  shortName: r.short_name,
  typeId: r.type_id,
  typeName: r.type_name,
  latitude: r.latitude,
  longitude: r.longitude,
  parentCachegroupId: r.parent_cachegroup_id,
  parentCachegroupName: r.parent_name,
  secondaryParentCachegroupId: r.secondary_parent_cachegroup_id,
  secondaryParentCachegroupName: r.secondary_name,
  lastUpdated: r.last_updated,
});

const SELECT = `SELECT cg.id, cg.name, cg.short_name, cg.type_id, ty.name AS type_name, co.latitude, co.longitude,
    cg.parent_cachegroup_id, p.name AS parent_name, cg.secondary_parent_cachegroup_id, sp.name AS secondary_name,
    cg.last_updated
  FROM cachegroups cg JOIN types ty ON ty.id = cg.type_id LEFT JOIN coordinates co ON co.id = cg.coordinate_id
  LEFT JOIN cachegroups p ON p.id = cg.parent_cachegroup_id LEFT JOIN cachegroups sp ON sp.id = cg.secondary_parent_cachegroup_id
  WHERE (@id IS NULL OR cg.id = @id) AND (@name IS NULL OR cg.name = @name) AND (@type IS NULL OR cg.type_id = @type)
  ORDER BY cg.name`;

type Params = { id: number | null; name: string | null; type: number | null };

export function sqliteCachegroups(db: Db): CachegroupStore {
  const list = db.prepare<[Params], CachegroupRow>(SELECT);
  return {
    async list(filters) {
      return list.all({ id: filters.id ?? null, name: filters.name ?? null, type: filters.type ?? null }).map(toCachegroup);
    },
    async byId(id) {
      const row = list.get({ id, name: null, type: null });
      return row ? toCachegroup(row) : null;
    },
  };
}
