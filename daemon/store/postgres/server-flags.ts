import { recordChange } from './change-append.js';
import {
  agentErrorParam,
  allUpdateStatusesSql,
  checkInSql,
  raiseRevalSet,
  raiseUpdSet,
  toUpdateStatus,
  type ServerFlagStore,
  type UpdateStatusRow,
} from '../server-flags.js';
import { PARENT_NOT_DOWN } from '../cache-health.js';
import { loggedWritePg } from './change-append.js';
import type { PgClient, PgPool, PgQueryable } from './pool.js';
import { PG_LIST_WHERE, pgListParams, type PgListParams } from './servers.js';
import { statement } from './statement.js';
import { inTransaction } from './transaction.js';

/*
 * Several daemons write these flags at once: a purge on one, a queue on another, a cache's check-in on a third.
 * Every transition is one UPDATE whose new values are computed from the row as it is when the row is locked
 * (PostgreSQL re-reads a row a concurrent writer changed before it updates it), never read into the program and
 * written back. Writes that touch many servers lock them in id order, and a transaction locks every server row it
 * will write before its first write (which takes the servers' version row, by trigger, until it commits): writers
 * then wait for each other instead of deadlocking.
 */

/**
 * The one place a job reaches the caches (SQLite's markRevalidation): every EDGE/MID cache of the delivery
 * service's CDN that is not OFFLINE or PRE_PROD gets reval_pending. Rows already pending are written too (to the
 * same values): a check-in clearing the flag at this moment is waited for, and the flag is raised after it.
 */
const revalidateCdn = statement<[number, number]>(
  'server_flags_revalidate_cdn',
  `UPDATE servers SET ${raiseRevalSet('$1')}
    WHERE id IN (SELECT s.id FROM servers s
                  WHERE s.cdn_id = (SELECT cdn_id FROM deliveryservices WHERE id = $2)
                    AND s.status NOT IN ('OFFLINE', 'PRE_PROD')
                    AND s.type_id IN (SELECT id FROM types WHERE use_in_table = 'server'
                                                           AND (name ILIKE 'EDGE%' OR name ILIKE 'MID%'))
                  ORDER BY s.id FOR UPDATE)`,
);

/** Raises reval_pending for a job of `deliveryServiceId`, inside the transaction that writes the job. */
export function markRevalidationPg(client: PgClient, deliveryServiceId: number, now: number): Promise<number> {
  return revalidateCdn.run(client, now, deliveryServiceId);
}

// The matching servers, locked (id order) until the queue or dequeue commits, with what a change would touch.
const matching = statement<
  PgListParams,
  { id: number; host_name: string; upd_pending: number; upd_pending_since: number | null }
>(
  'server_flags_matching',
  `SELECT s.id, s.host_name, s.upd_pending, s.upd_pending_since
     FROM servers s JOIN types ty ON ty.id = s.type_id JOIN cachegroups cg ON cg.id = s.cachegroup_id ${PG_LIST_WHERE}
    ORDER BY s.id FOR UPDATE OF s`,
);
const raise = statement<[number[], number]>(
  'server_flags_raise',
  `UPDATE servers SET ${raiseUpdSet('$2')} WHERE id = ANY($1::integer[])`,
);
const lower = statement<[number[]]>(
  'server_flags_lower',
  `UPDATE servers SET upd_pending = 0, upd_pending_since = NULL
    WHERE (upd_pending <> 0 OR upd_pending_since IS NOT NULL) AND id = ANY($1::integer[])`,
);
// A status change that queues the children locks the server and those children first, in id order: every row it
// writes is held before its first write takes the servers' version row (a trigger's), so a check-in holding one of
// the children cannot wait for that version row while this waits for the child.
const lockFamily = statement<[number]>(
  'server_flags_lock_family',
  `SELECT c.id FROM servers c, (SELECT cdn_id, cachegroup_id FROM servers WHERE id = $1) me
    WHERE c.id = $1
       OR (c.cdn_id = me.cdn_id
           AND c.cachegroup_id IN (SELECT id FROM cachegroups WHERE me.cachegroup_id IN (parent_cachegroup_id, secondary_parent_cachegroup_id)))
    ORDER BY c.id FOR UPDATE OF c`,
);
const setStatus = statement<[string, string | null, number, number], { cachegroup_id: number }>(
  'server_flags_status',
  'UPDATE servers SET status = $1, offline_reason = $2, last_updated = $3 WHERE id = $4 RETURNING cachegroup_id',
);
const children = statement<[number, number, number]>(
  'server_flags_children',
  `UPDATE servers SET ${raiseUpdSet('$1')}
    WHERE id IN (SELECT c.id FROM servers c
                  WHERE c.cdn_id = (SELECT cdn_id FROM servers WHERE id = $2)
                    AND c.cachegroup_id IN (SELECT id FROM cachegroups WHERE $3 IN (parent_cachegroup_id, secondary_parent_cachegroup_id))
                  ORDER BY c.id FOR UPDATE)`,
);
const checkIn = statement<[number, number, number | null, number | null, number | null, string | null]>(
  'server_flags_check_in',
  checkInSql({
    now: '$1',
    id: '$2',
    upd: '$3::integer',
    reval: '$4::integer',
    started: '$5::bigint',
    error: '$6::text',
    least: 'LEAST',
    greatest: 'GREATEST',
  }),
);
// The server and its primary parent cache group's caches read in one statement, so from one snapshot; a parent the
// health monitors report unavailable is left out (issue 35).
const status = statement<PgListParams, UpdateStatusRow & { upd: number; reval: number }>(
  'server_flags_update_status',
  `SELECT s.id, s.host_name, s.status, s.upd_pending, s.reval_pending,
          coalesce(p.upd, 0) AS upd, coalesce(p.reval, 0) AS reval
     FROM servers s JOIN types ty ON ty.id = s.type_id JOIN cachegroups cg ON cg.id = s.cachegroup_id
     LEFT JOIN LATERAL (
       SELECT max(ps.upd_pending) AS upd, max(ps.reval_pending) AS reval
         FROM servers ps JOIN types pt ON pt.id = ps.type_id
        WHERE ps.cachegroup_id = cg.parent_cachegroup_id AND ps.cdn_id = s.cdn_id
          AND ps.status IN ('ONLINE', 'REPORTED', 'ADMIN_DOWN') AND (pt.name ILIKE 'EDGE%' OR pt.name ILIKE 'MID%')
          AND ${PARENT_NOT_DOWN('ps')}
     ) p ON true
   ${PG_LIST_WHERE}`,
);

