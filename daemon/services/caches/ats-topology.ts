import { atsDeliveryService, atsParameters } from '../../atsconfig/from-store.js';
import type { AtsCachegroup, AtsParameter, AtsServer } from '../../atsconfig/context.js';
import type { AtsTopology } from '../../atsconfig/topology.js';
import type { AppContext } from '../../context.js';
import { readMaxRevalDurationDays } from '../jobs/reval-limit.js';
import { previousOrigins } from './ats-catalog.js';
import { CDNCTL_VERSION } from '../package-version.js';
import type { Cdn } from '../../store/cdns.js';
import type { DeliveryService } from '../../store/deliveryservices.js';
import type { Server } from '../../store/servers.js';
import type { CacheServer } from '../../store/cache-config.js';

const DAY_MS = 24 * 3600_000;

/** A CDN's topology for the generators, and the delivery-service records the key-store files need. */
export interface LoadedTopology {
  topology: AtsTopology;
  services: DeliveryService[];
}

/** A server record as the generators name it (a server without a port listens on 80). */
export function atsServer(s: CacheServer): AtsServer {
  return {
    id: s.id,
    hostName: s.hostName,
    domainName: s.domainName,
    tcpPort: s.tcpPort ?? 80,
    ipAddress: s.ipAddress ?? '',
    ip6Address: s.ip6Address,
    type: s.type,
    status: s.status,
    cachegroup: s.cachegroup,
    profile: s.profile,
    profileId: s.profileId,
    cdnName: s.cdnName,
  };
}

async function profileParameters(ctx: AppContext, servers: readonly Server[]): Promise<Map<string, AtsParameter[]>> {
  const params = new Map<string, AtsParameter[]>();
  for (const name of new Set(servers.map((s) => s.profile))) {
    params.set(name, atsParameters((await ctx.store.parameters.ofProfile(name)) ?? []));
  }
  return params;
}

async function cachegroups(ctx: AppContext): Promise<AtsCachegroup[]> {
  return (await ctx.store.cachegroups.list({})).map((c) => ({
    name: c.name,
    type: c.typeName,
    parentCachegroup: c.parentCachegroupName,
    secondaryParentCachegroup: c.secondaryParentCachegroupName,
  }));
}

/** Server id → the xmlIds assigned to it. */
async function assignments(
  ctx: AppContext,
  cdnId: number,
  services: readonly DeliveryService[],
): Promise<Map<number, string[]>> {
  const xmlIds = new Map(services.map((ds) => [ds.id, ds.xmlId]));
  const byServer = new Map<number, string[]>();
  for (const { serverId, deliveryServiceId } of await ctx.store.servers.assignmentsOfCdn(cdnId)) {
    const xmlId = xmlIds.get(deliveryServiceId);
    if (xmlId === undefined) continue;
    byServer.set(serverId, [...(byServer.get(serverId) ?? []), xmlId]);
  }
  return byServer;
}

/**
 * Everything of one CDN the ATS generators read, through the store (every server: the joins need them all).
 * The routes no longer use it (issue 32: ats-server-files.ts loads one cache's share); it stays as the
 * whole-CDN reference the scoped generation is checked against, byte for byte.
 */
export async function loadTopology(ctx: AppContext, cdn: Cdn): Promise<LoadedTopology> {
  const servers = await ctx.store.servers.list({ cdn: cdn.id }, null);
  const services = await ctx.store.deliveryServices.list({ cdnId: cdn.id });
  const origins = await ctx.store.origins.list({
    filters: {},
    orderBy: 'id',
    descending: false,
    limit: -1,
    offset: 0,
    visibleTenantIds: null,
  });
  const previous = await previousOrigins(ctx, cdn.id);
  const now = ctx.clock();
  const maxRevalDurationDays = await readMaxRevalDurationDays(ctx);
  const topology: AtsTopology = {
    cdn: { id: cdn.id, name: cdn.name, domainName: cdn.domainName },
    servers: servers.map(atsServer),
    cachegroups: await cachegroups(ctx),
    profileParams: await profileParameters(ctx, servers),
    deliveryServices: services.map((ds) => atsDeliveryService(ds, origins, previous.get(ds.id))),
    assignments: await assignments(ctx, cdn.id, services),
    jobs: await ctx.store.jobs.runningPurgesOfCdn(cdn.id, now, now - maxRevalDurationDays * DAY_MS),
    maxRevalDurationDays,
    now,
    version: CDNCTL_VERSION,
  };
  return { topology, services };
}
