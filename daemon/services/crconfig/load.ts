import type { AppContext } from '../../context.js';
import type { Cachegroup } from '../../store/cachegroups.js';
import type { Cdn } from '../../store/cdns.js';
import type { DeliveryService } from '../../store/deliveryservices.js';
import type { DeliveryServiceRegex } from '../../store/deliveryservice-writes.js';
import type { Parameter } from '../../store/parameters.js';
import type { Profile } from '../../store/profiles.js';
import type { Server } from '../../store/server-rows.js';

/**
 * Everything the CRConfig and the monitoring configuration of one CDN are built from (issue 35): read from the
 * store once, then handed to the pure builders (crconfig.ts, monitoring.ts).
 */
export interface CdnTopology {
  cdn: Cdn;
  /** Every server of the CDN, whatever its type and status. */
  servers: Server[];
  /** Every cache group (the builders keep those that hold a server of the CDN). */
  cachegroups: Cachegroup[];
  /** The profiles of the CDN's servers and of its RASCAL profiles, by name. */
  profiles: Map<string, Profile>;
  /** The parameters of each of those profiles, by profile name. */
  parameters: Map<string, Parameter[]>;
  /** The CDN's delivery services. */
  deliveryServices: DeliveryService[];
  /** The delivery services of every CDN (the monitoring configuration lists them all, as Traffic Ops did). */
  allDeliveryServices: DeliveryService[];
  /** The regexes of the CDN's delivery services. */
  regexes: DeliveryServiceRegex[];
  /** Which server carries which delivery service, within the CDN. */
  assignments: Array<{ serverId: number; deliveryServiceId: number }>;
  /** The global parameter `tm.url`, or null. */
  tmUrl: string | null;
}

async function profilesOf(ctx: AppContext, cdn: Cdn, servers: Server[]): Promise<Map<string, Profile>> {
  const ofCdn = await ctx.store.profiles.list({ cdnId: cdn.id });
  const used = new Set(servers.map((s) => s.profile));
  const profiles = new Map<string, Profile>();
  for (const p of ofCdn) if (used.has(p.name) || p.name.startsWith('RASCAL')) profiles.set(p.name, p);
  for (const s of servers) {
    if (profiles.has(s.profile)) continue;
    const p = await ctx.store.profiles.get(s.profileId);
    if (p) profiles.set(p.name, p);
  }
  return profiles;
}

async function parametersOf(ctx: AppContext, names: Iterable<string>): Promise<Map<string, Parameter[]>> {
  const parameters = new Map<string, Parameter[]>();
  for (const name of names) parameters.set(name, (await ctx.store.parameters.ofProfile(name)) ?? []);
  return parameters;
}

/** Reads the topology of `cdn`. */
export async function loadTopology(ctx: AppContext, cdn: Cdn): Promise<CdnTopology> {
  const servers = await ctx.store.servers.list({ cdn: cdn.id }, null);
  const profiles = await profilesOf(ctx, cdn, servers);
  const allDeliveryServices = await ctx.store.deliveryServices.list();
  const deliveryServices = allDeliveryServices.filter((ds) => ds.cdnId === cdn.id);
  const ids = new Set(deliveryServices.map((ds) => ds.id));
  const regexes = (await ctx.store.deliveryServiceWrites.regexes(null)).filter((r) => ids.has(r.deliveryServiceId));
  return {
    cdn,
    servers,
    cachegroups: await ctx.store.cachegroups.list({}),
    profiles,
    parameters: await parametersOf(ctx, profiles.keys()),
    deliveryServices,
    allDeliveryServices,
    regexes,
    assignments: await ctx.store.servers.assignmentsOfCdn(cdn.id),
    tmUrl: await ctx.store.parameters.profileValue('GLOBAL', 'tm.url', 'global'),
  };
}
