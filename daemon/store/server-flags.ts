import { type Change, type ChangeEntry } from './change-log.js';
import { type ServerFilters, type ServerVisibility } from './servers.js';

/** What a check-in reports: each flag's new value, or undefined to leave it as it is. */
export interface CheckIn {
  updated?: boolean;
  revalUpdated?: boolean;
  /**
   * When the revalidation pass being reported read what it applied (epoch ms, the daemon's clock as the cache saw
   * it); absent: now. A cache has applied every job entered at or before the latest such start (issue 33).
   */
  revalStartedAt?: number;
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

/** Raises reval_pending on a CDN's caches the way a purge job does (see markRevalidation). */
export const REVALIDATE_CDN_SQL = `UPDATE servers
   SET reval_pending_since = CASE WHEN reval_pending = 1 THEN reval_pending_since ELSE ? END, reval_pending = 1
 WHERE cdn_id = (SELECT cdn_id FROM deliveryservices WHERE id = ?) AND status NOT IN ('OFFLINE', 'PRE_PROD')
   AND type_id IN (SELECT id FROM types WHERE use_in_table = 'server' AND (name LIKE 'EDGE%' OR name LIKE 'MID%'))`;
