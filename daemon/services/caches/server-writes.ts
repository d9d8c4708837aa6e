import type { AppContext } from '../../context.js';
import { queueMidsAbove } from './affected-caches.js';
import { badRequest, conflict, notFound } from '../errors.js';
import type { Principal } from '../principal.js';
import { SERVER_STATUSES, type Server, type ServerFields, type ServerStatus } from '../../store/servers.js';
import { serverCreatedChange, serverDeletedChange, serverUpdatedChange } from './change-entries.js';
import { readServerInput, type Ref, type ServerInput } from './server-input.js';
import { isCacheType, NEEDS_REASON } from './status-input.js';
import { serverVisibility } from './visibility.js';

/** Statuses in which a cache serves its delivery services. */
export const SERVING = new Set(['ONLINE', 'REPORTED']);

/** 404 `server ID <n> not found` (or `missing`) unless the caller sees that server. */
export async function visibleServer(
  ctx: AppContext,
  principal: Principal,
  id: number,
  missing = `server ID ${id} not found`,
): Promise<Server> {
  const server = await ctx.store.servers.byId(id, await serverVisibility(ctx, principal));
  if (!server) throw notFound(missing);
  return server;
}

/** Traffic Ops' 409 text: what taking this server out of service would leave without a cache. */
export function leavesServiceText(what: string, dsIds: number[]): string {
  const list = dsIds.map((id) => `#${id}`).join(', ');
  const noun = dsIds.length === 1 ? 'Delivery Service' : 'Delivery Services';
  return `${what} would leave Active ${noun} ${list}  with no 'ONLINE' or 'REPORTED' servers`;
}

/**
 * Refuses (409) to take a serving server out of service when it is the last ONLINE/REPORTED server of an active
 * delivery service. `newStatus` null means the server is being deleted.
 */
export async function guardLastServer(ctx: AppContext, server: Server, newStatus: string | null): Promise<void> {
  if (newStatus !== null && SERVING.has(newStatus)) return;
  if (!SERVING.has(server.status)) return;
  const orphans = await ctx.store.servers.activeServicesOnlyServedBy(server.id);
  if (orphans.length === 0) return;
  const what = newStatus === null ? `deleting server #${server.id}` : `setting server status to '${newStatus}'`;
  throw conflict(leavesServiceText(what, orphans));
}

async function resolve<T>(ref: Ref, find: (ref: Ref) => Promise<T | null>, what: string): Promise<T> {
  const found = await find(ref);
  if (!found) throw notFound(`${what} not found`);
  return found;
}

/** The status a body names: by name, or by id in the statuses table (one of the five a server may have). */
async function statusOf(ctx: AppContext, status: ServerInput['status']): Promise<ServerStatus> {
  if (typeof status === 'string') return status;
  const name = await ctx.store.servers.statusName(status.id);
  if (name === null || !(SERVER_STATUSES as readonly string[]).includes(name))
    throw badRequest(`no such Status: #${status.id}`);
  return name as ServerStatus;
}

/** Traffic Ops' consistency checks (400, joined): a server type, a known profile of the server's CDN. */
async function consistency(
  ctx: AppContext,
  input: ServerInput,
  cdnId: number,
): Promise<{ typeId: number; profileId: number }> {
  const problems: string[] = [];
  const type = await ctx.store.typeLookup.find('server', input.type);
  if (!type) problems.push('type is not a valid server type');
  const profile =
    'id' in input.profile
      ? await ctx.store.profiles.get(input.profile.id)
      : ((await ctx.store.profiles.list({ name: input.profile.name }))[0] ?? null);
  if (!profile) {
    const named = 'id' in input.profile ? input.profile.id : input.profile.name;
    problems.push('id' in input.profile ? `no such profileId: '${named}'` : `no such profile: '${named}'`);
  } else if (profile.cdnId !== cdnId) {
    problems.push(`CDN id '${profile.cdnId}' for profile '${profile.id}' does not match Server CDN '${cdnId}'`);
  }
  if (problems.length > 0 || !type || !profile) throw badRequest(problems.join(', '));
  return { typeId: type.id, profileId: profile.id };
}

/** Resolves a body's references: unknown cache group, CDN or location → 404 `<thing> not found`. */
async function toFields(ctx: AppContext, input: ServerInput): Promise<ServerFields> {
  const cachegroup = await resolve(
    input.cachegroup,
    async (r) =>
      'id' in r ? ctx.store.cachegroups.byId(r.id) : ((await ctx.store.cachegroups.list({ name: r.name }))[0] ?? null),
    'cachegroup',
  );
  const cdn = await resolve(
    input.cdn,
    (r) => ('id' in r ? ctx.store.cdns.byId(r.id) : ctx.store.cdns.byName(r.name)),
    'cdn',
  );
  const location = input.physLocation
    ? await resolve(input.physLocation, (r) => ctx.store.servers.physLocation(r), 'physLocation')
    : null;
  const { typeId, profileId } = await consistency(ctx, input, cdn.id);
  const { cachegroup: _c, cdn: _d, profile: _p, type: _t, physLocation: _l, status: _s, ...plain } = input;
  return {
    ...plain,
    status: await statusOf(ctx, input.status),
    cachegroupId: cachegroup.id,
    cdnId: cdn.id,
    profileId,
    typeId,
    physLocationId: location?.id ?? null,
  };
}

