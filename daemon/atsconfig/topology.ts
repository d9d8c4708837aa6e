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

const isCache = (s: AtsServer) => s.type.startsWith('EDGE') || s.type.startsWith('MID');
const byHost = (a: AtsServer, b: AtsServer) => (a.hostName < b.hostName ? -1 : a.hostName > b.hostName ? 1 : 0);

function serversOf(t: AtsTopology, cachegroup: string | null): AtsServer[] {
  if (cachegroup === null) return [];
  return t.servers.filter((s) => s.cachegroup === cachegroup && s.cdnName === t.cdn.name && isCache(s)).sort(byHost);
}

/**
 * The delivery services of a server: an EDGE's own assignments; a MID's are those of the edges in its child
 * cache groups (a MID serves what its children ask for).
 */
function servicesOf(t: AtsTopology, server: AtsServer, children: readonly AtsServer[]): AtsDeliveryService[] {
  const holders = server.type.startsWith('MID') ? children : [server];
  const xmlIds = new Set(holders.flatMap((s) => t.assignments.get(s.id) ?? []));
  return t.deliveryServices.filter((ds) => xmlIds.has(ds.xmlId));
}

/** The context of one server by host name, or null when the CDN has no such server. */
export function serverContext(t: AtsTopology, hostName: string): AtsServerContext | null {
  const server = t.servers.find((s) => s.hostName === hostName);
  if (!server) return null;
  const cachegroup = t.cachegroups.find((c) => c.name === server.cachegroup) ?? {
    name: server.cachegroup,
    type: '',
    parentCachegroup: null,
    secondaryParentCachegroup: null,
  };
  const childGroups = new Set(
    t.cachegroups
      .filter((c) => c.parentCachegroup === cachegroup.name || c.secondaryParentCachegroup === cachegroup.name)
      .map((c) => c.name),
  );
  const children = t.servers
    .filter((s) => childGroups.has(s.cachegroup) && s.cdnName === t.cdn.name && isCache(s))
    .sort(byHost);
  return {
    server,
    cachegroup,
    children,
    parents: serversOf(t, cachegroup.parentCachegroup),
    secondaryParents: serversOf(t, cachegroup.secondaryParentCachegroup),
    cdn: t.cdn,
    params: t.profileParams.get(server.profile) ?? [],
    deliveryServices: servicesOf(t, server, children),
    jobs: t.jobs,
    maxRevalDurationDays: t.maxRevalDurationDays,
    now: t.now,
    version: t.version,
  };
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
