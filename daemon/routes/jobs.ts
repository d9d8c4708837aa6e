import type { AppContext } from '../context.js';
import { alerts, badRequest, notFound, successAlert, warningAlert, type Alert } from '../http/errors.js';
import { changeBy } from '../http/change.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import { visibleTenants } from '../http/tenancy.js';
import { MATCHES_EVERYTHING_WARNING, jobRecord, originBase, purgeSubmittedText } from '../jobs/job-record.js';
import { REGEX_TOO_COMPLEX } from '../jobs/bounded-match.js';
import { maxRevalDurationDays, validatePurgeRequest } from '../jobs/purge-request.js';
import { probeOffThread, refuseOverShare } from '../jobs/regex-probe-pool.js';
import { atLeast } from '../versions.js';

// The fields are listed, not typed: their checks live in validatePurgeRequest so that every failure of a
// request is reported in one answer (a schema type error would hide the other fields' failures).
const createSchema = {
  body: {
    type: ['object', 'null'],
    properties: { dsId: {}, regex: {}, startTime: {}, ttl: {} },
  },
};
const listSchema = {
  querystring: { type: 'object', properties: { keyword: { type: 'string', maxLength: 64 } } },
};

/** maxRevalDurationDays of the GLOBAL profile (config file regex_revalidate.config), 90 when unset. */
export async function readMaxRevalDurationDays(ctx: AppContext): Promise<number> {
  return maxRevalDurationDays(
    await ctx.store.parameters.profileValue('GLOBAL', 'maxRevalDurationDays', 'regex_revalidate.config'),
  );
}

/**
 * POST user/current/jobs (a purge request) and GET user/current/jobs (the caller's jobs), BEHAVIOR.md §5.
 * The POST answers its alerts (a warning first when the regex matches every path, then the success) and, as
 * `response`, the stored job in the seed's Job shape, the same record the list shows. An empty `keyword`
 * filters nothing.
 */
export function jobRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'POST',
      url: '/user/current/jobs',
      since: '1.1',
      auth: PRIV.PORTAL,
      schema: createSchema,
      handler: async (request) => {
        const principal = caller(request);
        refuseOverShare(String(principal.userId));
        const now = ctx.clock();
        const checked = validatePurgeRequest(request.body, {
          now,
          maxTtlHours: (await readMaxRevalDurationDays(ctx)) * 24,
          boundPastStart: atLeast(request.apiVersion, '1.2'),
          deferProbe: true,
        });
        if (!checked.ok) throw badRequest(checked.errors.join(', '));
        const purge = checked.request;
        if (purge.probe) {
          const probed = await probeOffThread(purge.probe, String(principal.userId));
          if ('tooComplex' in probed) throw badRequest(REGEX_TOO_COMPLEX);
          purge.matchesEverything = probed.matchesEverything;
        }
        const ds = await ctx.store.deliveryServices.byId(purge.dsId);
        if (!ds || !(await visibleTenants(ctx, principal)).has(ds.tenantId)) throw notFound('No such Delivery Service!');
        if (!ds.primaryOrigin) throw badRequest('cannot invalidate content: requested delivery service has no origin');
        const job = await ctx.store.jobs.insertPurge({
          assetUrl: originBase(ds.primaryOrigin) + purge.regex,
          ttlHours: purge.ttl,
          startTime: purge.startTime,
          enteredTime: now,
          userId: principal.userId,
          deliveryServiceId: ds.id,
        }, (stored) =>
          changeBy(
            ctx,
            request,
            `DS: ${ds.xmlId}, ID: ${ds.id}, ACTION: Created content invalidation job #${stored.id}: ${stored.assetUrl} (TTL ${stored.ttlHours}h)`,
            [ds.tenantId],
          ),
        );
        const list: Alert[] = purge.matchesEverything ? [warningAlert(MATCHES_EVERYTHING_WARNING)] : [];
        list.push(successAlert(purgeSubmittedText(ds.xmlId, job.assetUrl, job.ttlHours)));
        return { ...alerts(...list), response: jobRecord(job) };
      },
    },
    {
      method: 'GET',
      url: '/user/current/jobs',
      since: '1.1',
      auth: PRIV.READ,
      schema: listSchema,
      handler: async (request) => {
        const principal = caller(request);
        const { keyword } = request.query as { keyword?: string };
        const tenants = await visibleTenants(ctx, principal);
        const jobs = await ctx.store.jobs.listForUser(principal.userId, tenants, keyword ? keyword : null);
        return { response: jobs.map(jobRecord) };
      },
    },
  ];
}
