import type { JobEditStore } from '../job-edits.js';
import { JOB_SELECT, toJob, type Job, type JobRow } from '../jobs.js';
import { recordChange } from './change-append.js';
import type { PgPool } from './pool.js';
import { markRevalidationPg } from './server-flags.js';
import { statement } from './statement.js';
import { inTransaction } from './transaction.js';

/** The joined columns of a job (jobs.ts's JOB_SELECT) over a row a write just returned, named `w`. */
const JOINED = `SELECT w.*, u.username, ds.xml_id AS ds_xml_id
  FROM w JOIN users u ON u.id = w.user_id JOIN deliveryservices ds ON ds.id = w.deliveryservice_id`;

type QueryParams = [
  number | null,
  string | null,
  string | null,
  number | null,
  number | null,
  string | null,
  string | null,
  number | null,
  number[],
];

// One statement for every filter: an absent criterion is NULL and matches everything.
const query = statement<QueryParams, JobRow>(
  'job_edits_query',
  `${JOB_SELECT}
   WHERE ($1::integer IS NULL OR j.id = $1)
     AND ($2::text IS NULL OR j.keyword = $2)
     AND ($3::text IS NULL OR j.asset_url = $3)
     AND ($4::bigint IS NULL OR j.start_time = $4)
     AND ($5::integer IS NULL OR j.user_id = $5)
     AND ($6::text IS NULL OR u.username = $6)
     AND ($7::text IS NULL OR ds.xml_id = $7)
     AND ($8::integer IS NULL OR j.deliveryservice_id = $8)
     AND ds.tenant_id = ANY($9::integer[])
   ORDER BY j.id`,
);
const byId = statement<[number], JobRow>('job_edits_by_id', `${JOB_SELECT} WHERE j.id = $1`);
const sameAsset = statement<[number, string], JobRow>(
  'job_edits_same_asset',
  `${JOB_SELECT} WHERE j.deliveryservice_id = $1 AND j.asset_url = $2 ORDER BY j.id`,
);
const update = statement<[string, number, number, number], JobRow>(
  'job_edits_update',
  `WITH w AS (UPDATE jobs SET asset_url = $1, ttl_hours = $2, start_time = $3 WHERE id = $4 RETURNING *) ${JOINED}`,
);
// The job as it was, joined, from the DELETE itself: two daemons deleting it at once, one answers it, one null.
const remove = statement<[number], JobRow>(
  'job_edits_delete',
  `WITH w AS (DELETE FROM jobs WHERE id = $1 RETURNING *) ${JOINED}`,
);
// Issue 33: the cancel is kept, so the removal of the rule from the caches can be followed.
const keepCancel = statement<[number, number, number, number]>(
  'job_edits_keep_cancel',
  `INSERT INTO job_cancellations (job_id, deliveryservice_id, entered_time, cancelled_at) VALUES ($1, $2, $3, $4)
   ON CONFLICT (job_id) DO UPDATE SET deliveryservice_id = excluded.deliveryservice_id,
     entered_time = excluded.entered_time, cancelled_at = excluded.cancelled_at`,
);

/** The /jobs API's queries and edits on PostgreSQL (SQLite's sqliteJobEdits). */
export function pgJobEdits(pool: PgPool): JobEditStore<Job> {
  return {
    async query(f) {
      const rows = await query.all(
        pool,
        f.id ?? null,
        f.keyword ?? null,
        f.assetUrl ?? null,
        f.startTime ?? null,
        f.userId ?? null,
        f.createdBy ?? null,
        f.deliveryService ?? null,
        f.dsId ?? null,
        [...f.tenantIds],
      );
      return rows.map(toJob);
    },
    async byId(id) {
      const row = await byId.get(pool, id);
      return row ? toJob(row) : null;
    },
    async sameAsset(deliveryServiceId, assetUrl) {
      return (await sameAsset.all(pool, deliveryServiceId, assetUrl)).map(toJob);
    },
    async reschedule(id, change, now, logged) {
      return inTransaction(pool, async (client) => {
        const row = await update.get(client, change.assetUrl, change.ttlHours, change.startTime, id);
        if (row) await markRevalidationPg(client, row.deliveryservice_id, now);
        const job = row ? toJob(row) : null;
        await recordChange(client, logged, job);
        return job;
      });
    },
    async remove(id, now, change) {
      return inTransaction(pool, async (client) => {
        const row = await remove.get(client, id);
        if (row) await markRevalidationPg(client, row.deliveryservice_id, now);
        if (row) await keepCancel.run(client, row.id, row.deliveryservice_id, row.entered_time, now);
        const job = row ? toJob(row) : null;
        await recordChange(client, change, job);
        return job;
      });
    },
  };
}
