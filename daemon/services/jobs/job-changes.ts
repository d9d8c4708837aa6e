import type { AppContext } from '../../context.js';
import { changeAs } from '../change.js';
import type { Change } from '../../store/change-log.js';
import type { Principal } from '../principal.js';
import type { Job } from '../../store/jobs.js';
import { formatTimestamp } from '../../../shared/time.js';

/**
 * Change-log entries of the /jobs edits (PUT and DELETE jobs), in the form of the creation's entry
 * (create-job.ts): `DS: <xmlId>, ID: <id>, ACTION: ... content invalidation job #<job>: <assetUrl> (TTL <n>h)`.
 * Each is a function of the store write's answer (null: the job was gone, nothing changed, nothing logged) and is
 * appended in the write's own transaction. About the delivery service's tenant, as the creation's is.
 */

const head = (job: Job) => `DS: ${job.dsXmlId}, ID: ${job.deliveryServiceId}, ACTION:`;
const described = (job: Job) => `${job.assetUrl} (TTL ${job.ttlHours}h, starts ${formatTimestamp(job.startTime)})`;

/** The entry of PUT jobs: what the job is now, and what it was. */
export function jobChangedEntry(
  ctx: AppContext,
  principal: Principal,
  before: Job,
  tenantId: number,
): Change<Job | null> {
  return (after) =>
    after &&
    changeAs(
      ctx,
      principal,
      `${head(after)} Changed content invalidation job #${after.id}: ${described(after)}, was ${described(before)}`,
      [tenantId],
    );
}

/** The entry of DELETE jobs: the job as it was. */
export function jobDeletedEntry(ctx: AppContext, principal: Principal, tenantId: number): Change<Job | null> {
  return (job) =>
    job &&
    changeAs(
      ctx,
      principal,
      `${head(job)} Deleted content invalidation job #${job.id}: ${job.assetUrl} (TTL ${job.ttlHours}h)`,
      [tenantId],
    );
}
