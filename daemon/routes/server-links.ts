import type { AppContext } from '../context.js';
import { assignDeliveryServices, assignServers, unassignServer } from '../services/caches/assignments.js';
import { parseGoBool } from '../services/caches/assignment-rules.js';
import { listLinks, type LinkQueryText } from '../services/caches/link-query.js';
import { serverRecord } from '../format/servers.js';
import { alerts, ApiError, notFound, successAlert, warningAlert } from '../http/errors.js';
import { parseIntegerParam } from '../services/params.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import { visibleTenants } from '../services/tenant-access.js';
import { serverVisibility } from '../services/caches/visibility.js';
import { atLeast } from '../versions.js';
import { formatTimestampTz } from '../../shared/time.js';
import { seesPasswords } from './servers.js';
import { alertedEnvelope, alertsOnly, bool, envelope, int, list, record } from '../../shared/contract/schema.js';
import { serverSchema } from '../../shared/contract/servers.js';
import { dsServerLinksAnswerSchema } from '../../shared/contract/server-links.js';

const idParams = { params: { type: 'object', properties: { id: { type: 'string' } } } };
const dsServersBody = {
  body: {
    type: ['object', 'null'],
    properties: {
      dsId: { type: ['integer', 'null'] },
      servers: { type: ['array', 'string', 'null'], items: { type: 'integer' } },
      replace: { type: ['boolean', 'null'] },
    },
  },
};
// Any list reaches the service, which answers a wrong one in Traffic Ops' words.
const dsIdsBody = { body: { type: ['array', 'object', 'null'], items: { type: ['integer', 'string'] } } };
const assignedAnswer = record({ dsId: int, replace: bool, servers: list(int) });
const serverDsAnswer = record({ serverId: int, dsIds: list(int), replace: bool });
const UNLINK_DEPRECATION =
  'This endpoint is deprecated, please use DELETE deliveryserviceserver/{{Delivery Service ID}}/{{Server ID}} instead';
const REMOVED_IN_FUTURE = 'This endpoint is deprecated, and will be removed in the future';

/**
 * The delivery-service ↔ server links (issue 30; reference/traffic-ops-wave3.md §4.4–4.5): GET/POST
 * deliveryserviceserver, DELETE deliveryservice_server/:dsId/:serverId, POST servers/:id/deliveryservices (1.3).
 */
export function serverLinkRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/deliveryserviceserver',
      since: '1.1',
      auth: PRIV.READ,
      schema: { response: { 200: dsServerLinksAnswerSchema } },
      handler: async (request) => {
        const q = request.query as LinkQueryText;
        const page = await listLinks(ctx, caller(request), q, atLeast(request.apiVersion, '1.4'));
        const response = page.links.map((l) => ({ ...l, lastUpdated: formatTimestampTz(l.lastUpdated) }));
        return { orderby: page.orderby, response, size: page.page, limit: page.limit, alerts: null };
      },
    },
    {
      method: 'POST',
      url: '/deliveryserviceserver',
      since: '1.1',
      auth: PRIV.OPERATIONS,
      schema: { ...dsServersBody, response: { 200: alertedEnvelope(assignedAnswer) } },
      handler: async (request) => {
        const response = await assignServers(ctx, caller(request), request.body);
        return { ...alerts(successAlert('server assignments complete')), response };
      },
    },
    unlinkRoute(ctx),
    {
      method: 'POST',
      url: '/servers/:id/deliveryservices',
      since: '1.3',
      auth: PRIV.OPERATIONS,
      schema: { ...idParams, ...dsIdsBody, response: { 200: alertedEnvelope(serverDsAnswer) } },
      handler: async (request) => {
        const id = parseIntegerParam((request.params as { id: string }).id, 'id');
        const replace = parseGoBool((request.query as { replace?: string }).replace);
        const response = await assignDeliveryServices(ctx, caller(request), id, request.body, replace);
        return { ...alerts(successAlert('successfully assigned dses to server')), response };
      },
    },
    ...dsServerReadRoutes(ctx),
  ];
}

/** GET deliveryservices/:id/unassigned_servers and deliveryservices/:id/servers/eligible (read-only). */
function dsServerReadRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/deliveryservices/:id/unassigned_servers',
      since: '1.1',
      auth: PRIV.READ,
      schema: { ...idParams, response: { 200: alertedEnvelope(list(serverSchema)) } },
      handler: async (request) => {
        const id = parseIntegerParam((request.params as { id: string }).id, 'id');
        const ds = await ctx.store.deliveryServices.byId(id);
        // cdnctl holds this route to tenancy (Traffic Ops did not): the caller's servers, of a visible service.
        if (!ds || !(await visibleTenants(ctx, caller(request))).has(ds.tenantId))
          throw notFound(`delivery service ${id} not found`);
        const assigned = new Set((await ctx.store.servers.list({ dsId: id }, null)).map((s) => s.id));
        const all = await ctx.store.servers.list({}, await serverVisibility(ctx, caller(request)));
        const passwords = seesPasswords(request);
        const response = all.filter((s) => !assigned.has(s.id)).map((s) => serverRecord(s, passwords));
        return { ...alerts(warningAlert(REMOVED_IN_FUTURE)), response };
      },
    },
    {
      method: 'GET',
      url: '/deliveryservices/:id/servers/eligible',
      since: '1.1',
      auth: PRIV.READ,
      schema: { ...idParams, response: { 200: envelope(list(serverSchema)) } },
      handler: async (request) => {
        const id = parseIntegerParam((request.params as { id: string }).id, 'id');
        const ds = await ctx.store.deliveryServices.byId(id);
        // A delivery service outside the caller's tenancy is not found (cdnctl's rule for what a caller cannot see).
        if (!ds || !(await visibleTenants(ctx, caller(request))).has(ds.tenantId))
          throw notFound(`delivery service ${id} not found`);
        const servers = await ctx.store.servers.list({ cdn: ds.cdnId }, null);
        const passwords = seesPasswords(request);
        const eligible = servers.filter((s) => s.type.startsWith('EDGE') || s.type.startsWith('ORG'));
        return { response: eligible.map((s) => serverRecord(s, passwords)) };
      },
    },
  ];
}

/** DELETE deliveryservice_server/:dsId/:serverId: deprecated, its warning first on every answer. */
function unlinkRoute(ctx: AppContext): RouteDef {
  return {
    method: 'DELETE',
    url: '/deliveryservice_server/:dsId/:serverId',
    since: '1.1',
    auth: PRIV.OPERATIONS,
    schema: {
      params: { type: 'object', properties: { dsId: { type: 'string' }, serverId: { type: 'string' } } },
      response: { 200: alertsOnly },
    },
    handler: async (request) => {
      const p = request.params as { dsId: string; serverId: string };
      try {
        const dsId = parseIntegerParam(p.dsId, 'dsId');
        const serverId = parseIntegerParam(p.serverId, 'serverId');
        await unassignServer(ctx, caller(request), dsId, serverId);
      } catch (err) {
        if (err instanceof ApiError)
          throw new ApiError(err.status, err.message, [warningAlert(UNLINK_DEPRECATION), ...err.preceding]);
        throw err;
      }
      return alerts(warningAlert(UNLINK_DEPRECATION), successAlert('Server unlinked from delivery service.'));
    },
  };
}
