import { changeLog, loggedWrite } from './change-log.js';
import type { Db } from './db.js';
import { guardWrite } from '../faults.js';
import { LIST_WHERE, listParams, type ListParams } from '../servers.js';
import {
  REVALIDATE_CDN_SQL,
  agentErrorParam,
  allUpdateStatusesSql,
  checkInSql,
  raiseUpdSet,
  type CheckIn,
  type ServerFlagStore,
  type UpdateStatusRow,
  toUpdateStatus,
} from '../server-flags.js';
import { PARENT_NOT_DOWN } from '../cache-health.js';

/**
 * The one place a job reaches the caches: every EDGE/MID cache of the delivery service's CDN that is not
 * OFFLINE or PRE_PROD gets reval_pending, as Traffic Ops did with use_reval_pending on. Answers a function to run
 * inside the transaction that writes the job (creating, changing or deleting one).
 */
export function markRevalidation(db: Db): (deliveryServiceId: number, now: number) => number {
  const statement = db.prepare<[{ now: number; ds: number }]>(REVALIDATE_CDN_SQL);
  return (deliveryServiceId, now) => statement.run({ now, ds: deliveryServiceId }).changes;
}

/** A check-in (checkInSql): the flags sent, the time, and when the reported pass read update_status. */
const CHECK_IN = checkInSql({
  now: '@now',
  id: '@id',
  upd: '@upd',
  reval: '@reval',
  started: '@started',
  error: '@error',
  least: 'min',
  greatest: 'max',
});

const flagOf = (v: boolean | undefined) => (v === undefined ? null : v ? 1 : 0);
const checkInFlags = (report: CheckIn) => ({ upd: flagOf(report.updated), reval: flagOf(report.revalUpdated) });

export function sqliteServerFlags(db: Db): ServerFlagStore {
  const matching = `SELECT s.id FROM servers s JOIN types ty ON ty.id = s.type_id JOIN cachegroups cg ON cg.id = s.cachegroup_id ${LIST_WHERE}`;
  const names = db
    .prepare<[ListParams], string>(
      `SELECT s.host_name FROM servers s JOIN types ty ON ty.id = s.type_id
      JOIN cachegroups cg ON cg.id = s.cachegroup_id ${LIST_WHERE} ORDER BY s.host_name`,
    )
    .pluck();
  const raise = db
    .prepare<[ListParams & { now: number }], string>(
      `UPDATE servers SET ${raiseUpdSet('@now')} WHERE upd_pending = 0 AND id IN (${matching}) RETURNING host_name`,
    )
    .pluck();
  // A queue of servers already pending raises them again: only the time of the last raise changes (issues 32/33).
  const again = db.prepare<[ListParams & { now: number }]>(
    `UPDATE servers SET upd_raised_at = @now WHERE upd_pending = 1 AND id IN (${matching})`,
  );
  // Only the rows that change are written: a dequeue that changes nothing leaves the servers' version, and so every
  // cached answer derived from servers, as it was.
  const lower = db
    .prepare<[ListParams], string>(
      `UPDATE servers SET upd_pending = 0, upd_pending_since = NULL
      WHERE (upd_pending <> 0 OR upd_pending_since IS NOT NULL) AND id IN (${matching}) RETURNING host_name`,
    )
    .pluck();
  const status = db.prepare<[string, string | null, number, number]>(
    'UPDATE servers SET status = ?, offline_reason = ?, last_updated = ? WHERE id = ?',
  );
  const children = db.prepare<[{ now: number; id: number; cg: number }]>(
    `UPDATE servers SET ${raiseUpdSet('@now')}
      WHERE cdn_id = (SELECT cdn_id FROM servers WHERE id = @id)
        AND cachegroup_id IN (SELECT id FROM cachegroups WHERE @cg IN (parent_cachegroup_id, secondary_parent_cachegroup_id))`,
  );
  const cachegroupOf = db.prepare<[number], number>('SELECT cachegroup_id FROM servers WHERE id = ?').pluck();
  const checkIn = db.prepare(CHECK_IN);
  const self = db.prepare<[ListParams], UpdateStatusRow & { cdn_id: number; parent: number | null }>(
    `SELECT s.id, s.host_name, s.status, s.upd_pending, s.reval_pending, s.cdn_id, cg.parent_cachegroup_id AS parent
       FROM servers s JOIN types ty ON ty.id = s.type_id JOIN cachegroups cg ON cg.id = s.cachegroup_id ${LIST_WHERE}`,
  );
  const parents = db.prepare<[number, number], { upd: number; reval: number }>(PARENT_FLAGS);
  const everyStatus = db.prepare<[], UpdateStatusRow & { upd: number; reval: number }>(allUpdateStatusesSql('LIKE'));
  const logged = loggedWrite(db);
  const log = changeLog(db);
  return {
    async setUpdPending(filters, visible, pending, now, change) {
      const params = listParams(filters, visible);
      return guardWrite(() =>
        db
          .transaction(() => {
            const hosts = names.all(params);
            const changed = pending ? raise.all({ ...params, now }) : lower.all(params);
            if (pending) again.run({ ...params, now });
            log.record(change, changed.sort());
            return hosts;
          })
          .immediate(),
      );
    },
    async setStatus(id, newStatus, offlineReason, queueChildren, now, change) {
      return guardWrite(() =>
        db
          .transaction(() => {
            const found = status.run(newStatus, offlineReason, now, id).changes > 0;
            const cg = cachegroupOf.get(id);
            if (queueChildren && cg !== undefined) children.run({ now, id, cg });
            log.record(change, found);
            return found;
          })
          .immediate(),
      );
    },
    async checkIn(id, report, now, change) {
      const started = report.revalStartedAt ?? null;
      const write = () => checkIn.run({ now, id, ...checkInFlags(report), started, error: agentErrorParam(report) });
      guardWrite(() => (change ? logged(write, change) : write()));
    },
    async updateStatus(hostName, visible) {
      const row = self.get(listParams({ hostName }, visible));
      if (!row) return null;
      const p = row.parent === null ? { upd: 0, reval: 0 } : parents.get(row.parent, row.cdn_id)!;
      return toUpdateStatus(row, p);
    },
    async updateStatuses() {
      return everyStatus.all().map((row) => toUpdateStatus(row, row));
    },
  };
}

// A parent server counts while it is polled or in service, and is a cache (Traffic Ops' rule, primary parent only),
// unless the health monitors report it unavailable (issue 35: a child never waits for a parent that is down).
const PARENT_FLAGS = `SELECT coalesce(max(p.upd_pending), 0) AS upd, coalesce(max(p.reval_pending), 0) AS reval
  FROM servers p JOIN types pt ON pt.id = p.type_id
 WHERE p.cachegroup_id = ? AND p.cdn_id = ? AND p.status IN ('ONLINE', 'REPORTED', 'ADMIN_DOWN')
   AND (pt.name LIKE 'EDGE%' OR pt.name LIKE 'MID%') AND ${PARENT_NOT_DOWN('p')}`;
