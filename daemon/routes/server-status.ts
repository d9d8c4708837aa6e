import type { AppContext } from '../context.js';
import { statusChange } from '../services/caches/change-entries.js';
import { guardLastServer, visibleServer } from '../services/caches/server-writes.js';
import { isCacheType, readStatusChange, statusChangedText, storedReason } from '../services/caches/status-input.js';
import { serverVisibility } from '../services/caches/visibility.js';
import { SERVER_STATUSES } from '../store/servers.js';
import { alerts, badRequest, notFound, successAlert } from '../http/errors.js';
import { parseIntegerParam } from '../services/params.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import { alertsOnly, envelope, int } from '../../shared/contract/schema.js';

const statusSchema = {
  params: { type: 'object', properties: { id: { type: 'string' } } },
  // Any scalar status reaches readStatusChange, which names a wrong one as Traffic Ops did ("invalid status").
  body: {
    type: ['object', 'null'],
    properties: {
      status: { type: ['string', 'number', 'boolean', 'null'] },
      offlineReason: { type: ['string', 'null'] },
    },
  },
  response: { 200: alertsOnly },
};

/** GET servers/status: the count of each status, then the total. */
const countsSchema = {
  type: 'object',
  properties: Object.fromEntries([...SERVER_STATUSES, 'total'].map((s) => [s, int])),
  required: [...SERVER_STATUSES, 'total'],
  additionalProperties: false,
};

/** GET servers/status (counts) and PUT servers/:id/status (1.1; BEHAVIOR.md "Caches"). */
export function serverStatusRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/servers/status',
      since: '1.1',
      auth: PRIV.READ,
      schema: { response: { 200: envelope(countsSchema) } },
      handler: async (request) => {
        const counts = await ctx.store.servers.statusCounts(await serverVisibility(ctx, caller(request)));
        const response: Record<string, number> = {};
        for (const status of SERVER_STATUSES) response[status] = counts[status] ?? 0;
        response.total = Object.values(counts).reduce((a, b) => a + b, 0);
        return { response };
      },
    },
    {
      method: 'PUT',
      url: '/servers/:id/status',
      since: '1.1',
      auth: PRIV.OPERATIONS,
      schema: statusSchema,
      handler: async (request) => {
        const principal = caller(request);
        const checked = readStatusChange(request.body);
        if (!checked.ok) throw badRequest(checked.error);
        const id = parseIntegerParam((request.params as { id: string }).id, 'id');
        const server = await visibleServer(ctx, principal, id);
        await guardLastServer(ctx, server, checked.change.status);
        const reason = storedReason(principal.username, checked.change.offlineReason);
        const children = isCacheType(server.type);
        const text = statusChangedText(
          checked.change.status,
          `${server.hostName}.${server.domainName}`,
          reason,
          children,
        );
        const change = await statusChange(ctx, caller(request), server, text);
        if (
          !(await ctx.store.serverFlags.setStatus(id, checked.change.status, reason, children, ctx.clock(), change))
        ) {
          throw notFound(`server ID ${id} not found`);
        }
        return alerts(successAlert(text));
      },
    },
  ];
}
