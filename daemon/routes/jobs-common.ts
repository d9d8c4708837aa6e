import type { FastifyReply } from 'fastify';
import type { AppContext } from '../context.js';
import { badRequest, notFound, warningAlert, type Alert } from '../http/errors.js';
import { toInteger } from '../services/params.js';
import type { Principal } from '../http/route.js';
import { visibleTenants } from '../services/tenant-access.js';
import { duplicateJobText, noJob, overlaps } from '../services/jobs/invalidation-job.js';
import type { Job } from '../store/jobs.js';

/** What the /jobs routes share: the id parameter, job visibility, overlap warnings, the Go server's newline. */

/** `?id=` of PUT and DELETE jobs, with the Go server's texts. */
export function jobIdParam(query: { id?: string }): number {
  if (query.id === undefined || query.id === '')
    throw badRequest('required parameters missing: missing required parameters: id');
  const id = toInteger(query.id);
  if (id === null) throw badRequest("getting integer parameters: parameter 'id' not an integer");
  return id;
}

/** A job the caller may see (its delivery service's tenant), else 404 `No job by id 'N'!`, as for a missing one. */
export async function visibleJob(ctx: AppContext, principal: Principal, id: number): Promise<Job> {
  const job = await ctx.store.jobs.byId(id);
  const ds = job ? await ctx.store.deliveryServices.byId(job.deliveryServiceId) : null;
  if (!job || !ds || !(await visibleTenants(ctx, principal)).has(ds.tenantId)) throw notFound(noJob(id));
  return job;
}

/** The overlap warnings of a purge about to be stored or changed (never about the job itself). */
export async function duplicateWarnings(
  ctx: AppContext,
  job: { id?: number; deliveryServiceId: number; assetUrl: string; startTime: number; ttlHours: number },
): Promise<Alert[]> {
  const same = await ctx.store.jobs.sameAsset(job.deliveryServiceId, job.assetUrl);
  return same
    .filter((other) => other.id !== job.id && overlaps(other, job))
    .map((other) => warningAlert(duplicateJobText(other)));
}

/** Sends a body with the newline the Go server's writes ended with. */
export function sendWithNewline(reply: FastifyReply, body: unknown): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(`${JSON.stringify(body)}\n`);
}
