import type { AppContext } from '../../context.js';

/*
 * The caches a change to one delivery service affects (issue 32): the caches assigned to it (its EDGEs) and the
 * MIDs of their parent and secondary parent cache groups, whose files carry the service for them. Nothing else
 * of the CDN reads it, so nothing else is queued (a whole CDN's resync cost hours of one core at its scale).
 */

const isMid = (type: string) => type.startsWith('MID');
const isCache = (type: string) => type.startsWith('EDGE') || isMid(type);

/** The parent and secondary parent cache groups of the servers' cache groups (ids). */
async function parentGroupsOf(ctx: AppContext, servers: ReadonlyArray<{ cachegroupId: number }>): Promise<number[]> {
  const groups = new Set(servers.map((s) => s.cachegroupId));
  const parents = new Set<number>();
  for (const g of await ctx.store.cachegroups.list({})) {
    if (!groups.has(g.id)) continue;
    if (g.parentCachegroupId !== null) parents.add(g.parentCachegroupId);
    if (g.secondaryParentCachegroupId !== null) parents.add(g.secondaryParentCachegroupId);
  }
  return [...parents];
}

/** The caches whose files read a delivery service: those assigned to it, and the MIDs above them (ids). */
export interface ServiceCaches {
  cdnId: number;
  holders: number[];
  mids: number[];
}

export async function cachesOfService(ctx: AppContext, deliveryServiceId: number): Promise<ServiceCaches | null> {
  const ds = (await ctx.store.deliveryServices.list({ ids: [deliveryServiceId] }))[0];
  if (!ds) return null;
  const holders = (await ctx.store.servers.list({ dsId: ds.id, cdn: ds.cdnId }, null)).filter((s) => isCache(s.type));
  const parents = await parentGroupsOf(ctx, holders);
  const mids = (await ctx.store.cacheConfig.serversInCachegroups(ds.cdnId, parents)).filter((s) => isMid(s.type));
  return { cdnId: ds.cdnId, holders: holders.map((s) => s.id), mids: mids.map((s) => s.id) };
}

/**
 * Queues updates on the caches a change to the delivery service affects, after the change was written (the
 * change's own log entry says what changed; the flags say who must fetch it).
 */
export async function queueCachesOfService(ctx: AppContext, deliveryServiceId: number): Promise<void> {
  const caches = await cachesOfService(ctx, deliveryServiceId);
  if (!caches) return;
  const now = ctx.clock();
  if (caches.holders.length > 0)
    await ctx.store.serverFlags.setUpdPending({ dsId: deliveryServiceId, cdn: caches.cdnId }, null, true, now);
  for (const id of caches.mids) await ctx.store.serverFlags.setUpdPending({ id }, null, true, now);
}

/**
 * Queues updates on the MIDs above caches whose delivery-service links changed (issue 30): a MID's remap.config
 * and parent.config carry the services of the EDGEs in its child cache groups, so a new or removed link changes
 * its files too (the linked caches themselves are queued by the store with the link).
 */
export async function queueMidsAbove(
  ctx: AppContext,
  servers: ReadonlyArray<{ cachegroupId: number; cdnId: number }>,
): Promise<void> {
  const parents = await parentGroupsOf(ctx, servers);
  const now = ctx.clock();
  for (const cdnId of new Set(servers.map((s) => s.cdnId))) {
    const mids = (await ctx.store.cacheConfig.serversInCachegroups(cdnId, parents)).filter((s) => isMid(s.type));
    for (const mid of mids) await ctx.store.serverFlags.setUpdPending({ id: mid.id }, null, true, now);
  }
}
