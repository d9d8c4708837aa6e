import type { AppContext } from '../../context.js';
import { changeAs } from '../change.js';
import { badRequest, forbidden, notFound } from '../errors.js';
import type { Principal } from '../principal.js';
import { visibleTenants } from '../tenant-access.js';
import { serverVisibility } from '../caches/visibility.js';
import type { CachegroupServer } from '../../store/cachegroups.js';
import { queueMidsAbove } from '../caches/affected-caches.js';
import { locationParams } from '../deliveryservices/location-params.js';

export interface CachegroupAssignment {
  id: number;
  serverNames: string[];
  deliveryServices: number[];
}

/**
 * The group's servers that take delivery services: EDGE* and ORG* types (reference §2.3), of those the caller sees
 * (assigning its delivery services to a server it cannot see would make that server visible to it).
 */
async function assignable(ctx: AppContext, principal: Principal, id: number): Promise<CachegroupServer[]> {
  const visibility = await serverVisibility(ctx, principal);
  const seen = visibility && new Set((await ctx.store.servers.list({ cachegroup: id }, visibility)).map((s) => s.id));
  const servers = (await ctx.store.cachegroups.servers(id)).filter(
    (s) => (s.type.startsWith('EDGE') || s.type.startsWith('ORG')) && (!seen || seen.has(s.id)),
  );
  if (servers.length === 0) throw badRequest(`no edge or origin servers found on cachegroup ${id}`);
  const cdns = new Set(servers.map((s) => s.cdnId));
  if (cdns.size > 1) throw badRequest(`the servers of cachegroup ${id} are in more than one CDN`);
  return servers;
}

/**
 * POST cachegroups/:id/deliveryservices: assigns each delivery service to every EDGE and ORG server of the group
 * (links that exist stay) and queues updates on those servers, in one transaction with the change-log entry.
 * Each delivery service must exist (404), be the caller's (403) and be on the servers' CDN (400). An empty list
 * changes nothing.
 */
export async function assignCachegroupDeliveryServices(
  ctx: AppContext,
  principal: Principal,
  id: number,
  dsIds: number[],
): Promise<CachegroupAssignment> {
  const servers = await assignable(ctx, principal, id);
  const group = (await ctx.store.cachegroups.byId(id))!;
  const wanted = [...new Set(dsIds)];
  const found = wanted.length === 0 ? [] : await ctx.store.deliveryServices.list({ ids: wanted });
  const visible = await visibleTenants(ctx, principal);
  for (const dsId of wanted) {
    const ds = found.find((d) => d.id === dsId);
    if (!ds) throw notFound(`delivery service ${dsId} not found`);
    if (!visible.has(ds.tenantId)) throw forbidden(`not authorized for delivery service tenant ${ds.tenantId}`);
    if (ds.cdnId !== servers[0].cdnId)
      throw badRequest(`delivery service ${ds.xmlId} is not in the CDN of cachegroup ${id}`);
  }
  const answer = { id, serverNames: servers.map((s) => s.hostName), deliveryServices: dsIds };
  // Nothing to assign changes nothing: no queued update, no entry.
  if (wanted.length === 0) return answer;
  const message = `CACHEGROUP: ${group.name}, ID: ${id}, ACTION: Assign DSes to CacheGroup servers`;
  const entry = changeAs(ctx, principal, message, [...new Set(found.map((d) => d.tenantId))]);
  await ctx.store.cachegroups.assignDeliveryServices(
    servers.map((s) => s.id),
    wanted,
    ctx.clock(),
    entry,
    await locationParams(ctx, found, await groupProfiles(ctx, id, servers)),
  );
  // The MIDs above the group carry its EDGEs' services in their files.
  await queueMidsAbove(ctx, [{ cachegroupId: id, cdnId: servers[0].cdnId }]);
  return answer;
}

/** The profiles of the group's servers being assigned (where the services' location parameters go). */
async function groupProfiles(ctx: AppContext, id: number, servers: CachegroupServer[]): Promise<number[]> {
  const assigned = new Set(servers.map((s) => s.id));
  return (await ctx.store.servers.list({ cachegroup: id }, null))
    .filter((s) => assigned.has(s.id))
    .map((s) => s.profileId);
}
