import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { jobLocation, withWarning } from '../http/deprecation.js';
import { alerts, badRequest, notFound, successAlert, warningAlert, type Alert } from '../http/errors.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import { visibleTenants } from '../services/tenant-access.js';
import { createPurgeJob } from '../services/jobs/create-job.js';
import { purgeTarget } from '../services/jobs/purge-target.js';
import { MATCHES_EVERYTHING_WARNING, jobRecord, purgeSubmittedText } from '../services/jobs/job-record.js';
import { readMaxRevalDurationDays } from '../services/jobs/reval-limit.js';
import { validatePurgeOffThread } from '../services/jobs/validate-off-thread.js';
import { atLeast, seedShape } from '../versions.js';
import {
  USER_JOBS_DEPRECATED,
  USER_JOB_POST_DEPRECATED,
  invalidationJobRecord,
  userInvalidationJobRecord,
} from '../services/jobs/invalidation-job.js';
import { invalidationJobSchema, userInvalidationJobSchema } from '../../shared/contract/go-jobs.js';
import { jobSchema } from '../../shared/contract/jobs.js';
import { alertedEnvelope, anyJsonValue, envelope, list } from '../../shared/contract/schema.js';
import { seedAtOrGo } from '../http/responses.js';

// The fields are listed, not typed: their checks live in validatePurgeRequest so that every failure of a
// request is reported in one answer (a schema type error would hide the other fields' failures).
const createSchema = {
  body: {
    type: ['object', 'null'],
    properties: { dsId: anyJsonValue, regex: anyJsonValue, startTime: anyJsonValue, ttl: anyJsonValue },
  },
};
const listSchema = {
  querystring: { type: 'object', properties: { keyword: { type: 'string', maxLength: 64 } } },
};

/**
 * POST user/current/jobs (a purge request) and GET user/current/jobs (the caller's jobs), BEHAVIOR.md §5.
 * The POST answers its alerts (a warning first when the regex matches every path, then the success) and, as
 * `response`, the stored job in the seed's Job shape, the same record the list shows. An empty `keyword`
 * filters nothing. From 1.4 both answer as the Go server did (its deprecation warnings, InvalidationJob and
 * UserInvalidationJob records, the Location header), BEHAVIOR.md "API 1.4/1.5, /jobs".
 */
export function jobRoutes(ctx: AppContext): RouteDef[] {
  /** Checks and stores a purge request: the job, and the alerts of the seed's answer (BEHAVIOR.md §5). */
  async function create(request: FastifyRequest) {
    const principal = caller(request);
    const now = ctx.clock();
    const limits = {
      now,
      maxTtlHours: (await readMaxRevalDurationDays(ctx)) * 24,
      boundPastStart: atLeast(request.apiVersion, '1.2'),
    };
    const checked = await validatePurgeOffThread(request.body, limits, String(principal.userId));
    if (!checked.ok) throw badRequest(checked.errors.join(', '));
    const purge = checked.request;
    const ds = await purgeTarget(ctx, purge.dsId);
    if (!ds || !(await visibleTenants(ctx, principal)).has(ds.tenantId)) throw notFound('No such Delivery Service!');
    const job = await createPurgeJob(
      ctx,
      caller(request),
      ds,
      { regex: purge.regex, startTime: purge.startTime, ttlHours: purge.ttl },
      now,
    );
    const list: Alert[] = purge.matchesEverything ? [warningAlert(MATCHES_EVERYTHING_WARNING)] : [];
    list.push(successAlert(purgeSubmittedText(ds.xmlId, job.assetUrl, job.ttlHours)));
    return { job, alerts: list };
  }

  return [
    {
      method: 'POST',
      url: '/user/current/jobs',
      since: '1.1',
      auth: PRIV.PORTAL,
      schema: createSchema,
      responseAt: seedAtOrGo('userJobs', alertedEnvelope(jobSchema), alertedEnvelope(invalidationJobSchema)),
      handler: async (request, reply) => {
        if (seedShape('userJobs', request.apiVersion)) {
          const { job, alerts: list } = await create(request);
          return { ...alerts(...list), response: jobRecord(job) };
        }
        // Beyond the seed's 1.1/1.2 the Go server's answer: its deprecation warning first (errors too), the job as InvalidationJob.
        const deprecated = warningAlert(USER_JOB_POST_DEPRECATED);
        const { job, alerts: list } = await withWarning(deprecated, () => create(request));
        reply.header('location', jobLocation(request, ctx, job.id));
        const extra = list.filter((a) => a.level === 'warning');
        return {
          alerts: [deprecated, ...extra, successAlert('Invalidation Job creation was successful')],
          response: invalidationJobRecord(job),
        };
      },
    },
    {
      method: 'GET',
      url: '/user/current/jobs',
      since: '1.1',
      auth: PRIV.READ,
      schema: listSchema,
      responseAt: seedAtOrGo('userJobs', envelope(list(jobSchema)), alertedEnvelope(list(userInvalidationJobSchema))),
      handler: async (request) => {
        const principal = caller(request);
        const tenants = await visibleTenants(ctx, principal);
        if (!seedShape('userJobs', request.apiVersion)) {
          // The Go server ignored every query parameter here.
          const jobs = await ctx.store.jobs.listForUser(principal.userId, tenants, null);
          return { alerts: [warningAlert(USER_JOBS_DEPRECATED)], response: jobs.map(userInvalidationJobRecord) };
        }
        const { keyword } = request.query as { keyword?: string };
        const jobs = await ctx.store.jobs.listForUser(principal.userId, tenants, keyword ? keyword : null);
        return { response: jobs.map(jobRecord) };
      },
    },
  ];
}
