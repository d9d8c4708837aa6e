import type { UpdateStatusRecord } from '../../shared/contract/servers.js';
import type { AppContext } from '../context.js';
import type { UpdateStatus } from '../store/server-flags.js';
import { checkInAs } from '../services/caches/agent-check-in.js';
import { cachegroupQueueChange, cdnQueueChange, serverQueueChange } from '../services/caches/change-entries.js';
import { ORT_LEVEL, readCheckIn, serverByIdOrName } from '../services/caches/check-in.js';
import { readQueueAction } from '../services/caches/status-input.js';
import { serverVisibility } from '../services/caches/visibility.js';
import { alerts, badRequest, notFound, successAlert } from '../http/errors.js';
import { parseIntegerParam } from '../services/params.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import {
  alertsOnly,
  envelope,
  int,
  list,
  record,
  text,
  textList,
  type JsonSchema,
} from '../../shared/contract/schema.js';
import { updateStatusSchema } from '../../shared/contract/servers.js';
import { plainOr } from '../../shared/rules/names.js';
import { readWaitQuery, seesAllServers, visibleStatus, waitForUpdateStatus } from './update-status-wait.js';

const ACTION_ERROR = "action must be 'queue' or 'dequeue'";
const idParams = { type: 'object', properties: { id: { type: 'string' } } };
const queueBody = {
  type: ['object', 'null'],
  properties: {
    action: { type: ['string', 'null'] },
    cdn: { type: ['string', 'integer', 'null'] },
    cdnId: { type: ['integer', 'string', 'null'] },
  },
};
const action = { type: 'string', enum: ['queue', 'dequeue'] } as const;
const queueSchema = (response: JsonSchema) => ({
  params: idParams,
  body: queueBody,
  response: { 200: envelope(response) },
});
const checkInSchema = {
  params: { type: 'object', properties: { hostname: { type: 'string' } } },
  querystring: {
    type: 'object',
    properties: {
      updated: { type: 'string' },
      reval_updated: { type: 'string' },
      reval_started: { type: 'string' },
      agent_error: { type: 'string' },
    },
  },
  // Booleans, or 'true'/'false' (and t/f/1/0) as the query spells them: readCheckIn names any other text.
  body: {
    type: ['object', 'null'],
    properties: {
      updated: { type: ['boolean', 'string', 'null'] },
      reval_updated: { type: ['boolean', 'string', 'null'] },
      reval_started: { type: ['integer', 'string', 'null'] },
      agent_error: { type: ['string', 'null'] },
    },
  },
  response: { 200: alertsOnly },
};

function queueAction(body: unknown): boolean {
  const queue = readQueueAction(body);
  if (queue === null) throw badRequest(ACTION_ERROR);
  return queue;
}

type Request = Parameters<RouteDef['handler']>[0];
type Reply = Parameters<RouteDef['handler']>[1];

async function queueServer(ctx: AppContext, request: Request) {
  const queue = queueAction(request.body);
  const id = parseIntegerParam((request.params as { id: string }).id, 'id');
  const server = await ctx.store.servers.byId(id, await serverVisibility(ctx, caller(request)));
  if (!server) throw notFound(`no server with id '${id}' found`);
  await ctx.store.serverFlags.setUpdPending(
    { id },
    null,
    queue,
    ctx.clock(),
    await serverQueueChange(ctx, caller(request), server, queue),
  );
  return { response: { serverId: id, action: queue ? 'queue' : 'dequeue' } };
}

async function queueCdn(ctx: AppContext, request: Request) {
  const queue = queueAction(request.body);
  const id = parseIntegerParam((request.params as { id: string }).id, 'id');
  const cdn = await ctx.store.cdns.byId(id);
  if (!cdn) throw notFound('Not Found');
  const visible = await serverVisibility(ctx, caller(request));
  await ctx.store.serverFlags.setUpdPending(
    { cdn: id },
    visible,
    queue,
    ctx.clock(),
    await cdnQueueChange(ctx, caller(request), cdn, queue),
  );
  return { response: { action: queue ? 'queue' : 'dequeue', cdnId: id } };
}

async function queueCachegroup(ctx: AppContext, request: Request) {
  const queue = queueAction(request.body);
  const id = parseIntegerParam((request.params as { id: string }).id, 'id');
  const body = (request.body ?? {}) as { cdn?: unknown; cdnId?: unknown };
  const cachegroup = await ctx.store.cachegroups.byId(id);
  if (!cachegroup) throw notFound('Not Found');
  if ((body.cdn === undefined || body.cdn === '') && body.cdnId === undefined)
    throw badRequest('cdn is a required field');
  const named = body.cdnId !== undefined ? body.cdnId : body.cdn;
  const cdn = typeof named === 'number' ? await ctx.store.cdns.byId(named) : await ctx.store.cdns.byName(String(named));
  if (!cdn) throw badRequest(plainOr(String(named), (n) => `cdn ${n} does not exist`, 'cdn does not exist'));
  const visible = await serverVisibility(ctx, caller(request));
  const change = await cachegroupQueueChange(ctx, caller(request), cachegroup, cdn, queue);
  const serverNames = await ctx.store.serverFlags.setUpdPending(
    { cachegroup: id, cdn: cdn.id },
    visible,
    queue,
    ctx.clock(),
    change,
  );
  return {
    response: {
      cachegroupName: cachegroup.name,
      action: queue ? 'queue' : 'dequeue',
      serverNames,
      cdn: cdn.name,
      cachegroupID: id,
    },
  };
}

