import type { JobTarget, PropagationStore } from '../propagation.js';
import type { PgPool } from './pool.js';
import { statement } from './statement.js';

// PostgreSQL folds unquoted names to lower case: the record's camelCase keys are quoted.
const target = statement<[number], JobTarget>(
  'propagation_job_target',
  `SELECT j.id AS "jobId", j.entered_time AS "enteredTime", ds.id AS "deliveryServiceId", ds.xml_id AS "dsXmlId",
          ds.tenant_id AS "dsTenantId", c.id AS "cdnId", c.name AS "cdnName"
     FROM jobs j JOIN deliveryservices ds ON ds.id = j.deliveryservice_id JOIN cdns c ON c.id = ds.cdn_id
    WHERE j.id = $1`,
);
const cancelled = statement<[number], JobTarget>(
  'propagation_cancel_target',
  `SELECT x.job_id AS "jobId", x.entered_time AS "enteredTime", x.cancelled_at AS "cancelledTime",
          ds.id AS "deliveryServiceId", ds.xml_id AS "dsXmlId", ds.tenant_id AS "dsTenantId", c.id AS "cdnId",
          c.name AS "cdnName"
     FROM job_cancellations x JOIN deliveryservices ds ON ds.id = x.deliveryservice_id JOIN cdns c ON c.id = ds.cdn_id
    WHERE x.job_id = $1`,
);

/** What a job's propagation is measured against, on PostgreSQL. */
export function pgPropagation(pool: PgPool): PropagationStore {
  return {
    async jobTarget(jobId) {
      return (await target.get(pool, jobId)) ?? null;
    },
    async cancelTarget(jobId) {
      return (await cancelled.get(pool, jobId)) ?? null;
    },
  };
}
