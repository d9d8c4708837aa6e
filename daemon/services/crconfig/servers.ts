import type { CrContentServer, CrLocation, CrMonitor, CrRouter } from '../../../shared/contract/crconfig.js';
import type { Cachegroup } from '../../store/cachegroups.js';
import type { Server } from '../../store/server-rows.js';
import type { CdnTopology } from './load.js';
import { CR_STATUSES, MONITOR_TYPE, ROUTER_TYPE, isCache, isEdge, paramValue, sortedMap, strBool } from './params.js';
import { serverDomains } from './server-domains.js';

/** The servers of the CDN that the CRConfig lists (status REPORTED, ONLINE or ADMIN_DOWN). */
export const crServers = (t: CdnTopology) => t.servers.filter((s) => CR_STATUSES.has(s.status));

const fqdn = (s: Server) => `${s.hostName}.${s.domainName}`;

/** hashCount = int(weight × weightMultiplier) from the profile's CRConfig.json parameters (999 by default). */
function hashCount(t: CdnTopology, s: Server): number {
  const weight = Number(paramValue(t, s.profile, 'weight', 'CRConfig.json') ?? '0.999');
  const multiplier = Number(paramValue(t, s.profile, 'weightMultiplier', 'CRConfig.json') ?? '1000');
  const count = Math.trunc(weight * multiplier);
  return Number.isFinite(count) ? count : 0;
}

function contentServer(t: CdnTopology, s: Server): CrContentServer {
  const disabled = t.profiles.get(s.profile)?.routingDisabled ?? false;
  const services = disabled ? null : serverDomains(t, s);
  return {
    cacheGroup: s.cachegroup,
    fqdn: fqdn(s),
    hashCount: hashCount(t, s),
    hashId: s.xmppId || s.hostName,
    httpsPort: s.httpsPort,
    interfaceName: s.interfaceName,
    ip: s.ipAddress ?? '',
    ip6: s.ip6Address ?? '',
    locationId: s.cachegroup,
    port: s.tcpPort,
    profile: s.profile,
    status: s.status,
    type: s.type,
    ...(services && Object.keys(services).length > 0 ? { deliveryServices: services } : {}),
    routingDisabled: disabled ? 1 : 0,
  };
}

function monitor(s: Server): CrMonitor {
  return {
    fqdn: fqdn(s),
    httpsPort: s.httpsPort,
    ip: s.ipAddress ?? '',
    ip6: s.ip6Address ?? '',
    location: s.cachegroup,
    port: s.tcpPort,
    profile: s.profile,
    status: s.status,
  };
}

function router(t: CdnTopology, s: Server): CrRouter {
  const api = paramValue(t, s.profile, 'api.port');
  const secure = paramValue(t, s.profile, 'secure.api.port');
  return {
    ...(api === undefined ? {} : { 'api.port': api }),
    ...(secure === undefined ? {} : { 'secure.api.port': secure }),
    ...monitor(s),
  };
}

export const contentServers = (t: CdnTopology) =>
  sortedMap(crServers(t).flatMap((s) => (isCache(s.type) ? [[s.hostName, contentServer(t, s)] as const] : [])));
export const contentRouters = (t: CdnTopology) =>
  sortedMap(crServers(t).flatMap((s) => (s.type === ROUTER_TYPE ? [[s.hostName, router(t, s)] as const] : [])));
export const monitors = (t: CdnTopology) =>
  sortedMap(crServers(t).flatMap((s) => (s.type === MONITOR_TYPE ? [[s.hostName, monitor(s)] as const] : [])));

const DEFAULT_LOCALIZATION = ['GEO', 'CZ', 'DEEP_CZ'];

function location(cg: Cachegroup, router: boolean): CrLocation {
  const backup = router
    ? { fallbackToClosest: strBool(false) }
    : { fallbackToClosest: strBool(cg.fallbackToClosest), ...(cg.fallbacks.length ? { list: cg.fallbacks } : {}) };
  return {
    latitude: cg.latitude ?? 0,
    longitude: cg.longitude ?? 0,
    backupLocations: backup,
    localizationMethods: cg.localizationMethods.length ? cg.localizationMethods : DEFAULT_LOCALIZATION,
  };
}

/** The cache groups holding a listed server that `pick` accepts, by name. */
function locations(t: CdnTopology, pick: (type: string) => boolean, router: boolean): Record<string, CrLocation> {
  const names = new Set(crServers(t).flatMap((s) => (pick(s.type) ? [s.cachegroup] : [])));
  return sortedMap(t.cachegroups.filter((cg) => names.has(cg.name)).map((cg) => [cg.name, location(cg, router)]));
}

export const edgeLocations = (t: CdnTopology) => locations(t, isEdge, false);
export const routerLocations = (t: CdnTopology) => locations(t, (type) => type === ROUTER_TYPE, true);
