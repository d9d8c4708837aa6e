import { PARENT_NOT_DOWN } from './cache-health.js';
import { type Change, type ChangeEntry } from './change-log.js';
import { type ServerFilters, type ServerVisibility } from './servers.js';

/** What a check-in reports: each flag's new value, or undefined to leave it as it is. */
export interface CheckIn {
  updated?: boolean;
  revalUpdated?: boolean;
  /**
   * When the pass being reported read update_status (epoch ms, the daemon's clock as the cache saw it; the
   * `reval_started` field); absent: now, and the check-in lowers what it says as Traffic Ops did. A cache has
   * applied every job entered before the latest such start (issue 33), and a flag raised at or after it stays
   * pending through this check-in (issues 32/33: a purge or queue entered during the pass is not lost).
   */
  revalStartedAt?: number;
  /**
   * Why the cache's agent could not apply what it was sent (the `agent_error` field, cdnctl's; ORT never sends it):
   * undefined leaves the recorded reason, null clears it (the agent applied), a text records it with the time.
   */
  agentError?: string | null;
}

/** A cache's flags as `update_status` answers them. */
export interface UpdateStatus {
  hostName: string;
  hostId: number;
  status: string;
  updPending: boolean;
  revalPending: boolean;
  parentPending: boolean;
  parentRevalPending: boolean;
}

/** The pending flags: queued updates, revalidations, check-ins and status changes (BEHAVIOR.md "Caches"). */
export interface ServerFlagStore {
  /**
   * Sets or clears upd_pending on the matching visible servers; answers their host names. `change` is appended
   * to the change log in the same transaction; a function gets the host names whose flag this changed (none: a
   * queue or dequeue that changed nothing, which a function should answer null to, logging nothing).
   */
  setUpdPending(
    filters: ServerFilters,
    visible: ServerVisibility,
    pending: boolean,
    now: number,
    change?: Change<string[]>,
  ): Promise<string[]>;
  /**
   * Sets a server's status and offline reason; with `queueChildren`, also queues updates on the servers of the
   * same CDN whose cache group has this server's cache group as its parent or secondary parent. Answers whether
   * the server exists; `change` (of that answer) is appended in the same transaction.
   */
  setStatus(
    id: number,
    status: string,
    offlineReason: string | null,
    queueChildren: boolean,
    now: number,
    change?: Change<boolean>,
  ): Promise<boolean>;
  /**
   * Records a check-in: only the flags sent change; the time is always recorded. `change`, when given, goes to
   * the change log in the same transaction (a check-in by an admin rather than by the cache's agent).
   */
  checkIn(id: number, report: CheckIn, now: number, change?: ChangeEntry): Promise<void>;
  updateStatus(hostName: string, visible: ServerVisibility): Promise<UpdateStatus | null>;
  /**
   * Every server's update status in one statement, whatever the caller sees (issue 32: the update-status watch
   * re-reads them all once per change round, never once per waiting cache); each as updateStatus answers it.
   */
  updateStatuses(): Promise<UpdateStatus[]>;
}

/** A server's own flags as update_status reads them, and its primary parent cache group's (max over its caches). */
export interface UpdateStatusRow {
  id: number;
  host_name: string;
  status: string;
  upd_pending: number;
  reval_pending: number;
}

export const toUpdateStatus = (row: UpdateStatusRow, parents: { upd: number; reval: number }): UpdateStatus => ({
  hostName: row.host_name,
  hostId: row.id,
  status: row.status,
  updPending: row.upd_pending === 1,
  revalPending: row.reval_pending === 1,
  parentPending: parents.upd === 1,
  parentRevalPending: parents.reval === 1,
});

/**
 * Every server's own flags and its primary parent cache group's (the same rule as update_status: a parent cache
 * counts while polled or in service, and is an EDGE or MID), in one statement. `like` is the adapter's
 * case-insensitive LIKE (SQLite's LIKE, PostgreSQL's ILIKE).
 */
export const allUpdateStatusesSql = (like: 'LIKE' | 'ILIKE'): string =>
  `SELECT s.id, s.host_name, s.status, s.upd_pending, s.reval_pending,
          coalesce(p.upd, 0) AS upd, coalesce(p.reval, 0) AS reval
     FROM servers s JOIN cachegroups cg ON cg.id = s.cachegroup_id
     LEFT JOIN (SELECT ps.cachegroup_id, ps.cdn_id, max(ps.upd_pending) AS upd, max(ps.reval_pending) AS reval
                  FROM servers ps JOIN types pt ON pt.id = ps.type_id
                 WHERE ps.status IN ('ONLINE', 'REPORTED', 'ADMIN_DOWN')
                   AND (pt.name ${like} 'EDGE%' OR pt.name ${like} 'MID%') AND ${PARENT_NOT_DOWN('ps')}
                 GROUP BY ps.cachegroup_id, ps.cdn_id) p
       ON p.cachegroup_id = cg.parent_cachegroup_id AND p.cdn_id = s.cdn_id`;

