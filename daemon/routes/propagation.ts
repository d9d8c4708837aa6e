import type { AppContext } from '../context.js';
import { propagation } from '../services/caches/propagation.js';
import { notFound } from '../http/errors.js';
import { parseIntegerParam } from '../services/params.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import { visibleTenants } from '../services/tenant-access.js';
import { envelope } from '../../shared/contract/schema.js';
import { propagationSchema } from '../../shared/contract/servers.js';

/**
 * GET jobs/:id/propagation (cdnctl's own route, 1.1+; Traffic Ops never showed this): per tier, MID then EDGE,
 * how many caches of the job's CDN have applied it, which are pending and which are overdue. A job of a delivery
 * service the caller cannot see is not found. A cancelled job answers how many caches dropped its rule
 * (`cancelledTime` set).
 */
export function propagationRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/jobs/:id/propagation',
      since: '1.1',
      auth: PRIV.READ,
      schema: {
        params: { type: 'object', properties: { id: { type: 'string' } } },
        response: { 200: envelope(propagationSchema) },
      },
      handler: async (request) => {
        const id = parseIntegerParam((request.params as { id: string }).id, 'id');
        // A cancelled job answers the removal of its rule from the caches (issue 33).
        const job = (await ctx.store.propagation.jobTarget(id)) ?? (await ctx.store.propagation.cancelTarget(id));
        if (!job || !(await visibleTenants(ctx, caller(request))).has(job.dsTenantId))
          throw notFound(`job ${id} not found`);
        const servers = await ctx.store.servers.list({ cdn: job.cdnId }, null);
        return { response: propagation(job, servers, ctx.clock(), ctx.config.caches.checkInIntervalMinutes) };
      },
    },
  ];
}
