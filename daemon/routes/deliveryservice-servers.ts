import type { AppContext } from '../context.js';
import { assignServerNames } from '../services/caches/assignments.js';
import { visibleServer } from '../services/caches/server-writes.js';
import { deliveryServiceRecord } from '../format/deliveryservices.js';
import { serverRecord } from '../format/servers.js';
import { notFound } from '../http/errors.js';
import { parseIntegerParam } from '../services/params.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import { visibleTenants } from '../services/tenant-access.js';
import { envelope, list, record, text, textList } from '../../shared/contract/schema.js';
import { serverSchema } from '../../shared/contract/servers.js';
import { deliveryServiceList } from './deliveryservices.js';
import { seesPasswords } from './servers.js';

const idParams = { params: { type: 'object', properties: { id: { type: 'string' } } } };
const assignSchema = {
  params: { type: 'object', properties: { xmlId: { type: 'string' } } },
  body: { type: ['object', 'null'], properties: { serverNames: { type: 'array', items: { type: 'string' } } } },
  response: { 200: envelope(record({ serverNames: textList, xmlId: text })) },
};

/**
 * Which caches serve which delivery services (1.1): GET deliveryservices/:id/servers, POST
 * deliveryservices/:xmlId/servers (adds to the assignments, issue 30) and GET servers/:id/deliveryservices.
 */
export function deliveryServiceServerRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/deliveryservices/:id/servers',
      since: '1.1',
      auth: PRIV.READ,
      schema: { ...idParams, response: { 200: envelope(list(serverSchema)) } },
      handler: async (request) => {
        const id = parseIntegerParam((request.params as { id: string }).id, 'id');
        const ds = await ctx.store.deliveryServices.byId(id);
        if (!ds || !(await visibleTenants(ctx, caller(request))).has(ds.tenantId))
          throw notFound('delivery service not found');
        const servers = await ctx.store.servers.list({ dsId: id }, null);
        return { response: servers.map((s) => serverRecord(s, seesPasswords(request))) };
      },
    },
    {
      method: 'POST',
      url: '/deliveryservices/:xmlId/servers',
      since: '1.1',
      auth: PRIV.OPERATIONS,
      schema: assignSchema,
      handler: async (request) => {
        const { xmlId } = request.params as { xmlId: string };
        return { response: await assignServerNames(ctx, caller(request), xmlId, request.body) };
      },
    },
    {
      method: 'GET',
      url: '/servers/:id/deliveryservices',
      since: '1.1',
      auth: PRIV.READ,
      schema: idParams,
      // At 1.4 too in the newest shape (ecsEnabled, rangeSliceBlockSize), as the Go server sent it here.
      responseAt: (version) => ({ 200: deliveryServiceList(version, 'server') }),
      handler: async (request) => {
        const principal = caller(request);
        const id = parseIntegerParam((request.params as { id: string }).id, 'id');
        const server = await visibleServer(ctx, principal, id);
        const tenantIds = await visibleTenants(ctx, principal);
        // A MID serves every delivery service of its CDN; an EDGE the ones it is assigned to.
        const list = server.type.startsWith('MID')
          ? await ctx.store.deliveryServices.list({ cdnId: server.cdnId, tenantIds })
          : await ctx.store.deliveryServices.list({ ids: await ctx.store.servers.deliveryServiceIds(id), tenantIds });
        return { response: list.map((ds) => deliveryServiceRecord(ds, request.apiVersion, 'server')) };
      },
    },
  ];
}
