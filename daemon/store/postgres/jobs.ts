import { JOB_SELECT, toJob, type JobRow, type JobStore } from '../jobs.js';
import { pgJobEdits } from './job-edits.js';
import { loggedWritePg } from './change-append.js';
import type { PgPool } from './pool.js';
import { markRevalidationPg } from './server-flags.js';
import { statement } from './statement.js';

// The stored job read back joined, from the INSERT itself.
const insert = statement<[string, number, number, number, number, number], JobRow>(
  'jobs_insert_purge',
  `WITH w AS (
     INSERT INTO jobs (keyword, asset_url, asset_type, status, ttl_hours, start_time, entered_time, user_id,
                       deliveryservice_id, agent)
     VALUES ('PURGE', $1, 'file', 'PENDING', $2, $3, $4, $5, $6, 'dummy') RETURNING *)
   SELECT w.*, u.username, ds.xml_id AS ds_xml_id
     FROM w JOIN users u ON u.id = w.user_id JOIN deliveryservices ds ON ds.id = w.deliveryservice_id`,
);
const list = statement<[number, number[]], JobRow>(
  'jobs_list_for_user',
  `${JOB_SELECT} WHERE j.user_id = $1 AND ds.tenant_id = ANY($2::integer[]) ORDER BY j.id DESC`,
);
const listByKeyword = statement<[number, string, number[]], JobRow>(
  'jobs_list_for_user_by_keyword',
  `${JOB_SELECT} WHERE j.user_id = $1 AND j.keyword = $2 AND ds.tenant_id = ANY($3::integer[]) ORDER BY j.id DESC`,
);
// The end expression is the one of index jobs_deliveryservice_end (PG migration 1), spelled alike so it is used.
// SQLite gives these rows in no set order (the config file sorts them); here they come by id.
const running = statement<[number, number, number], { asset_url: string; start_time: number; ttl_hours: number }>(
  'jobs_running_purges_of_cdn',
  `SELECT j.asset_url, j.start_time, j.ttl_hours
     FROM deliveryservices ds JOIN jobs j ON j.deliveryservice_id = ds.id
    WHERE ds.cdn_id = $1 AND j.start_time + greatest(j.ttl_hours, 1) * 3600000::bigint > $2 AND j.start_time >= $3
      AND j.keyword = 'PURGE'
    ORDER BY j.id`,
);

/**
 * Jobs on PostgreSQL. A purge is one short transaction of its own: the job, the reval_pending of its CDN's caches
 * and its change-log entry commit together. SQLite's group commit (write-batch.ts) batches the writes of its one
 * writer to share a disk flush; with several daemons on one database there is no single writer to batch for, and
 * PostgreSQL already shares flushes between concurrent commits (its own group commit of the WAL).
 */
export function pgJobs(pool: PgPool): JobStore {
  return {
    ...pgJobEdits(pool),
    async insertPurge(job, change) {
      return loggedWritePg(
        pool,
        async (client) => {
          const row = await insert.get(
            client,
            job.assetUrl,
            job.ttlHours,
            job.startTime,
            job.enteredTime,
            job.userId,
            job.deliveryServiceId,
          );
          // The job reaches the caches: its CDN's caches learn at their next check-in that they must revalidate.
          await markRevalidationPg(client, job.deliveryServiceId, job.enteredTime);
          return toJob(row!);
        },
        change,
      );
    },
    async listForUser(userId, tenantIds, keyword) {
      const tenants = [...tenantIds];
      const rows =
        keyword === null
          ? await list.all(pool, userId, tenants)
          : await listByKeyword.all(pool, userId, keyword, tenants);
      return rows.map(toJob);
    },
    async runningPurgesOfCdn(cdnId, now, since) {
      const rows = await running.all(pool, cdnId, now, since);
      return rows.map((r) => ({ assetUrl: r.asset_url, startTime: r.start_time, ttlHours: r.ttl_hours }));
    },
  };
}
