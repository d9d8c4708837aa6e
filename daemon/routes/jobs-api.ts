import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { ApiError, badRequest, notFound, successAlert, warningAlert } from '../http/errors.js';
import { jobLocation } from '../http/deprecation.js';
import { parseIntegerParam, toInteger } from '../services/params.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import { visibleTenants } from '../services/tenant-access.js';
import { createPurgeJob } from '../services/jobs/create-job.js';
import { parseGoTime } from '../services/jobs/go-time.js';
import {
  JOB_BY_ID_DEPRECATED,
  JOB_DELETED,
  invalidationJobRecord,
  jobCreatedText,
  jobEnd,
  noJob,
} from '../services/jobs/invalidation-job.js';
import { jobDeletedEntry } from '../services/jobs/job-changes.js';
import { UNPARSABLE_JOB, checkJobInput } from '../services/jobs/job-input.js';
import { MATCHES_EVERYTHING_WARNING, originBase } from '../services/jobs/job-record.js';
import type { DeliveryService } from '../store/deliveryservices.js';
import type { JobFilter } from '../store/jobs.js';
import { readMaxRevalDurationDays } from '../services/jobs/reval-limit.js';
import { duplicateWarnings, jobIdParam, sendWithNewline, visibleJob } from './jobs-common.js';
import { updateJob } from './jobs-update.js';
import { invalidationJobSchema } from '../../shared/contract/go-jobs.js';
import { alertedEnvelope, anyJsonValue, envelope, list as listOf } from '../../shared/contract/schema.js';

const text = { type: 'string' } as const;
const FILTERS = ['id', 'keyword', 'assetUrl', 'startTime', 'userId', 'createdBy', 'deliveryService', 'dsId'] as const;
type JobQuery = Partial<Record<(typeof FILTERS)[number], string>>;
const listSchema = {
  querystring: { type: 'object', properties: Object.fromEntries(FILTERS.map((f) => [f, text])) },
  response: { 200: envelope(listOf(invalidationJobSchema)) },
};
/** What POST, PUT and DELETE jobs answer (sent as written, with the Go server's trailing newline). */
const writeResponse = { 200: alertedEnvelope(invalidationJobSchema) };
const idQuerySchema = { querystring: { type: 'object', properties: { id: text } } };
// Types are the handler's to check: a wrong JSON type (an array body too) is Traffic Ops' `Unable to parse Invalidation Job`.
const bodySchema = { body: anyJsonValue };

/** The filters of GET jobs; a bad integer or time is a 400 naming the key. */
function readFilter(query: JobQuery, tenantIds: Iterable<number>): JobFilter {
  const filter: JobFilter = { tenantIds };
  if (query.id !== undefined) filter.id = parseIntegerParam(query.id, 'id');
  if (query.userId !== undefined) filter.userId = parseIntegerParam(query.userId, 'userId');
  if (query.dsId !== undefined) filter.dsId = parseIntegerParam(query.dsId, 'dsId');
  if (query.startTime !== undefined) {
    const start = parseGoTime(query.startTime);
    if (start === null) throw badRequest('startTime cannot parse to time');
    filter.startTime = start;
  }
  if (query.keyword !== undefined) filter.keyword = query.keyword;
  if (query.assetUrl !== undefined) filter.assetUrl = query.assetUrl;
  if (query.createdBy !== undefined) filter.createdBy = query.createdBy;
  if (query.deliveryService !== undefined) filter.deliveryService = query.deliveryService;
  return filter;
}

/** The delivery service a POST jobs body names, by id (a number) or xmlId (a string), with the Go server's texts. */
async function namedDeliveryService(ctx: AppContext, named: number | string): Promise<DeliveryService | string> {
  if (typeof named === 'number') {
    return (
      (Number.isSafeInteger(named) ? await ctx.store.deliveryServices.byId(named) : null) ??
      `No Delivery Service exists matching identifier: ${named}`
    );
  }
  return (await ctx.store.deliveryServices.byXmlId(named)) ?? `No DeliveryService exists matching identifier: ${named}`;
}

/** DELETE jobs?id=N (1.4+): the job goes, its CDN's caches revalidate, and the change log says who deleted what. */
async function removeJob(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const id = jobIdParam(request.query as { id?: string });
  const visible = await visibleJob(ctx, caller(request), id);
  const ds = await ctx.store.deliveryServices.byId(visible.deliveryServiceId);
  if (!ds) throw notFound(noJob(id));
  const job = await ctx.store.jobs.remove(id, ctx.clock(), jobDeletedEntry(ctx, caller(request), ds.tenantId));
  if (!job) throw notFound(noJob(id));
  return sendWithNewline(reply, { alerts: [successAlert(JOB_DELETED)], response: invalidationJobRecord(job) });
}

