import type { AppContext } from '../../context.js';
import type { Principal } from '../principal.js';
import { changeAs } from '../change.js';
import { badRequest } from '../errors.js';
import type { DeliveryService } from '../../store/deliveryservices.js';
import type { Job } from '../../store/jobs.js';
import { originBase } from './job-record.js';
import { purgeLineError } from '../../../shared/rules/purge/revalidate-line.js';

/** Refuses a purge whose regex_revalidate.config line would not fit the plugin's line buffer (issue 32). */
function checkLineFits(assetUrl: string, purge: NewPurge): void {
  const error = purgeLineError(assetUrl, purge.startTime, purge.ttlHours);
  if (error) throw badRequest(error);
}

/** What a purge stores besides the delivery service and its creator. */
export interface NewPurge {
  regex: string;
  startTime: number;
  ttlHours: number;
}

/**
 * The one way a purge job is created, by `principal`, for POST user/current/jobs and POST jobs alike: the asset URL is the
 * delivery service's primary origin followed by the regex (BEHAVIOR.md §5), and the job goes in through the store's
 * insertPurge, with its change-log entry in the same transaction. Anything every new job must cause belongs
 * here, so both routes get it.
 */
export async function createPurgeJob(
  ctx: AppContext,
  principal: Principal,
  ds: DeliveryService,
  purge: NewPurge,
  now: number,
): Promise<Job> {
  if (!ds.primaryOrigin) throw badRequest('cannot invalidate content: requested delivery service has no origin');
  const assetUrl = originBase(ds.primaryOrigin) + purge.regex;
  checkLineFits(assetUrl, purge);
  const job = {
    assetUrl,
    ttlHours: purge.ttlHours,
    startTime: purge.startTime,
    enteredTime: now,
    userId: principal.userId,
    deliveryServiceId: ds.id,
  };
  return ctx.store.jobs.insertPurge(job, (stored) =>
    changeAs(
      ctx,
      principal,
      `DS: ${ds.xmlId}, ID: ${ds.id}, ACTION: Created content invalidation job #${stored.id}: ${stored.assetUrl} (TTL ${stored.ttlHours}h)`,
      [ds.tenantId],
    ),
  );
}
