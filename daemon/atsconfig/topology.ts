import type { RevalidationJob } from '../store/jobs.js';
import type { AtsCachegroup, AtsDeliveryService, AtsParameter, AtsServer, AtsServerContext } from './context.js';
import type { AtsFileScope } from './file-list.js';
import { generateAtsFile } from './generate.js';

/**
 * Everything of one CDN the generators may need, as flat lists (what the store answers): the routes build one
 * of these and ask for a server's context or a scoped file; this module does the joins, purely.
 */
export interface AtsTopology {
  cdn: AtsServerContext['cdn'];
  servers: AtsServer[];
  cachegroups: AtsCachegroup[];
  /** Profile name → its parameters. */
  profileParams: ReadonlyMap<string, AtsParameter[]>;
  deliveryServices: AtsDeliveryService[];
  /** Server id → the xmlIds of the delivery services assigned to it. */
  assignments: ReadonlyMap<number, readonly string[]>;
  jobs: RevalidationJob[];
  maxRevalDurationDays: number;
  now: number;
  version: string;
}

export const isCache = (s: AtsServer) => s.type.startsWith('EDGE') || s.type.startsWith('MID');
const byHost = (a: AtsServer, b: AtsServer) => (a.hostName < b.hostName ? -1 : a.hostName > b.hostName ? 1 : 0);

/**
 * One server and what its files need, as the scoped loader reads it (issue 32): the servers of its parent,
 * secondary parent and child cache groups (`neighbours`: others may be there too, the joins pick), and the
 * delivery services already chosen for it (an EDGE's assignments, a MID's children's: see serviceHolders).
 */
export interface AtsServerSlice extends Pick<
  AtsTopology,
  'cdn' | 'cachegroups' | 'jobs' | 'maxRevalDurationDays' | 'now' | 'version'
> {
  server: AtsServer;
  neighbours: AtsServer[];
  params: AtsParameter[];
  deliveryServices: AtsDeliveryService[];
}

/** Where a server sits: its cache group, the servers of its parent groups and of its child groups. */
interface Joins {
  cachegroup: AtsCachegroup;
  parents: AtsServer[];
  secondaryParents: AtsServer[];
  children: AtsServer[];
}

function joinsOf(
  cdnName: string,
  servers: readonly AtsServer[],
  cachegroups: readonly AtsCachegroup[],
  server: AtsServer,
): Joins {
  const cachegroup = cachegroups.find((c) => c.name === server.cachegroup) ?? {
    name: server.cachegroup,
    type: '',
    parentCachegroup: null,
    secondaryParentCachegroup: null,
  };
  const cachesIn = (names: ReadonlySet<string>) =>
    servers.filter((s) => names.has(s.cachegroup) && s.cdnName === cdnName && isCache(s)).sort(byHost);
  const one = (name: string | null) => (name === null ? [] : cachesIn(new Set([name])));
  const childGroups = new Set(
    cachegroups
      .filter((c) => c.parentCachegroup === cachegroup.name || c.secondaryParentCachegroup === cachegroup.name)
      .map((c) => c.name),
  );
  return {
    cachegroup,
    children: cachesIn(childGroups),
    parents: one(cachegroup.parentCachegroup),
    secondaryParents: one(cachegroup.secondaryParentCachegroup),
  };
}

/** The cache-group names a server's joins read: its parents' and its children's (what the loader must fetch). */
export function neighbourGroups(
  cachegroups: readonly AtsCachegroup[],
  server: Pick<AtsServer, 'cachegroup'>,
): string[] {
  const own = cachegroups.find((c) => c.name === server.cachegroup);
  const names = cachegroups
    .filter((c) => c.parentCachegroup === server.cachegroup || c.secondaryParentCachegroup === server.cachegroup)
    .map((c) => c.name);
  if (own?.parentCachegroup) names.push(own.parentCachegroup);
  if (own?.secondaryParentCachegroup) names.push(own.secondaryParentCachegroup);
  return [...new Set(names)];
}

/**
 * The servers whose assignments are a server's delivery services: an EDGE's own; a MID's are those of the
 * caches in its child cache groups (a MID serves what its children ask for).
 */
export function serviceHolders(
  slice: Pick<AtsServerSlice, 'cdn' | 'cachegroups' | 'server' | 'neighbours'>,
): AtsServer[] {
  if (!slice.server.type.startsWith('MID')) return [slice.server];
  return joinsOf(slice.cdn.name, slice.neighbours, slice.cachegroups, slice.server).children;
}

function servicesOf(t: AtsTopology, server: AtsServer, children: readonly AtsServer[]): AtsDeliveryService[] {
  const holders = server.type.startsWith('MID') ? children : [server];
  const xmlIds = new Set(holders.flatMap((s) => t.assignments.get(s.id) ?? []));
  return t.deliveryServices.filter((ds) => xmlIds.has(ds.xmlId));
}

type Common = Pick<AtsTopology, 'cdn' | 'jobs' | 'maxRevalDurationDays' | 'now' | 'version'>;

function assemble(
  t: Common,
  server: AtsServer,
  joins: Joins,
  params: AtsParameter[],
  deliveryServices: AtsDeliveryService[],
): AtsServerContext {
  return {
    server,
    ...joins,
    cdn: t.cdn,
    params,
    deliveryServices,
    jobs: t.jobs,
    maxRevalDurationDays: t.maxRevalDurationDays,
    now: t.now,
    version: t.version,
  };
}

/** The context of one server by host name, or null when the CDN has no such server. */
export function serverContext(t: AtsTopology, hostName: string): AtsServerContext | null {
  const server = t.servers.find((s) => s.hostName === hostName);
  if (!server) return null;
  const joins = joinsOf(t.cdn.name, t.servers, t.cachegroups, server);
  return assemble(t, server, joins, t.profileParams.get(server.profile) ?? [], servicesOf(t, server, joins.children));
}

/** The context of the slice's server: the same joins as serverContext, over the slice's servers only. */
export function sliceContext(slice: AtsServerSlice): AtsServerContext {
  const others = slice.neighbours.filter((s) => s.id !== slice.server.id);
  const joins = joinsOf(slice.cdn.name, [slice.server, ...others], slice.cachegroups, slice.server);
  return assemble(slice, slice.server, joins, slice.params, slice.deliveryServices);
}

/**
 * A file at its scoped URI (`profiles/<name>/…`, `cdns/<name>/…`): generated for the first server (by host
 * name) that installs it — one with that profile, or any cache of the CDN. Null when none does.
 */
export function scopedFile(t: AtsTopology, scope: AtsFileScope, owner: string, fileName: string): string | null {
  const candidates = t.servers
    .filter((s) => isCache(s) && s.cdnName === t.cdn.name)
    .filter((s) =>
      scope === 'servers' ? s.hostName === owner : scope === 'profiles' ? s.profile === owner : t.cdn.name === owner,
    )
    .sort(byHost);
  for (const server of candidates) {
    const ctx = serverContext(t, server.hostName);
    const text = ctx && generateAtsFile(ctx, fileName);
    if (text) return text;
  }
  return null;
}
