import type { OriginRecord } from '../../shared/contract/origins.js';
import { formatTimestampTz } from '../../shared/time.js';
import type { Origin } from '../store/origins.js';

// Origins written together share a lastUpdated, and a list formats hundreds of them: remember the last one.
let lastMs = Number.NaN;
let lastText = '';
function lastUpdated(ms: number): string {
  if (ms !== lastMs) {
    lastText = formatTimestampTz(ms);
    lastMs = ms;
  }
  return lastText;
}

/** The origin record of the seed (keys in Traffic Ops' order), `lastUpdated` as `YYYY-MM-DD hh:mm:ss+00`. */
export function originRecord(o: Origin): OriginRecord {
  return {
    cachegroup: o.cachegroup,
    cachegroupId: o.cachegroupId,
    coordinate: o.coordinate,
    coordinateId: o.coordinateId,
    deliveryService: o.deliveryService,
    deliveryServiceId: o.deliveryServiceId,
    fqdn: o.fqdn,
    id: o.id,
    ip6Address: o.ip6Address,
    ipAddress: o.ipAddress,
    isPrimary: o.isPrimary,
    lastUpdated: lastUpdated(o.lastUpdated),
    name: o.name,
    port: o.port,
    profile: o.profile,
    profileId: o.profileId,
    protocol: o.protocol,
    tenant: o.tenant,
    tenantId: o.tenantId,
  };
}

export type { OriginRecord };
