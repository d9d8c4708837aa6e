import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { ApiError, badRequest, conflict, notFound, successAlert } from '../http/errors.js';
import { caller } from '../http/route.js';
import { parseGoTime } from '../services/jobs/go-time.js';
import { invalidationJobRecord, jobCreatedText, jobEnd, noJob } from '../services/jobs/invalidation-job.js';
import { jobChangedEntry } from '../services/jobs/job-changes.js';
import { UNPARSABLE_JOB } from '../services/jobs/job-input.js';
import { originBase } from '../services/jobs/job-record.js';
import { validatePurgeOffThread } from '../services/jobs/validate-off-thread.js';
import { formatTimestamp } from '../../shared/time.js';
import type { Job } from '../store/jobs.js';
import { duplicateWarnings, jobIdParam, sendWithNewline, visibleJob } from './jobs-common.js';
import { readMaxRevalDurationDays } from '../services/jobs/reval-limit.js';

const TWO_DAYS_MS = 2 * 24 * 3600_000;

/** A PUT jobs body: a whole InvalidationJob. */
interface JobBody {
  assetUrl?: unknown;
  createdBy?: unknown;
  deliveryService?: unknown;
  id?: unknown;
  keyword?: unknown;
  parameters?: unknown;
  startTime?: unknown;
}

/** The locked fields: changing one is a 409 with the Go server's text. */
function checkLocked(body: JobBody, job: Job): void {
  if (body.id !== undefined && body.id !== null && body.id !== job.id)
    throw conflict("Cannot change an invalidation job 'id'!");
  if (body.deliveryService !== undefined && body.deliveryService !== job.dsXmlId) {
    throw conflict("Cannot change 'deliveryService' of existing invalidation job!");
  }
  if (body.createdBy !== undefined && body.createdBy !== job.username)
    throw conflict("Cannot change 'createdBy' of existing invalidation jobs!");
}

/** The new asset URL, start and TTL, every failure reported together. */
async function readChange(body: JobBody, base: string, now: number, maxTtlHours: number, owner: string) {
  const errors: string[] = [];
  const assetUrl = typeof body.assetUrl === 'string' ? body.assetUrl : '';
  if (!assetUrl.startsWith(base) || assetUrl.length === base.length) {
    errors.push(`assetUrl: must be a URL that starts with the delivery service's origin URL ${base}`);
  } else {
    // The part after the origin is a purge regex: the purge requests' own check decides it.
    const probe = { dsId: 1, regex: assetUrl.slice(base.length), startTime: formatTimestamp(now), ttl: 1 };
    const checked = await validatePurgeOffThread(probe, { now, maxTtlHours: 1, boundPastStart: false }, owner);
    if (!checked.ok) errors.push(...checked.errors);
  }
  if (body.keyword !== undefined && body.keyword !== 'PURGE') errors.push("keyword: must be 'PURGE'");
  const ttl = typeof body.parameters === 'string' ? /^TTL:(\d{1,9})h$/.exec(body.parameters) : null;
  const ttlHours = ttl ? Number(ttl[1]) : null;
  if (ttlHours === null) errors.push("parameters: must be of the form 'TTL:<hours>h'");
  else if (ttlHours < 1 || ttlHours > maxTtlHours)
    errors.push(`parameters: TTL must be between 1 and ${maxTtlHours} hours`);
  const start = body.startTime === undefined || body.startTime === null ? null : parseGoTime(body.startTime);
  if (start === null) errors.push('startTime: cannot be blank');
  else if (start <= now) errors.push('startTime: must be in the future');
  else if (start > now + TWO_DAYS_MS) errors.push('startTime: must be within two days from now');
  if (errors.length > 0 || ttlHours === null || start === null) throw badRequest(errors.join(', '));
  return { assetUrl, ttlHours, startTime: start };
}

/**
 * PUT jobs?id=N (1.4+): a job that has not started yet gets a new asset URL (under its delivery service's origin),
 * start (future, within two days) and TTL; its id, delivery service and creator are locked.
 */
export async function updateJob(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const principal = caller(request);
  const id = jobIdParam(request.query as { id?: string });
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest(UNPARSABLE_JOB);
  const job = await visibleJob(ctx, principal, id);
  const now = ctx.clock();
  if (job.startTime <= now) {
    reply.header('allow', 'GET,HEAD,DELETE');
    throw new ApiError(405, 'Cannot modify a job that has already started!');
  }
  checkLocked(body as JobBody, job);
  const ds = await ctx.store.deliveryServices.byId(job.deliveryServiceId);
  if (!ds?.primaryOrigin) throw badRequest('cannot invalidate content: requested delivery service has no origin');
  const change = await readChange(
    body as JobBody,
    originBase(ds.primaryOrigin),
    now,
    (await readMaxRevalDurationDays(ctx)) * 24,
    String(principal.userId),
  );
  const warnings = await duplicateWarnings(ctx, { id, deliveryServiceId: ds.id, ...change });
  const updated = await ctx.store.jobs.reschedule(
    id,
    change,
    ctx.clock(),
    jobChangedEntry(ctx, caller(request), job, ds.tenantId),
  );
  if (!updated) throw notFound(noJob(id));
  const done = successAlert(jobCreatedText(updated.assetUrl, updated.startTime, jobEnd(updated)));
  return sendWithNewline(reply, { alerts: [...warnings, done], response: invalidationJobRecord(updated) });
}
