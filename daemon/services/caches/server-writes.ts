import type { AppContext } from '../../context.js';
import { badRequest, conflict, notFound } from '../errors.js';
import type { Principal } from '../principal.js';
import type { Server, ServerFields } from '../../store/servers.js';
import { serverCreatedChange, serverDeletedChange, serverUpdatedChange } from './change-entries.js';
import { readServerInput, type Ref, type ServerInput } from './server-input.js';
import { serverVisibility } from './visibility.js';

/** Statuses in which a cache serves its delivery services. */
export const SERVING = new Set(['ONLINE', 'REPORTED']);

/** 404 `server ID <n> not found` unless the caller sees that server. */
export async function visibleServer(ctx: AppContext, principal: Principal, id: number): Promise<Server> {
  const server = await ctx.store.servers.byId(id, await serverVisibility(ctx, principal));
  if (!server) throw notFound(`server ID ${id} not found`);
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
  const what = newStatus === null ? `deleting server '${server.hostName}'` : `setting server status to '${newStatus}'`;
  throw conflict(leavesServiceText(what, orphans));
}

async function resolve<T>(ref: Ref, find: (ref: Ref) => Promise<T | null>, what: string): Promise<T> {
  const found = await find(ref);
  if (!found) throw notFound(`${what} not found`);
  return found;
}

/** Resolves a body's references by id or name: unknown ones → 404 `<thing> not found`. */
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
  const profile = await resolve(
    input.profile,
    async (r) =>
      'id' in r ? ctx.store.profiles.get(r.id) : ((await ctx.store.profiles.list({ name: r.name }))[0] ?? null),
    'profile',
  );
  const type = await resolve(input.type, (r) => ctx.store.typeLookup.find('server', r), 'type');
  const { cachegroup: _c, cdn: _d, profile: _p, type: _t, ...plain } = input;
  return { ...plain, cachegroupId: cachegroup.id, cdnId: cdn.id, profileId: profile.id, typeId: type.id };
}

function checkedInput(body: unknown): ServerInput {
  const checked = readServerInput(body);
  if (!checked.ok) throw badRequest(checked.errors.join(', '));
  return checked.input;
}

/** POST servers: the new server's id. */
export async function createServer(ctx: AppContext, principal: Principal, body: unknown): Promise<number> {
  const fields = await toFields(ctx, checkedInput(body));
  const id = await ctx.store.servers.insert(fields, ctx.clock(), await serverCreatedChange(ctx, principal, fields));
  if (id === null) throw badRequest(`server with hostName '${fields.hostName}' already exists.`);
  return id;
}

/**
 * PUT servers/:id: a whole new record. Leaving a delivery service without a serving cache is refused, and so is
 * moving an assigned server to another CDN than its delivery services'.
 */
export async function updateServer(ctx: AppContext, principal: Principal, id: number, body: unknown): Promise<void> {
  const server = await visibleServer(ctx, principal, id);
  const fields = await toFields(ctx, checkedInput(body));
  await guardLastServer(ctx, server, fields.status);
  if (fields.cdnId !== server.cdnId && (await ctx.store.servers.deliveryServiceIds(id)).length > 0) {
    throw conflict('server cannot move to another CDN while it is assigned to delivery services');
  }
  if (
    !(await ctx.store.servers.update(
      id,
      fields,
      ctx.clock(),
      await serverUpdatedChange(ctx, principal, server, fields),
    ))
  ) {
    throw badRequest(`server with hostName '${fields.hostName}' already exists.`);
  }
}

/** DELETE servers/:id: the deleted server. */
export async function deleteServer(ctx: AppContext, principal: Principal, id: number): Promise<Server> {
  const server = await visibleServer(ctx, principal, id);
  await guardLastServer(ctx, server, null);
  await ctx.store.servers.delete(id, await serverDeletedChange(ctx, principal, server));
  return server;
}
