import type { AppContext } from '../../context.js';
import { changeAs } from '../change.js';
import { badRequest, conflict, forbidden, notFound } from '../errors.js';
import type { Principal } from '../principal.js';
import { visibleTenants } from '../tenant-access.js';
import type { DeliveryService } from '../../store/deliveryservices.js';
import type { Server } from '../../store/servers.js';
import { queueMidsAbove } from './affected-caches.js';
import { checkServersFor, guardReplace, notEdgeProblem } from './assignment-rules.js';
import { serverTenants } from './change-entries.js';
import { SERVING, leavesServiceText, visibleServer } from './server-writes.js';
import { serverVisibility } from './visibility.js';

const isIntList = (v: unknown): v is number[] => Array.isArray(v) && v.every((n) => Number.isInteger(n));

async function dsInTenancy(ctx: AppContext, principal: Principal, ds: DeliveryService): Promise<void> {
  if (!(await visibleTenants(ctx, principal)).has(ds.tenantId)) throw forbidden('not authorized on this tenant');
}

/** The servers of `ids` the caller sees: one it cannot see is missing (linking it would make it visible). */
async function serversByIds(ctx: AppContext, principal: Principal, ids: number[]): Promise<Server[]> {
  const found: Server[] = [];
  const visibility = await serverVisibility(ctx, principal);
  for (const id of new Set(ids)) {
    const s = await ctx.store.servers.byId(id, visibility);
    if (!s) throw notFound('server not found');
    found.push(s);
  }
  return found;
}

export interface DsServersBody {
  dsId: number;
  servers: number[];
  replace: boolean;
}

function readDsServersBody(body: unknown): DsServersBody {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('malformed JSON');
  const b = body as Record<string, unknown>;
  if (b.servers === undefined || b.servers === null) throw badRequest('servers must exist in post');
  if (b.dsId === undefined || b.dsId === null) throw badRequest('dsid must exist in post');
  if (b.replace === undefined || b.replace === null) throw badRequest('replace must exist in post');
  if (!isIntList(b.servers) || !Number.isInteger(b.dsId) || typeof b.replace !== 'boolean')
    throw badRequest('malformed JSON');
  return { dsId: b.dsId as number, servers: b.servers, replace: b.replace };
}

/** POST deliveryserviceserver: links servers to a delivery service, replacing its links when asked. */
export async function assignServers(ctx: AppContext, principal: Principal, body: unknown): Promise<DsServersBody> {
  const input = readDsServersBody(body);
  const ds = await ctx.store.deliveryServices.byId(input.dsId);
  if (!ds) throw badRequest('no delivery service with that ID exists');
  await dsInTenancy(ctx, principal, ds);
  const servers = await serversByIds(ctx, principal, input.servers);
  checkServersFor(ds, servers);
  const before = input.replace ? await ctx.store.servers.list({ dsId: ds.id }, null) : [];
  if (input.replace) await guardReplace(ctx, ds, servers);
  else {
    const linked = new Set(await ctx.store.servers.list({ dsId: ds.id }, null).then((l) => l.map((s) => s.id)));
    const dup = servers.find((s) => linked.has(s.id));
    if (dup) throw badRequest(`deliveryservice_server deliveryservice, server '${ds.id}, ${dup.id}' already exists.`);
  }
  const text = `DS: ${ds.xmlId}, ID: ${ds.id}, ACTION: Replace existing servers assigned to delivery service`;
  const entry = changeAs(ctx, principal, text, [ds.tenantId]);
  const ids = servers.map((s) => s.id);
  await ctx.store.servers.linkServers(ds.id, ids, input.replace, ctx.clock(), () => entry);
  await queueMidsAbove(ctx, [...servers, ...before]);
  return { dsId: ds.id, replace: input.replace, servers: input.servers };
}

/** POST deliveryservices/:xmlId/servers: adds the named servers to a delivery service. */
export async function assignServerNames(
  ctx: AppContext,
  principal: Principal,
  xmlId: string,
  body: unknown,
): Promise<{ serverNames: string[]; xmlId: string }> {
  const names = typeof body === 'object' && body !== null ? (body as { serverNames?: unknown }).serverNames : undefined;
  if (!Array.isArray(names) || names.some((n) => typeof n !== 'string' || n === ''))
    throw badRequest('serverNames must be an array of server host names');
  const ds = await ctx.store.deliveryServices.byXmlId(xmlId);
  if (ds) await dsInTenancy(ctx, principal, ds);
  if (!ds) throw notFound('Not Found');
  const servers: Server[] = [];
  // A server the caller cannot see is missing, as on every route.
  const visibility = await serverVisibility(ctx, principal);
  for (const name of new Set(names as string[])) {
    const s = await ctx.store.servers.byHostName(name, visibility);
    if (s) servers.push(s);
  }
  checkServersFor(ds, servers);
  if (servers.length < new Set(names).size) throw notFound('servers not found');
  const hosts = (names as string[]).join(', ');
  const entry = changeAs(
    ctx,
    principal,
    `DS: ${ds.xmlId}, ID: ${ds.id}, ACTION: Assigned servers ${hosts} to delivery service`,
    [ds.tenantId],
  );
  const ids = servers.map((s) => s.id);
  await ctx.store.servers.linkServers(ds.id, ids, false, ctx.clock(), () => entry);
  await queueMidsAbove(ctx, servers);
  return { serverNames: names as string[], xmlId: ds.xmlId };
}

