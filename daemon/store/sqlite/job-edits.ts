import { changeLog } from './change-log.js';
import { markRevalidation } from './server-flags.js';
import type { Statement } from 'better-sqlite3';
import type { Db } from './db.js';
import { guardWrite } from '../faults.js';
import type { JobChange, JobEditStore } from '../job-edits.js';

export function sqliteJobEdits<R, J>(db: Db, select: string, toJob: (row: R) => J): JobEditStore<J> {
  // One statement for every filter: an absent criterion is NULL and matches everything.
  const query = db.prepare<[QueryParams], R>(
    `${select}
     WHERE (@id IS NULL OR j.id = @id)
       AND (@keyword IS NULL OR j.keyword = @keyword)
       AND (@assetUrl IS NULL OR j.asset_url = @assetUrl)
       AND (@startTime IS NULL OR j.start_time = @startTime)
       AND (@userId IS NULL OR j.user_id = @userId)
       AND (@createdBy IS NULL OR u.username = @createdBy)
       AND (@deliveryService IS NULL OR ds.xml_id = @deliveryService)
       AND (@dsId IS NULL OR j.deliveryservice_id = @dsId)
       AND ds.tenant_id IN (SELECT value FROM json_each(@tenantIds))
     ORDER BY j.id`,
  );
  const byId = db.prepare<[number], R>(`${select} WHERE j.id = ?`);
  const sameAsset = db.prepare<[number, string], R>(
    `${select} WHERE j.deliveryservice_id = ? AND j.asset_url = ? ORDER BY j.id`,
  );
  return {
    ...sqliteJobWrites(db, byId, toJob),
    async query(f) {
      const rows = query.all({
        id: f.id ?? null,
        keyword: f.keyword ?? null,
        assetUrl: f.assetUrl ?? null,
        startTime: f.startTime ?? null,
        userId: f.userId ?? null,
        createdBy: f.createdBy ?? null,
        deliveryService: f.deliveryService ?? null,
        dsId: f.dsId ?? null,
        tenantIds: JSON.stringify([...f.tenantIds]),
      });
      return rows.map(toJob);
    },
    async byId(id) {
      const row = byId.get(id);
      return row ? toJob(row) : null;
    },
    async sameAsset(deliveryServiceId, assetUrl) {
      return sameAsset.all(deliveryServiceId, assetUrl).map(toJob);
    },
  };
}

/** PUT and DELETE jobs: each write raises reval_pending and appends its change-log entry in one transaction. */
function sqliteJobWrites<R, J>(
  db: Db,
  byId: Statement<[number], R>,
  toJob: (row: R) => J,
): Pick<JobEditStore<J>, 'reschedule' | 'remove'> {
  const update = db.prepare('UPDATE jobs SET asset_url = ?, ttl_hours = ?, start_time = ? WHERE id = ?');
  const remove = db.prepare('DELETE FROM jobs WHERE id = ?');
  // Issue 33: the cancel is kept, so the removal of the rule from the caches can be followed.
  const keepCancel = db.prepare(
    `INSERT INTO job_cancellations (job_id, deliveryservice_id, entered_time, cancelled_at)
     SELECT id, deliveryservice_id, entered_time, ? FROM jobs WHERE id = ?
     ON CONFLICT (job_id) DO UPDATE SET deliveryservice_id = excluded.deliveryservice_id,
       entered_time = excluded.entered_time, cancelled_at = excluded.cancelled_at`,
  );
  const jobDs = db.prepare<[number], { deliveryservice_id: number }>(
    'SELECT deliveryservice_id FROM jobs WHERE id = ?',
  );
  const revalidate = markRevalidation(db);
  const log = changeLog(db);
  const rescheduled = (id: number, change: JobChange, now: number): J | null => {
    if (update.run(change.assetUrl, change.ttlHours, change.startTime, id).changes === 0) return null;
    revalidate(jobDs.get(id)!.deliveryservice_id, now);
    return toJob(byId.get(id)!);
  };
  const removed = (id: number, now: number): J | null => {
    const row = byId.get(id);
    if (!row) return null;
    revalidate(jobDs.get(id)!.deliveryservice_id, now);
    keepCancel.run(now, id);
    remove.run(id);
    return toJob(row);
  };
  return {
    async reschedule(id, change, now, logged) {
      return guardWrite(
        db.transaction(() => {
          const job = rescheduled(id, change, now);
          log.record(logged, job);
          return job;
        }),
      );
    },
    async remove(id, now, change) {
      return guardWrite(
        db.transaction(() => {
          const job = removed(id, now);
          log.record(change, job);
          return job;
        }),
      );
    },
  };
}

interface QueryParams {
  id: number | null;
  keyword: string | null;
  assetUrl: string | null;
  startTime: number | null;
  userId: number | null;
  createdBy: string | null;
  deliveryService: string | null;
  dsId: number | null;
  tenantIds: string;
}
