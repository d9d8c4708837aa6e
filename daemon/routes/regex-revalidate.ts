import type { AppContext } from '../context.js';
import { notFound } from '../http/errors.js';
import { textFile } from '../http/responses.js';
import { scopeOwnerName } from '../services/caches/ats-scoped.js';
import { cacheUntil } from '../edge/response-cache.js';
import { PRIV, type RouteDef } from '../http/route.js';
import { nextRegexRevalidateChange, renderRegexRevalidate } from '../services/jobs/regex-revalidate.js';
import { readMaxRevalDurationDays } from '../services/jobs/reval-limit.js';
import { CDNCTL_VERSION } from '../services/package-version.js';
import { TEXT_FILE } from '../../shared/contract/schema.js';

const DAY_MS = 24 * 3600_000;

const paramsSchema = {
  params: { type: 'object', properties: { name: { type: 'string', minLength: 1 } }, required: ['name'] },
  response: { 200: TEXT_FILE },
};

/** GET cdns/:name/configfiles/ats/regex_revalidate.config: the CDN's active purges for the caches, as text. */
export function regexRevalidateRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/cdns/:name/configfiles/ats/regex_revalidate.config',
      since: '1.1',
      jsonSuffix: false,
      auth: PRIV.READ,
      // Served from the response cache until a write, or until the first job it lists runs out.
      cache: ['cdns', 'jobs', 'deliveryservices', 'parameters', 'profile_parameters', 'profiles'],
      schema: paramsSchema,
      handler: async (request, reply) => {
        const { name } = request.params as { name: string };
        // A CDN by name or by id, as Traffic Ops took it (the Go client's GetATSCDNConfig(id, file)).
        const cdn = await ctx.store.cdns.byName(await scopeOwnerName(ctx, 'cdns', name));
        if (!cdn) throw notFound('CDN not found');
        const now = ctx.clock();
        const days = await readMaxRevalDurationDays(ctx);
        const jobs = await ctx.store.jobs.runningPurgesOfCdn(cdn.id, now, now - days * DAY_MS);
        const change = nextRegexRevalidateChange(jobs, now, days);
        if (change !== null) cacheUntil(request, change);
        const rendered = renderRegexRevalidate(jobs, now, days, cdn.name, CDNCTL_VERSION);
        for (const warning of rendered.warnings) request.log.warn({ cdn: cdn.name }, warning);
        return textFile(reply, rendered.text);
      },
    },
  ];
}
