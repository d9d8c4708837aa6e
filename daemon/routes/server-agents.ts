import type { AppContext } from '../context.js';
import { serverVisibility } from '../services/caches/visibility.js';
import { changeBy } from '../http/change.js';
import { badRequest, forbidden, notFound, successAlert } from '../http/errors.js';
import { parseIntegerParam } from '../services/params.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import type { Server } from '../store/servers.js';
import { alertedEnvelope, envelope, int, record, text, textList } from '../../shared/contract/schema.js';

/*
 * A server's agents (issue 28): the logins that speak for the cache. Only they check in for it (its flags and
 * lastCheckIn) and read all of its key-store files. An admin of the root tenant (one who sees every tenant, since
 * an agent reads every delivery service's keys on its cache) sets them; each change goes to the change log.
 */

const MAX_AGENTS = 32;
const agentsRecord = record({ serverId: int, hostName: text, usernames: textList });
const idParams = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] };
const agentsBody = {
  type: 'object',
  properties: {
    usernames: { type: 'array', maxItems: MAX_AGENTS, items: { type: 'string', minLength: 1, maxLength: 128 } },
  },
  required: ['usernames'],
};

type Request = Parameters<RouteDef['handler']>[0];

/** The server the request names by id, for an admin who sees every tenant (403 otherwise, 404 unknown). */
async function agentServer(ctx: AppContext, request: Request): Promise<Server> {
  const id = parseIntegerParam((request.params as { id: string }).id, 'id');
  const server = await ctx.store.servers.byId(id, null);
  if (!server) throw notFound(`no server with id '${id}' found`);
  if ((await serverVisibility(ctx, caller(request))) !== null) throw forbidden('not authorized on this tenant');
  return server;
}

async function answer(ctx: AppContext, server: Server) {
  return {
    serverId: server.id,
    hostName: server.hostName,
    usernames: await ctx.store.serverAgents.usernames(server.id),
  };
}

async function setAgents(ctx: AppContext, request: Request) {
  const server = await agentServer(ctx, request);
  const { usernames } = request.body as { usernames: string[] };
  const ids: number[] = [];
  for (const [i, username] of usernames.entries()) {
    const user = await ctx.store.users.byUsername(username);
    if (!user) throw badRequest(`usernames[${i}] is no user`);
    ids.push(user.id);
  }
  const names = [...new Set(usernames)].sort();
  const message = `SERVER: ${server.hostName}, ID: ${server.id}, ACTION: agents set to ${names.length ? names.join(', ') : '(none)'}`;
  const changed = await ctx.store.serverAgents.replace(server.id, ids, changeBy(ctx, request, message));
  return {
    alerts: [successAlert(changed ? 'server agents were updated.' : 'server agents were already so.')],
    response: await answer(ctx, server),
  };
}

/** `GET/PUT servers/:id/agents` (cdnctl's own, 1.1+, admin). */
export function serverAgentRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/servers/:id/agents',
      since: '1.1',
      auth: PRIV.ADMIN,
      schema: { params: idParams, response: { 200: envelope(agentsRecord) } },
      handler: async (request) => ({ response: await answer(ctx, await agentServer(ctx, request)) }),
    },
    {
      method: 'PUT',
      url: '/servers/:id/agents',
      since: '1.1',
      auth: PRIV.ADMIN,
      schema: { params: idParams, body: agentsBody, response: { 200: alertedEnvelope(agentsRecord) } },
      handler: (request) => setAgents(ctx, request),
    },
  ];
}
