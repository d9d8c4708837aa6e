import type { AppContext } from '../context.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import { ortChkconfig, ortPackages } from '../services/caches/ort-lists.js';
import { serverVisibility } from '../services/caches/visibility.js';
import { list } from '../../shared/contract/schema.js';
import { updateStatusSchema } from '../../shared/contract/servers.js';
import { ortChkconfigListSchema, ortPackagesSchema } from '../../shared/contract/ort.js';
import { updateStatusRecords } from './server-queue.js';

/*
 * The Perl app's root routes that the 1.x cache tool (ORT) reads (issue 34; reference §9 and wave 2 §1.1),
 * served at the root, not under /api/<version>: the profile's packages and chkconfig lists, and GET
 * /update/:hostname (POST /update/:hostname, the check-in, is routes/update-host.ts). Any session may read them,
 * as in Perl; a caller sees only the servers its tenancy shows (the same rule as servers/:hostname/update_status).
 */

const hostParams = {
  type: 'object',
  properties: { hostname: { type: 'string', minLength: 1, maxLength: 255 } },
  required: ['hostname'],
} as const;

/** GET /update/all: every server the caller sees, by host name. */
async function allHostNames(ctx: AppContext, request: Parameters<RouteDef['handler']>[0]): Promise<string[]> {
  const servers = await ctx.store.servers.list({}, await serverVisibility(ctx, caller(request)));
  return servers.map((s) => s.hostName).sort();
}

export function ortRootRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/ort/:hostname/packages',
      since: '1.1',
      root: true,
      jsonSuffix: false,
      auth: PRIV.READ,
      schema: { params: hostParams, response: { 200: ortPackagesSchema } },
      handler: async (request) => ortPackages(ctx, caller(request), (request.params as { hostname: string }).hostname),
    },
    {
      method: 'GET',
      url: '/ort/:hostname/chkconfig',
      since: '1.1',
      root: true,
      jsonSuffix: false,
      auth: PRIV.READ,
      schema: { params: hostParams, response: { 200: ortChkconfigListSchema } },
      handler: async (request) => ortChkconfig(ctx, caller(request), (request.params as { hostname: string }).hostname),
    },
    {
      method: 'GET',
      url: '/update/:hostname',
      since: '1.1',
      root: true,
      jsonSuffix: false,
      auth: PRIV.READ,
      // The fields of servers/:hostname/update_status, as a bare array; `all` names every server (Perl's readupdate).
      schema: { params: hostParams, response: { 200: list(updateStatusSchema) } },
      handler: async (request, reply) => {
        const { hostname } = request.params as { hostname: string };
        const hosts = hostname === 'all' ? await allHostNames(ctx, request) : [hostname];
        return updateStatusRecords(ctx, request, reply, hosts);
      },
    },
  ];
}