const everyStatus = statement<[], UpdateStatusRow & { upd: number; reval: number }>(
  'server_flags_every_status',
  allUpdateStatusesSql('ILIKE'),
);

const flag = (v: boolean | undefined) => (v === undefined ? null : v ? 1 : 0);
/** Byte order, as SQLite's ORDER BY host_name gives the names. */
const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** Queues or dequeues the matching servers: every matching host name, and the ones whose flag it changed. */
async function setUpdPending(
  db: PgQueryable,
  params: PgListParams,
  pending: boolean,
  now: number,
): Promise<{ hosts: string[]; changed: string[] }> {
  const rows = await matching.all(db, ...params);
  const changing = rows.filter((r) =>
    pending ? r.upd_pending === 0 : r.upd_pending !== 0 || r.upd_pending_since !== null,
  );
  // A queue raises every matching server, those already pending too (the time of the last raise moves: issues
  // 32/33). A dequeue writes only the rows it changes, and no statement when none: one that changes nothing leaves
  // the servers' version, and so every cached answer derived from servers, as it was.
  if (pending && rows.length > 0)
    await raise.run(
      db,
      rows.map((r) => r.id),
      now,
    );
  if (!pending && changing.length > 0)
    await lower.run(
      db,
      changing.map((r) => r.id),
    );
  return { hosts: rows.map((r) => r.host_name).sort(byBytes), changed: changing.map((r) => r.host_name).sort(byBytes) };
}

export function pgServerFlags(pool: PgPool): ServerFlagStore {
  return {
    async setUpdPending(filters, visible, pending, now, change) {
      const params = pgListParams(filters, visible);
      return inTransaction(pool, async (client) => {
        const { hosts, changed } = await setUpdPending(client, params, pending, now);
        await recordChange(client, change, changed);
        return hosts;
      });
    },
    async setStatus(id, newStatus, offlineReason, queueChildren, now, change) {
      return inTransaction(pool, async (client) => {
        if (queueChildren) await lockFamily.run(client, id);
        const row = await setStatus.get(client, newStatus, offlineReason, now, id);
        if (queueChildren && row) await children.run(client, now, id, row.cachegroup_id);
        await recordChange(client, change, row !== undefined);
        return row !== undefined;
      });
    },
    async checkIn(id, report, now, change) {
      if (!change) {
        await checkIn.run(
          pool,
          now,
          id,
          flag(report.updated),
          flag(report.revalUpdated),
          report.revalStartedAt ?? null,
          agentErrorParam(report),
        );
        return;
      }
      await loggedWritePg(
        pool,
        (client) =>
          checkIn.run(
            client,
            now,
            id,
            flag(report.updated),
            flag(report.revalUpdated),
            report.revalStartedAt ?? null,
            agentErrorParam(report),
          ),
        change,
      );
    },
    async updateStatus(hostName, visible) {
      const row = await status.get(pool, ...pgListParams({ hostName }, visible));
      return row ? toUpdateStatus(row, row) : null;
    },
    async updateStatuses() {
      return (await everyStatus.all(pool)).map((row) => toUpdateStatus(row, row));
    },
  };
}
