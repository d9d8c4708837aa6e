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
