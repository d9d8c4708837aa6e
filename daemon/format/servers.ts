import type { CachegroupRecord, ServerRecord } from '../../shared/contract/servers.js';
import { formatTimestampTz } from '../../shared/time.js';
import type { Cachegroup } from '../store/cachegroups.js';
import type { Server } from '../store/servers.js';

/** What replaces iLO and XMPP passwords for a caller below operations (Traffic Ops' text). */
export const HIDDEN_FIELD = '********';

/**
 * The server record of GET servers (keys in Traffic Ops' order); times as `YYYY-MM-DD hh:mm:ss+00`. The iLO and
 * XMPP passwords are `********` unless `passwords` (a caller at operations or above).
 */
export function serverRecord(s: Server, passwords = true): ServerRecord {
  return {
    cachegroup: s.cachegroup,
    cachegroupId: s.cachegroupId,
    cdnId: s.cdnId,
    cdnName: s.cdnName,
    domainName: s.domainName,
    fqdn: `${s.hostName}.${s.domainName}`,
    guid: s.guid,
    hostName: s.hostName,
    httpsPort: s.httpsPort,
    id: s.id,
    iloIpAddress: s.iloIpAddress,
    iloIpGateway: s.iloIpGateway,
    iloIpNetmask: s.iloIpNetmask,
    iloPassword: passwords ? s.iloPassword : HIDDEN_FIELD,
    iloUsername: s.iloUsername,
    interfaceMtu: s.interfaceMtu,
    interfaceName: s.interfaceName,
    ip6Address: s.ip6Address,
    ip6Gateway: s.ip6Gateway,
    ipAddress: s.ipAddress,
    ipGateway: s.ipGateway,
    ipNetmask: s.ipNetmask,
    isAvailable: s.available,
    lastCheckIn: s.lastCheckIn === null ? null : formatTimestampTz(s.lastCheckIn),
    lastUpdated: formatTimestampTz(s.lastUpdated),
    mgmtIpAddress: s.mgmtIpAddress,
    mgmtIpGateway: s.mgmtIpGateway,
    mgmtIpNetmask: s.mgmtIpNetmask,
    offlineReason: s.offlineReason,
    physLocation: s.physLocation,
    physLocationId: s.physLocationId,
    profile: s.profile,
    profileDesc: s.profileDesc,
    profileId: s.profileId,
    rack: s.rack,
    revalPending: s.revalPending,
    routerHostName: s.routerHostName,
    routerPortName: s.routerPortName,
    status: s.status,
    statusId: s.statusId,
    tcpPort: s.tcpPort,
    type: s.type,
    typeId: s.typeId,
    updPending: s.updPending,
    xmppId: s.xmppId,
    xmppPasswd: passwords ? s.xmppPasswd : HIDDEN_FIELD,
    agentError: s.agentError,
    agentErrorTime: s.agentErrorAt === null ? null : formatTimestampTz(s.agentErrorAt),
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
