/*
 * The live CDN map (issue 33, "Beyond the anchors"): GET caches/events, cdnctl's own route. As JSON it answers the
 * map as it is now; as `text/event-stream` it sends the map once (`snapshot`) and then only what changed
 * (`change`). The portal's map page and the Ink `caches` screen read it; field names follow the API's.
 */
import {
  bool,
  int,
  nullableBool,
  list,
  nullableInt,
  nullableText,
  num,
  record,
  text,
  textList,
  type FromSchema,
} from './schema.js';

/** A cache group of the map: its tier (`MID`, `EDGE`, or its type's name otherwise) and its parent's id. */
export const mapCachegroupSchema = record({
  id: int,
  name: text,
  typeName: text,
  tier: text,
  parentCachegroupId: nullableInt,
});
export type MapCachegroup = FromSchema<typeof mapCachegroupSchema>;

/**
 * A cache of the map: `health` is `down`, `failing`, `overdue`, `pending` or `current` (shared/rules/cache-health.ts);
 * `isAvailable` the health monitors' verdict (null before any monitor judged it);
 * `pendingJobs` the map's jobs it has not applied yet; `failingChecks` the names of its failed checks.
 */
export const mapCacheSchema = record({
  id: int,
  hostName: text,
  cachegroupId: int,
  cdnName: text,
  type: text,
  status: text,
  updPending: bool,
  revalPending: bool,
  lastCheckIn: nullableText,
  isAvailable: nullableBool,
  health: text,
  failingChecks: textList,
  pendingJobs: list(int),
});
export type MapCache = FromSchema<typeof mapCacheSchema>;

/** A purge of the last day that is still in force: how many caches of each tier have applied it. */
export const mapJobSchema = record({
  id: int,
  deliveryService: text,
  cdnName: text,
  assetUrl: text,
  enteredTime: text,
  tiers: list(record({ tier: text, total: int, applied: int })),
  complete: bool,
});
export type MapJob = FromSchema<typeof mapJobSchema>;

/** The whole map as the caller may see it (the servers list's tenancy), at `generatedAt`. */
export const cacheMapSchema = record({
  generatedAt: text,
  checkInIntervalMinutes: num,
  cachegroups: list(mapCachegroupSchema),
  caches: list(mapCacheSchema),
  jobs: list(mapJobSchema),
});
export type CacheMap = FromSchema<typeof cacheMapSchema>;

/**
 * One `change` event: the caches and jobs that changed or appeared, the ids of those gone, and the cache groups
 * when any changed (the whole list, it is short).
 */
export interface CacheMapChange {
  generatedAt: string;
  caches: MapCache[];
  removedCaches: number[];
  jobs: MapJob[];
  removedJobs: number[];
  cachegroups?: MapCachegroup[];
}

/** Applies a `change` event to a map (the portal and the Ink screen keep their map this way). */
export function applyMapChange(map: CacheMap, change: CacheMapChange): CacheMap {
  const merge = <T extends { id: number }>(old: T[], changed: T[], removed: number[]) => {
    const byId = new Map(old.map((x) => [x.id, x]));
    for (const id of removed) byId.delete(id);
    for (const x of changed) byId.set(x.id, x);
    return [...byId.values()];
  };
  return {
    ...map,
    generatedAt: change.generatedAt,
    cachegroups: change.cachegroups ?? map.cachegroups,
    caches: merge(map.caches, change.caches, change.removedCaches).sort((a, b) => a.hostName.localeCompare(b.hostName)),
    jobs: merge(map.jobs, change.jobs, change.removedJobs).sort((a, b) => b.id - a.id),
  };
}
