import type { DeliveryService } from '../../store/deliveryservices.js';
import type { DeliveryServiceRegex } from '../../store/deliveryservice-writes.js';
import type { Server } from '../../store/server-rows.js';
import type { CdnTopology } from './load.js';
import { sortedMap } from './params.js';

/** A delivery service the CRConfig lists: active and not ANY_MAP (reference §1.4). */
export const routed = (ds: DeliveryService) => ds.active && ds.typeName !== 'ANY_MAP';

/** DNS-routed delivery services; every other type counts as HTTP in the CRConfig. */
export const isDns = (ds: DeliveryService) => ds.typeName.startsWith('DNS');

/** The HOST_REGEXP rows of a delivery service, in set-number order. */
export function hostRegexes(t: CdnTopology, dsId: number): DeliveryServiceRegex[] {
  return t.regexes
    .filter((r) => r.deliveryServiceId === dsId && r.typeName === 'HOST_REGEXP')
    .sort((a, b) => a.setNumber - b.setNumber || a.id - b.id);
}

/** One FQDN a cache answers for a delivery service: `.*\.foo\..*` → `<host>.foo.<cdn domain>`. */
function fqdnOf(t: CdnTopology, s: Server, ds: DeliveryService, pattern: string): string {
  if (!pattern.includes('.*')) return pattern;
  const middle = pattern.replaceAll('\\', '').replaceAll('.*', '');
  return `${isDns(ds) ? ds.routingName : s.hostName}${middle}${t.cdn.domainName}`;
}

/** contentServers.<host>.deliveryServices: xmlId → the FQDNs of the routed delivery services the cache carries. */
export function serverDomains(t: CdnTopology, s: Server): Record<string, string[]> {
  const ids = new Set(t.assignments.filter((a) => a.serverId === s.id).map((a) => a.deliveryServiceId));
  const services = t.deliveryServices.filter((ds) => ids.has(ds.id) && routed(ds));
  return sortedMap(services.map((ds) => [ds.xmlId, hostRegexes(t, ds.id).map((r) => fqdnOf(t, s, ds, r.pattern))]));
}
