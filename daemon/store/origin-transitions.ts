/*
 * Origin transitions (issue 32, finding 1): when a delivery service's primary origin moves, the previous origin
 * (its URL, as orgServerFqdn reads) is kept with the time it was left. The MIDs above the service's caches map it
 * beside the new one, so that an EDGE still on the old files is served whichever cache applies first. A transition
 * ends when every cache in service assigned to the delivery service (not OFFLINE, not PRE_PROD) has applied an
 * update it read after that time (servers.upd_applied_at); the MIDs drop the old origin at their next update.
 */

/** One previous origin of a delivery service still in transition. */
export interface OriginTransition {
  deliveryServiceId: number;
  /** The previous origin's URL: `<protocol>://<fqdn>[:<port>]`. */
  origin: string;
  /** When the delivery service left it (epoch ms). */
  changedAt: number;
}

export interface OriginTransitionStore {
  /** Records that the delivery service's primary origin moved away from `previous` at `at` (again: the later time). */
  begin(deliveryServiceId: number, previous: string, at: number): Promise<void>;
  /** The transitions of a CDN's delivery services, oldest first. */
  ofCdn(cdnId: number): Promise<OriginTransition[]>;
  /**
   * Ends every transition whose delivery service's caches in service have all applied an update read after it;
   * answers the transitions ended. Nothing is written when none has ended.
   */
  settle(): Promise<OriginTransition[]>;
}

export interface OriginTransitionRow {
  deliveryservice_id: number;
  origin: string;
  changed_at: number | string;
}

export const toOriginTransition = (r: OriginTransitionRow): OriginTransition => ({
  deliveryServiceId: Number(r.deliveryservice_id),
  origin: r.origin,
  changedAt: Number(r.changed_at),
});

/** The transitions every holder in service has applied (the same text on both stores). */
export const SETTLED_TRANSITIONS_SQL = `SELECT t.deliveryservice_id, t.origin, t.changed_at
   FROM ds_origin_transitions t
  WHERE NOT EXISTS (SELECT 1 FROM deliveryservice_servers l JOIN servers s ON s.id = l.server_id
                     WHERE l.deliveryservice_id = t.deliveryservice_id
                       AND s.status NOT IN ('OFFLINE', 'PRE_PROD')
                       AND coalesce(s.upd_applied_at, -1) <= t.changed_at)`;
