import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { parseServerQuery, SERVER_QUERY_KEYS } from '../services/caches/server-query.js';
import { createServer, deleteServer, updateServer, visibleServer } from '../services/caches/server-writes.js';
import { serverVisibility } from '../services/caches/visibility.js';
import { serverRecord } from '../format/servers.js';
import { alerts, successAlert, warningAlert } from '../http/errors.js';
import { parseIntegerParam } from '../services/params.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import { alertedEnvelope, envelope, int, list, record } from '../../shared/contract/schema.js';
import { serverSchema } from '../../shared/contract/servers.js';

const idParams = { params: { type: 'object', properties: { id: { type: 'string' } } } };
/** A write's answer: its alert and the server (only its id when the caller cannot see it). */
const writeResponse = { 200: alertedEnvelope({ anyOf: [serverSchema, record({ id: int })] }) };
const listSchema = {
  querystring: {
    type: 'object',
    properties: Object.fromEntries(SERVER_QUERY_KEYS.map((k) => [k, { type: 'string', maxLength: 256 }])),
  },
};
// The fields are checked in readServerInput so that every failure of a request is reported in one answer.
const bodySchema = { body: { type: ['object', 'null'] } };

/** Whether the caller sees iLO and XMPP passwords (operations and up; below, `********`). */
export const seesPasswords = (request: FastifyRequest) => caller(request).privLevel >= PRIV.OPERATIONS;

export const SERVER_BY_ID_DEPRECATION =
  'This endpoint is deprecated, please use GET /servers with query parameter id instead';

/** GET/POST servers, GET/PUT/DELETE servers/:id (1.1; BEHAVIOR.md "Caches"). Writes need operations. */
export function serverRoutes(ctx: AppContext): RouteDef[] {
  return [
    ...serverReadRoutes(ctx),
    {
      method: 'POST',
      url: '/servers',
      since: '1.1',
      auth: PRIV.OPERATIONS,
      schema: { ...bodySchema, response: writeResponse },
      handler: async (request) => {
        const id = await createServer(ctx, caller(request), request.body);
        const server = await visibleServer(ctx, caller(request), id).catch(() => null);
        return { ...alerts(successAlert('server was created.')), response: server ? serverRecord(server) : { id } };
      },
    },
    {
      method: 'PUT',
      url: '/servers/:id',
      since: '1.1',
      auth: PRIV.OPERATIONS,
      schema: { ...idParams, ...bodySchema, response: writeResponse },
      handler: async (request) => {
        const id = parseIntegerParam((request.params as { id: string }).id, 'id');
        await updateServer(ctx, caller(request), id, request.body);
        const server = await visibleServer(ctx, caller(request), id);
        return { ...alerts(successAlert('Server updated')), response: serverRecord(server) };
      },
    },
    {
      method: 'DELETE',
      url: '/servers/:id',
      since: '1.1',
      auth: PRIV.OPERATIONS,
      schema: { ...idParams, response: writeResponse },
      handler: async (request) => {
        const id = parseIntegerParam((request.params as { id: string }).id, 'id');
        const server = await deleteServer(ctx, caller(request), id);
        return { ...alerts(successAlert('server was deleted.')), response: serverRecord(server) };
      },
    },
  ];
}

/** GET servers and the deprecated GET servers/:id (read-only). */
function serverReadRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/servers',
      since: '1.1',
      auth: PRIV.READ,
      schema: { ...listSchema, response: { 200: envelope(list(serverSchema)) } },
      handler: async (request) => {
        const filters = parseServerQuery(request.query as Record<string, string>);
        const servers = await ctx.store.servers.list(filters, await serverVisibility(ctx, caller(request)));
        const passwords = seesPasswords(request);
        return { response: servers.map((s) => serverRecord(s, passwords)) };
      },
    },
    {
      method: 'GET',
      url: '/servers/:id',
      since: '1.1',
      auth: PRIV.READ,
      schema: { ...idParams, response: { 200: alertedEnvelope(list(serverSchema)) } },
      handler: async (request) => {
        const id = parseIntegerParam((request.params as { id: string }).id, 'id');
        const server = await ctx.store.servers.byId(id, await serverVisibility(ctx, caller(request)));
        const response = server ? [serverRecord(server, seesPasswords(request))] : [];
        return { ...alerts(warningAlert(SERVER_BY_ID_DEPRECATION)), response };
      },
    },
  ];
}
