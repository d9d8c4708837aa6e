import { changeLog } from './change-log.js';
import type { Db } from './db.js';
import { sqliteJobEdits } from './job-edits.js';
import { markRevalidation } from './server-flags.js';
import { writeBatcher } from './write-batch.js';
import { JOB_QUERIES, JOB_SELECT, type JobRow, type JobStore, toJob } from '../jobs.js';

export function sqliteJobs(db: Db): JobStore {
  const insert = db.prepare(
    `INSERT INTO jobs (keyword, asset_url, asset_type, status, ttl_hours, start_time, entered_time, user_id,
                       deliveryservice_id, agent)
     VALUES ('PURGE', ?, 'file', 'PENDING', ?, ?, ?, ?, ?, 'dummy')`,
  );
  const byId = db.prepare<[number | bigint], JobRow>(`${JOB_SELECT} WHERE j.id = ?`);
  const batched = writeBatcher(db);
  const revalidate = markRevalidation(db);
  const log = changeLog(db);
  const list = db.prepare<[number, string], JobRow>(JOB_QUERIES.listForUser);
  const listByKeyword = db.prepare<[number, string, string], JobRow>(JOB_QUERIES.listForUserByKeyword);
  const running = db.prepare<[number, number, number], { asset_url: string; start_time: number; ttl_hours: number }>(
    JOB_QUERIES.runningPurgesOfCdn,
  );
  return {
    ...sqliteJobEdits(db, JOB_SELECT, toJob),
    async insertPurge(job, change) {
      // Purges arrive in bursts: they commit together (one disk flush for many), each answered after its commit.
      // Each runs in its own savepoint, so the job and its change-log entry commit or roll back together.
      return batched(() => {
        const info = insert.run(
          job.assetUrl,
          job.ttlHours,
          job.startTime,
          job.enteredTime,
          job.userId,
          job.deliveryServiceId,
        );
        // The job reaches the caches: its CDN's caches learn at their next check-in that they must revalidate.
        revalidate(job.deliveryServiceId, job.enteredTime);
        const stored = toJob(byId.get(info.lastInsertRowid)!);
        log.record(change, stored);
        return stored;
      });
    },
    async listForUser(userId, tenantIds, keyword) {
      const tenants = JSON.stringify([...tenantIds]);
      const rows = keyword === null ? list.all(userId, tenants) : listByKeyword.all(userId, keyword, tenants);
      return rows.map(toJob);
    },
    async runningPurgesOfCdn(cdnId, now, since) {
      return running
        .all(cdnId, now, since)
        .map((r) => ({ assetUrl: r.asset_url, startTime: r.start_time, ttlHours: r.ttl_hours }));
    },
  };
}