/**
 * The header that tells a cache's agent when its update_status read was taken (epoch ms, the daemon's clock, before
 * the read): the agent sends it back as `reval_started` when it reports the pass, so that only jobs entered before
 * the pass read count as applied by it (issue 33).
 */
export const READ_TIME_HEADER = 'x-cdnctl-read-time';

/** The update_status records of the named hosts the caller sees, in the order given (unknown hosts give none). */
export async function updateStatusRecords(
  ctx: AppContext,
  request: Request,
  reply: Reply,
  hostnames: string[],
): Promise<UpdateStatusRecord[]> {
  reply.header(READ_TIME_HEADER, String(ctx.clock()));
  const visible = await serverVisibility(ctx, caller(request));
  const records: UpdateStatusRecord[] = [];
  for (const hostname of hostnames) {
    const status = await ctx.store.serverFlags.updateStatus(hostname, visible);
    if (status) records.push(toUpdateStatusRecord(status));
  }
  return records;
}

async function updateStatus(ctx: AppContext, request: Request, reply: Reply) {
  const { hostname } = request.params as { hostname: string };
  // `?wait=30s&since=<token>`: the long-poll form the agent uses (issue 32, update-status-wait.ts).
  const wait = readWaitQuery(request.query);
  if (wait)
    return waitForUpdateStatus(ctx, request, reply, wait, {
      read: () => visibleStatus(ctx, request),
      seesAll: () => seesAllServers(ctx, request),
      record: toUpdateStatusRecord,
      readTimeHeader: READ_TIME_HEADER,
    });
  // A read changes nothing (issue 28): lastCheckIn moves only with a check-in by the server's own agent.
  return updateStatusRecords(ctx, request, reply, [hostname]);
}

function toUpdateStatusRecord(status: UpdateStatus): UpdateStatusRecord {
  const record: UpdateStatusRecord = {
    host_name: status.hostName,
    upd_pending: status.updPending,
    reval_pending: status.revalPending,
    use_reval_pending: true,
    host_id: status.hostId,
    status: status.status,
    parent_pending: status.parentPending,
    parent_reval_pending: status.parentRevalPending,
  };
  return record;
}

async function checkIn(ctx: AppContext, request: Request) {
  const fields = { ...(request.query as object), ...((request.body ?? {}) as object) } as Record<string, unknown>;
  const read = readCheckIn(fields);
  if (!read.ok) throw badRequest(read.error);
  const { hostname } = request.params as { hostname: string };
  const server = await serverByIdOrName(ctx, caller(request), hostname);
  if (!server) throw notFound(plainOr(hostname, (h) => `server name '${h}' not found`, 'server name not found'));
  await checkInAs(ctx, caller(request), server, read.report);
  const after = (await ctx.store.serverFlags.updateStatus(server.hostName, null))!;
  return alerts(
    successAlert(
      `successfully set server '${server.hostName}' updated=${after.updPending} reval_updated=${after.revalPending}`,
    ),
  );
}

/**
 * Queued updates (servers, CDN, cache group queue_update; 1.1), what a cache learns at check-in
 * (servers/:hostname/update_status; 1.3) and the JSON check-in (POST servers/:hostname/update, ORT level).
 */
export function serverQueueRoutes(ctx: AppContext): RouteDef[] {
  const cachegroupAnswer = record({
    cachegroupName: text,
    action,
    serverNames: textList,
    cdn: text,
    cachegroupID: int,
  });
  return [
    {
      method: 'POST',
      url: '/servers/:id/queue_update',
      since: '1.1',
      auth: PRIV.OPERATIONS,
      schema: queueSchema(record({ serverId: int, action })),
      handler: (request) => queueServer(ctx, request),
    },
    {
      method: 'POST',
      url: '/cdns/:id/queue_update',
      since: '1.1',
      auth: PRIV.OPERATIONS,
      schema: queueSchema(record({ action, cdnId: int })),
      handler: (request) => queueCdn(ctx, request),
    },
    {
      method: 'POST',
      url: '/cachegroups/:id/queue_update',
      since: '1.1',
      auth: PRIV.OPERATIONS,
      schema: queueSchema(cachegroupAnswer),
      handler: (request) => queueCachegroup(ctx, request),
    },
    {
      method: 'GET',
      url: '/servers/:hostname/update_status',
      since: '1.3',
      auth: PRIV.READ,
      // A bare array, as Traffic Ops answered: one record, or none for an unknown host.
      schema: {
        params: { type: 'object', properties: { hostname: { type: 'string' } } },
        querystring: { type: 'object', properties: { wait: { type: 'string' }, since: { type: 'string' } } },
        response: { 200: list(updateStatusSchema) },
      },
      handler: (request, reply) => updateStatus(ctx, request, reply),
    },
    {
      method: 'POST',
      url: '/servers/:hostname/update',
      since: '1.1',
      auth: ORT_LEVEL,
      schema: checkInSchema,
      handler: (request) => checkIn(ctx, request),
    },
  ];
}