/** The reason is kept only for ADMIN_DOWN and OFFLINE (a status by id learns its name late). */
function withReason(fields: ServerFields): ServerFields {
  return NEEDS_REASON.has(fields.status) ? fields : { ...fields, offlineReason: null };
}

function checkedInput(body: unknown): ServerInput {
  const checked = readServerInput(body);
  if (!checked.ok) throw badRequest(checked.errors.join(', '));
  return checked.input;
}

/**
 * Traffic Ops' trigger: no two servers of one profile share an IPv4 service address. cdnctl exempts loopback
 * addresses: caches of one lab host (and the tests' loopback caches) all answer on 127.0.0.1.
 */
async function guardAddress(ctx: AppContext, fields: ServerFields, id: number): Promise<void> {
  if (fields.ipAddress === null || fields.ipAddress.startsWith('127.')) return;
  const n = await ctx.store.servers.ipConflicts(fields.ipAddress, fields.profileId, id);
  if (n > 0)
    throw badRequest(
      `ipAddress is not unique across the server [id:${id}] profile [id:${fields.profileId}], [${n}] conflicts`,
    );
}

/** POST servers: the new server's id. A body `id` of an existing server is refused, as Traffic Ops did. */
export async function createServer(ctx: AppContext, principal: Principal, body: unknown): Promise<number> {
  const input = checkedInput(body);
  const given = (body as { id?: unknown }).id;
  if (typeof given === 'number' && (await ctx.store.servers.byId(given, null)))
    throw badRequest(`server with id ${given} already exists. Please do not provide an id`);
  const fields = withReason(await toFields(ctx, input));
  if (NEEDS_REASON.has(fields.status) && fields.offlineReason === null)
    throw badRequest("'offlineReason' is required for ADMIN_DOWN or OFFLINE status");
  await guardAddress(ctx, fields, 0);
  const id = await ctx.store.servers.insert(fields, ctx.clock(), await serverCreatedChange(ctx, principal, fields));
  if (id === null) throw badRequest(`server with hostName '${fields.hostName}' already exists.`);
  return id;
}

/** The 409s and 400 of a PUT that come after the body's checks, in Traffic Ops' order. */
async function guardUpdate(ctx: AppContext, server: Server, fields: ServerFields): Promise<void> {
  await guardLastServer(ctx, server, fields.status);
  const assigned = (await ctx.store.servers.deliveryServiceIds(server.id)).length > 0;
  if (assigned && fields.typeId !== server.typeId)
    throw conflict('server type can not be updated when it is currently assigned to Delivery Services');
  if (assigned && fields.cdnId !== server.cdnId)
    throw conflict('server cdn can not be updated when it is currently assigned to delivery services');
  if (fields.xmppId !== null && fields.xmppId !== (server.xmppId ?? ''))
    throw badRequest('server cannot be updated due to requested XMPPID change. XMPIDD is immutable');
}

/**
 * PUT servers/:id: a whole new record, checked in Traffic Ops' order. A status or profile change queues updates
 * on the server and, for an EDGE or MID, on its child caches (what the change alters for them).
 */
export async function updateServer(ctx: AppContext, principal: Principal, id: number, body: unknown): Promise<void> {
  const server = await visibleServer(ctx, principal, id, "the server doesn't exist, cannot update");
  const fields = withReason(await toFields(ctx, checkedInput(body)));
  if (NEEDS_REASON.has(fields.status) && fields.offlineReason === null)
    throw badRequest("'offlineReason' is required for ADMIN_DOWN or OFFLINE status");
  await guardUpdate(ctx, server, fields);
  await guardAddress(ctx, fields, id);
  const changed = fields.status !== server.status || fields.profileId !== server.profileId;
  const moved = fields.cachegroupId !== server.cachegroupId && isCacheType(server.type);
  const queue = { self: changed || moved, children: changed && isCacheType(server.type) };
  const change = await serverUpdatedChange(ctx, principal, server, fields);
  if (!(await ctx.store.servers.update(id, fields, ctx.clock(), change, queue))) {
    throw badRequest(`server with hostName '${fields.hostName}' already exists.`);
  }
  // A cache that moves has new parents, and the MIDs above its old and new group carry its services.
  if (moved && (await ctx.store.servers.deliveryServiceIds(id)).length > 0) await queueMidsAbove(ctx, [server, fields]);
}

/** DELETE servers/:id: the deleted server. */
export async function deleteServer(ctx: AppContext, principal: Principal, id: number): Promise<Server> {
  const server = await visibleServer(ctx, principal, id, `no server exists by id #${id}`);
  await guardLastServer(ctx, server, null);
  await ctx.store.servers.delete(id, await serverDeletedChange(ctx, principal, server));
  return server;
}