/**
 * The /jobs API as Traffic Ops' Go server served it (reference/traffic-ops-1.4-1.5-types.md §5): GET jobs and the
 * deprecated GET jobs/:id from 1.1, POST, PUT and DELETE jobs from 1.4; records in the Go shape at every version.
 */
export function jobApiRoutes(ctx: AppContext): RouteDef[] {
  async function list(request: FastifyRequest) {
    const visible = await visibleTenants(ctx, caller(request));
    const jobs = await ctx.store.jobs.query(readFilter(request.query as JobQuery, visible));
    return jobs.map(invalidationJobRecord);
  }

  async function create(request: FastifyRequest, reply: FastifyReply) {
    const principal = caller(request);
    const now = ctx.clock();
    const checked = await checkJobInput(request.body, {
      now,
      maxTtlHours: (await readMaxRevalDurationDays(ctx)) * 24,
      owner: String(principal.userId),
    });
    if (!checked.ok && checked.unparsable) throw badRequest(UNPARSABLE_JOB);
    const named = checked.ok ? checked.input.deliveryService : checked.deliveryService;
    const ds = named === null ? null : await namedDeliveryService(ctx, named);
    const errors = [...checked.errors, ...(typeof ds === 'string' ? [ds] : [])];
    if (!checked.ok || errors.length > 0 || ds === null || typeof ds === 'string') throw badRequest(errors.join(', '));
    if (!(await visibleTenants(ctx, principal)).has(ds.tenantId)) throw notFound('No such Delivery Service!');
    const input = checked.input;
    const purge = { regex: input.regex, startTime: input.startTime, ttlHours: input.ttlHours };
    const base = ds.primaryOrigin ? originBase(ds.primaryOrigin) : '';
    const warnings = await duplicateWarnings(ctx, { deliveryServiceId: ds.id, assetUrl: base + input.regex, ...purge });
    if (input.matchesEverything) warnings.push(warningAlert(MATCHES_EVERYTHING_WARNING));
    const job = await createPurgeJob(ctx, caller(request), ds, purge, now);
    reply.header('location', jobLocation(request, ctx, job.id));
    const done = successAlert(jobCreatedText(job.assetUrl, job.startTime, jobEnd(job)));
    return sendWithNewline(reply, { alerts: [...warnings, done], response: invalidationJobRecord(job) });
  }

  return [
    {
      method: 'GET',
      url: '/jobs',
      since: '1.1',
      auth: PRIV.READ,
      schema: listSchema,
      handler: async (request) => ({ response: await list(request) }),
    },
    {
      method: 'GET',
      url: '/jobs/:id',
      since: '1.1',
      jsonSuffix: false,
      auth: PRIV.READ,
      schema: {
        params: { type: 'object', properties: { id: text }, required: ['id'] },
        response: { 200: alertedEnvelope(listOf(invalidationJobSchema)) },
      },
      handler: async (request) => {
        const id = toInteger((request.params as { id: string }).id);
        const warning = warningAlert(JOB_BY_ID_DEPRECATED);
        if (id === null)
          throw new ApiError(400, "getting integer parameters: parameter 'id' not an integer", [warning]);
        const visible = await visibleTenants(ctx, caller(request));
        return {
          alerts: [warning],
          response: (await ctx.store.jobs.query({ id, tenantIds: visible })).map(invalidationJobRecord),
        };
      },
    },
    {
      method: 'POST',
      url: '/jobs',
      since: '1.4',
      auth: PRIV.PORTAL,
      schema: { ...bodySchema, response: writeResponse },
      handler: create,
    },
    {
      method: 'PUT',
      url: '/jobs',
      since: '1.4',
      auth: PRIV.PORTAL,
      schema: { ...idQuerySchema, ...bodySchema, response: writeResponse },
      handler: (request, reply) => updateJob(ctx, request, reply),
    },
    {
      method: 'DELETE',
      url: '/jobs',
      since: '1.4',
      auth: PRIV.PORTAL,
      schema: { ...idQuerySchema, response: writeResponse },
      handler: (request, reply) => removeJob(ctx, request, reply),
    },
  ];
}
