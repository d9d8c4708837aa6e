import type { Db } from './db.js';
import type { JobTarget, PropagationStore } from '../propagation.js';

export function sqlitePropagation(db: Db): PropagationStore {
  const target = db.prepare<[number], JobTarget>(
    `SELECT j.id AS jobId, j.entered_time AS enteredTime, ds.id AS deliveryServiceId, ds.xml_id AS dsXmlId,
            ds.tenant_id AS dsTenantId, c.id AS cdnId, c.name AS cdnName
       FROM jobs j JOIN deliveryservices ds ON ds.id = j.deliveryservice_id JOIN cdns c ON c.id = ds.cdn_id
      WHERE j.id = ?`,
  );
  const cancelled = db.prepare<[number], JobTarget>(
    `SELECT x.job_id AS jobId, x.entered_time AS enteredTime, x.cancelled_at AS cancelledTime,
            ds.id AS deliveryServiceId, ds.xml_id AS dsXmlId, ds.tenant_id AS dsTenantId, c.id AS cdnId, c.name AS cdnName
       FROM job_cancellations x JOIN deliveryservices ds ON ds.id = x.deliveryservice_id JOIN cdns c ON c.id = ds.cdn_id
      WHERE x.job_id = ?`,
  );
  return {
    async jobTarget(jobId) {
      return target.get(jobId) ?? null;
    },
    async cancelTarget(jobId) {
      return cancelled.get(jobId) ?? null;
    },
  };
}
