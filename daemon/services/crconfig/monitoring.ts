import type {
  MonitorRecord,
  MonitoredCache,
  MonitoringConfig,
  MonitoringDeliveryService,
  MonitoringProfile,
} from '../../../shared/contract/crconfig.js';
import type { Server } from '../../store/server-rows.js';
import type { CdnTopology } from './load.js';
import { MONITOR_TYPE, ROUTER_TYPE, isCache, paramsIn } from './params.js';
import { profileParameters } from './thresholds.js';

/** The statuses of the caches the monitoring configuration lists (the monitor then polls REPORTED and ADMIN_DOWN). */
const MONITORED: ReadonlySet<string> = new Set(['REPORTED', 'ONLINE', 'ADMIN_DOWN']);

/**
 * The polling intervals a monitor needs (milliseconds), when no `rascal-config.txt` parameter sets them: the 1.x
 * client refuses a configuration without them (docs/api/behavior.md, "Configuration for the other servers").
 */
export const DEFAULT_INTERVALS = { 'health.polling.interval': 6000, 'peers.polling.interval': 5000 } as const;

const fqdn = (s: Server) => `${s.hostName}.${s.domainName}`;

function cache(s: Server): MonitoredCache {
  return {
    cacheGroup: s.cachegroup,
    fqdn: fqdn(s),
    hashId: s.xmppId || s.hostName,
    hostName: s.hostName,
    interfaceName: s.interfaceName,
    ip: s.ipAddress ?? '',
    ip6: s.ip6Address ?? '',
    port: s.tcpPort ?? 80,
    profile: s.profile,
    status: s.status,
    type: s.type,
  };
}

function monitor(s: Server): MonitorRecord {
  return {
    port: s.tcpPort ?? 80,
    ip6: s.ip6Address ?? '',
    ip: s.ipAddress ?? '',
    hostName: s.hostName,
    fqdn: fqdn(s),
    profile: s.profile,
    location: s.cachegroup,
    status: s.status,
  };
}

const byHost = (a: Server, b: Server) => (a.hostName < b.hostName ? -1 : a.hostName > b.hostName ? 1 : 0);

/** One profile per distinct cache profile (typed as its first cache), then the routers' profiles. */
function profiles(t: CdnTopology, caches: Server[]): MonitoringProfile[] {
  const seen = new Map<string, string>();
  for (const s of caches) if (!seen.has(s.profile)) seen.set(s.profile, s.type);
  for (const s of t.servers) if (s.type === ROUTER_TYPE && !seen.has(s.profile)) seen.set(s.profile, s.type);
  return [...seen].map(([name, type]) => ({
    parameters: profileParameters(paramsIn(t, name, 'rascal.properties')),
    name,
    type,
  }));
}

/** A parameter value as stored: a number when it is one, else its text. */
const valueOf = (v: string): string | number => (/^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : v);

/** `config`: the `rascal-config.txt` parameters of the CDN's monitor profiles, with the two intervals always. */
function config(t: CdnTopology): Record<string, string | number> {
  const names = new Set([...t.profiles.keys()].filter((n) => n.startsWith('RASCAL')));
  for (const s of t.servers) if (s.type === MONITOR_TYPE) names.add(s.profile);
  const out: Record<string, string | number> = {};
  for (const name of [...names].sort())
    for (const p of paramsIn(t, name, 'rascal-config.txt')) out[p.name] ??= valueOf(p.value);
  for (const [k, v] of Object.entries(DEFAULT_INTERVALS)) if (typeof out[k] !== 'number') out[k] = v;
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function deliveryServices(t: CdnTopology): MonitoringDeliveryService[] {
  return t.allDeliveryServices
    .filter((ds) => ds.active)
    .map((ds) => ({
      xmlId: ds.xmlId,
      TotalTpsThreshold: Math.trunc(ds.globalMaxTps ?? 0),
      status: 'REPORTED',
      TotalKbpsThreshold: Math.trunc((ds.globalMaxMbps ?? 0) * 1000),
    }));
}

/** The monitoring configuration of a CDN in Traffic Ops 1.x's shape (reference §1.5); pure. */
export function buildMonitoring(t: CdnTopology): MonitoringConfig {
  const caches = t.servers.filter((s) => isCache(s.type) && MONITORED.has(s.status)).sort(byHost);
  const groups = new Set(t.servers.map((s) => s.cachegroup));
  return {
    trafficServers: caches.map(cache),
    cacheGroups: t.cachegroups
      .filter((cg) => groups.has(cg.name))
      .map((cg) => ({ name: cg.name, coordinates: { latitude: cg.latitude ?? 0, longitude: cg.longitude ?? 0 } })),
    config: config(t),
    trafficMonitors: t.servers
      .filter((s) => s.type === MONITOR_TYPE)
      .sort(byHost)
      .map(monitor),
    deliveryServices: deliveryServices(t),
    profiles: profiles(t, caches),
  };
}