/** DELETE deliveryservice_server/:dsId/:serverId, checked in Traffic Ops' order. */
export async function unassignServer(
  ctx: AppContext,
  principal: Principal,
  dsId: number,
  serverId: number,
): Promise<void> {
  const ds = await ctx.store.deliveryServices.byId(dsId);
  // Outside the caller's tenancy it is not found (cdnctl's rule for what a caller cannot see).
  if (!ds || !(await visibleTenants(ctx, principal)).has(ds.tenantId))
    throw notFound(`no such Delivery Service: #${dsId}`);
  const server = await ctx.store.servers.byId(serverId, await serverVisibility(ctx, principal));
  if (server && SERVING.has(server.status) && ds.active) {
    if ((await ctx.store.servers.activeServicesOnlyServedBy(serverId)).includes(dsId))
      throw conflict(
        `removing server #${serverId} from active Delivery Service #${dsId} would leave it with no REPORTED/ONLINE assigned servers`,
      );
  }
  if (!server) throw notFound('server not found');
  const text = `DS: ${ds.xmlId}, ID: ${ds.id}, ACTION: Remove server ${server.hostName} from delivery service`;
  const entry = changeAs(ctx, principal, text, [ds.tenantId]);
  if (!(await ctx.store.servers.unlink(dsId, serverId, ctx.clock(), (gone) => (gone ? entry : null))))
    throw notFound('Not Found');
  await queueMidsAbove(ctx, [server]);
}

/** POST servers/:id/deliveryservices (1.3+): links delivery services to a server. */
export async function assignDeliveryServices(
  ctx: AppContext,
  principal: Principal,
  serverId: number,
  body: unknown,
  replace: boolean,
): Promise<{ serverId: number; dsIds: number[]; replace: boolean }> {
  if (!isIntList(body)) throw badRequest('payload must be a list of integers representing delivery service ids');
  const server = await visibleServer(ctx, principal, serverId, 'no server with that ID found');
  const tenants = await visibleTenants(ctx, principal);
  const services = body.length === 0 ? [] : await ctx.store.deliveryServices.list({ ids: body, tenantIds: tenants });
  if (body.length === 0 || services.length < new Set(body).size)
    throw notFound("Either no Delivery Service ids given, or at least one id doesn't exist!");
  const notEdge = notEdgeProblem(server);
  if (notEdge) throw badRequest(notEdge);
  await checkCdns(ctx, server, services);
  if (replace && SERVING.has(server.status)) {
    const kept = new Set(body);
    const orphans = (await ctx.store.servers.activeServicesOnlyServedBy(serverId)).filter((id) => !kept.has(id));
    if (orphans.length > 0) throw conflict(leavesServiceText('Delivery Service assignment', orphans));
  }
  const text = `SERVER: ${server.hostName}, ID: ${server.id}, ACTION: Assigned ${body.length} DSes to server`;
  const tenantIds = [...new Set([...services.map((d) => d.tenantId), ...(await serverTenants(ctx, server))])];
  const entry = changeAs(ctx, principal, text, tenantIds);
  await ctx.store.servers.linkDeliveryServices(serverId, body, replace, ctx.clock(), () => entry);
  await queueMidsAbove(ctx, [server]);
  return { serverId, dsIds: body, replace };
}

async function checkCdns(ctx: AppContext, server: Server, services: DeliveryService[]): Promise<void> {
  for (const ds of services) {
    if (ds.cdnId === server.cdnId) continue;
    const dsCdn = await ctx.store.cdns.byId(ds.cdnId);
    throw conflict(
      `Delivery Service ${ds.xmlId} (#${ds.id}) is not in the same CDN as server ${server.hostName} (#${server.id}) ` +
        `(server is in ${server.cdnName} (#${server.cdnId}), DS is in ${dsCdn?.name ?? '?'} (#${ds.cdnId}))!`,
    );
  }
}
