/** One cache as a health monitor judged it: its host name and whether it is available (issue 35). */
export interface HealthEntry {
  hostName: string;
  available: boolean;
}

/**
 * What the health monitors publish (Traffic Monitor's CrStates, merged over the monitors): the availability of
 * each cache is kept on its server (`Server.available`, null until a monitor judged it).
 */
export interface CacheHealthStore {
  /**
   * Records `monitor`'s judgement of the named caches of the CDN (host names of other CDNs or of no server are
   * skipped), at `now`; answers the host names recorded, sorted.
   */
  report(cdnId: number, monitor: string, entries: HealthEntry[], now: number): Promise<string[]>;
  /**
   * Forgets the judgements made before `before` (no monitor has published them since: every monitor stopped);
   * those caches are unjudged again, as before any monitor ran. Answers how many were forgotten.
   */
  expire(before: number): Promise<number>;
}

/** The SQL that keeps one judgement (both dialects: named parameters are bound by each adapter). */
export const HEALTH_UPSERT = (p: { server: string; available: string; monitor: string; now: string }) =>
  `INSERT INTO cache_health (server_id, available, monitor, reported_at)
   VALUES (${p.server}, ${p.available}, ${p.monitor}, ${p.now})
   ON CONFLICT (server_id) DO UPDATE SET available = excluded.available, monitor = excluded.monitor,
     reported_at = excluded.reported_at`;

/**
 * A parent cache that the monitors report unavailable holds no child back (issue 35): the condition, on the
 * parent server aliased `alias`, that leaves it out of parent_pending / parent_reval_pending.
 */
export const PARENT_NOT_DOWN = (alias: string) =>
  `NOT EXISTS (SELECT 1 FROM cache_health h WHERE h.server_id = ${alias}.id AND h.available = 0)`;