/**
 * The SET list of every raise of upd_pending (issues 32/33): the flag goes up, keeps the time it first went up, and
 * records this raise's time even when it was up already, so that a check-in whose pass read before this raise
 * does not lower it. `now` is the SQL placeholder of the raise's time (used twice).
 */
export const raiseUpdSet = (now: string): string =>
  `upd_pending_since = CASE WHEN upd_pending = 1 THEN upd_pending_since ELSE ${now} END, upd_pending = 1, upd_raised_at = ${now}`;

/** The SET list of every raise of reval_pending (see raiseUpdSet). */
export const raiseRevalSet = (now: string): string =>
  `reval_pending_since = CASE WHEN reval_pending = 1 THEN reval_pending_since ELSE ${now} END, reval_pending = 1, reval_raised_at = ${now}`;

/** Raises reval_pending on a CDN's caches the way a purge job does (see markRevalidation): @now, @ds. */
export const REVALIDATE_CDN_SQL = `UPDATE servers SET ${raiseRevalSet('@now')}
 WHERE cdn_id = (SELECT cdn_id FROM deliveryservices WHERE id = @ds) AND status NOT IN ('OFFLINE', 'PRE_PROD')
   AND type_id IN (SELECT id FROM types WHERE use_in_table = 'server' AND (name LIKE 'EDGE%' OR name LIKE 'MID%'))`;

/** How an adapter spells a check-in's parameters and its two-argument min and max. */
export interface CheckInSqlParts {
  now: string;
  id: string;
  upd: string;
  reval: string;
  started: string;
  /** The agent's failure reason: SQL NULL leaves it, '' clears it, a text records it (issue 32). */
  error: string;
  least: string;
  greatest: string;
}

/**
 * The check-in of both adapters. A flag sent true is (kept) up; a flag sent false goes down when the check-in
 * carries no read time (Traffic Ops' behaviour, ORT) or when its pass read after the flag's last raise; a raise in
 * the read's own millisecond may have come after the read, so it stays up (issues 32/33), `*_since` with it.
 * reval_applied_at moves only forward, to the pass's read time, even when a newer raise keeps reval_pending up:
 * the jobs entered before the read were applied (issue 33). upd_applied_at moves to the read time when a check-in
 * lowers upd_pending: the cache has applied the files of that read (issue 32).
 */
export function checkInSql(p: CheckInSqlParts): string {
  const read = `${p.least}(${p.started}, ${p.now})`;
  const sets = (flag: 'upd' | 'reval', sent: string) => {
    const lowers = `(${p.started} IS NULL OR coalesce(${flag}_raised_at, -1) < ${read})`;
    return `${flag}_pending = CASE WHEN ${sent} IS NULL THEN ${flag}_pending WHEN ${sent} = 1 THEN 1
                         WHEN ${lowers} THEN 0 ELSE ${flag}_pending END,
     ${flag}_pending_since = CASE WHEN ${sent} IS NULL THEN ${flag}_pending_since
                         WHEN ${sent} = 1 THEN coalesce(${flag}_pending_since, ${p.now})
                         WHEN ${lowers} THEN NULL ELSE ${flag}_pending_since END,
     ${flag}_raised_at = CASE WHEN ${sent} = 1 AND ${flag}_pending = 0 THEN ${p.now} ELSE ${flag}_raised_at END`;
  };
  // A syncds pass that cleared a queued update applied the files of its read (issue 32: origin transitions).
  const updApplied = `upd_applied_at = CASE WHEN ${p.upd} = 0 AND upd_pending = 1
       AND (${p.started} IS NULL OR coalesce(upd_raised_at, -1) < ${read})
       THEN ${p.greatest}(coalesce(upd_applied_at, -1), ${p.least}(coalesce(${p.started}, ${p.now}), ${p.now}))
       ELSE upd_applied_at END`;
  return `UPDATE servers SET last_check_in = ${p.now},
     ${updApplied},
     ${sets('upd', p.upd)},
     ${sets('reval', p.reval)},
     reval_applied_at = CASE WHEN ${p.reval} = 0
       THEN ${p.greatest}(coalesce(reval_applied_at, -1), ${p.least}(coalesce(${p.started}, ${p.now}), ${p.now}))
       ELSE reval_applied_at END,
     agent_error = CASE WHEN ${p.error} IS NULL THEN agent_error WHEN ${p.error} = '' THEN NULL ELSE ${p.error} END,
     agent_error_at = CASE WHEN ${p.error} IS NULL THEN agent_error_at WHEN ${p.error} = '' THEN NULL
       ELSE ${p.now} END
   WHERE id = ${p.id}`;
}

/** checkInSql's `error` parameter for a check-in: null leaves the reason, '' clears it, a text records it. */
export const agentErrorParam = (report: CheckIn): string | null =>
  report.agentError === undefined ? null : (report.agentError ?? '');
