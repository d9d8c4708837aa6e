import type { AppContext } from '../context.js';
import { visibleServer } from '../services/caches/server-writes.js';
import { deliveryServiceRecord } from '../format/deliveryservices.js';
import { changeBy } from '../http/change.js';
import { serverRecord } from '../format/servers.js';
import { badRequest, forbidden, notFound } from '../http/errors.js';
import { parseIntegerParam } from '../services/params.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import { visibleTenants } from '../services/tenant-access.js';
import type { Server } from '../store/servers.js';
import { envelope, list, record, text, textList } from '../../shared/contract/schema.js';
import { serverSchema } from '../../shared/contract/servers.js';
import { deliveryServiceListResponses } from './deliveryservices.js';

const idParams = { params: { type: 'object', properties: { id: { type: 'string' } } } };
const assignSchema = {
  params: { type: 'object', properties: { xmlId: { type: 'string' } } },
  body: { type: ['object', 'null'], properties: { serverNames: { type: 'array', items: { type: 'string' } } } },
  response: { 200: envelope(record({ serverNames: textList, xmlId: text })) },
};

/** The servers an assignment names, checked: known, EDGE, in the delivery service's CDN. */
async function assignable(ctx: AppContext, names: string[], cdnId: number): Promise<Server[]> {
  const servers: Server[] = [];
  const problems: string[] = [];
  for (const name of names) {
    const server = await ctx.store.servers.byHostName(name, null);
    if (!server) problems.push(`server '${name}' not found`);
    else if (!server.type.startsWith('EDGE'))
      problems.push(
        `server '${name}' is a ${server.type}: only EDGE servers are assigned (a MID serves its whole CDN)`,
      );
    else if (server.cdnId !== cdnId) problems.push(`server '${name}' is not in the delivery service's CDN`);
    else servers.push(server);
  }
  if (problems.length > 0) throw badRequest(problems.join(', '));
  return servers;
}

function serverNames(body: unknown): string[] {
  const names = typeof body === 'object' && body !== null ? (body as { serverNames?: unknown }).serverNames : undefined;
  if (!Array.isArray(names) || names.some((n) => typeof n !== 'string' || n === '')) {
    throw badRequest('serverNames must be an array of server host names');
  }
  return [...new Set(names as string[])];
}

/**
 * Which caches serve which delivery services (1.1): GET deliveryservices/:id/servers, POST
 * deliveryservices/:xmlId/servers (replaces the assignments) and GET servers/:id/deliveryservices.
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
        return { response: servers.map((s) => serverRecord(s)) };
      },
    },
    {
      method: 'POST',
      url: '/deliveryservices/:xmlId/servers',
      since: '1.1',
      auth: PRIV.OPERATIONS,
      schema: assignSchema,
      handler: async (request) => {
        const names = serverNames(request.body);
        const { xmlId } = request.params as { xmlId: string };
        const ds = await ctx.store.deliveryServices.byXmlId(xmlId);
        if (!ds) throw notFound('delivery service not found');
        if (!(await visibleTenants(ctx, caller(request))).has(ds.tenantId))
          throw forbidden('not authorized on this tenant');
        const servers = await assignable(ctx, names, ds.cdnId);
        const text = `DS: ${ds.xmlId}, ID: ${ds.id}, ACTION: Assigned servers ${names.join(', ') || '(none)'} to delivery service, replacing its assignments`;
        await ctx.store.servers.assignToDeliveryService(
          ds.id,
          servers.map((s) => s.id),
          changeBy(ctx, request, text, [ds.tenantId]),
        );
        return { response: { serverNames: names, xmlId: ds.xmlId } };
      },
    },
    {
      method: 'GET',
      url: '/servers/:id/deliveryservices',
      since: '1.1',
      auth: PRIV.READ,
      schema: idParams,
      responseAt: deliveryServiceListResponses,
      handler: async (request) => {
        const principal = caller(request);
        const id = parseIntegerParam((request.params as { id: string }).id, 'id');
        const server = await visibleServer(ctx, principal, id);
        const tenantIds = await visibleTenants(ctx, principal);
        // A MID serves every delivery service of its CDN; an EDGE the ones it is assigned to.
        const list = server.type.startsWith('MID')
          ? await ctx.store.deliveryServices.list({ cdnId: server.cdnId, tenantIds })
          : await ctx.store.deliveryServices.list({ ids: await ctx.store.servers.deliveryServiceIds(id), tenantIds });
        return { response: list.map((ds) => deliveryServiceRecord(ds, request.apiVersion)) };
      },
    },
  ];
}
