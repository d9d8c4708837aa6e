import type { CachegroupRecord, ServerRecord } from '../../shared/contract/servers.js';
import { formatTimestampTz } from '../../shared/time.js';
import type { Cachegroup } from '../store/cachegroups.js';
import type { Server } from '../store/servers.js';

/** The server record of GET servers (keys in Traffic Ops' order); times as `YYYY-MM-DD hh:mm:ss+00`. */
export function serverRecord(s: Server): ServerRecord {
  return {
    cachegroup: s.cachegroup,
    cachegroupId: s.cachegroupId,
    cdnId: s.cdnId,
    cdnName: s.cdnName,
    domainName: s.domainName,
    fqdn: `${s.hostName}.${s.domainName}`,
    hostName: s.hostName,
    httpsPort: s.httpsPort,
    id: s.id,
    interfaceMtu: s.interfaceMtu,
    interfaceName: s.interfaceName,
    ip6Address: s.ip6Address,
    ip6Gateway: s.ip6Gateway,
    ipAddress: s.ipAddress,
    ipGateway: s.ipGateway,
    ipNetmask: s.ipNetmask,
    lastCheckIn: s.lastCheckIn === null ? null : formatTimestampTz(s.lastCheckIn),
    lastUpdated: formatTimestampTz(s.lastUpdated),
    offlineReason: s.offlineReason,
    profile: s.profile,
    profileDesc: s.profileDesc,
    profileId: s.profileId,
    revalPending: s.revalPending,
    status: s.status,
    tcpPort: s.tcpPort,
    type: s.type,
    typeId: s.typeId,
    updPending: s.updPending,
  };
}

export function cachegroupRecord(c: Cachegroup): CachegroupRecord {
  return {
    id: c.id,
    name: c.name,
    shortName: c.shortName,
    latitude: c.latitude,
    longitude: c.longitude,
    parentCachegroupId: c.parentCachegroupId,
    parentCachegroupName: c.parentCachegroupName,
    secondaryParentCachegroupId: c.secondaryParentCachegroupId,
    secondaryParentCachegroupName: c.secondaryParentCachegroupName,
    typeId: c.typeId,
    typeName: c.typeName,
    lastUpdated: formatTimestampTz(c.lastUpdated),
    fallbackToClosest: c.fallbackToClosest,
    localizationMethods: c.localizationMethods,
    fallbacks: c.fallbacks,
  };
}
