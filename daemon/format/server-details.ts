import type { Server } from '../store/servers.js';
import { HIDDEN_FIELD } from './servers.js';

/** One element of GET servers/details (Traffic Ops' `ServerDetailV11`, keys in its order). */
export interface ServerDetailRecord {
  cachegroup: string;
  cdnName: string;
  deliveryservices?: number[];
  domainName: string;
  guid: string | null;
  hardwareInfo: null;
  hostName: string;
  httpsPort: number | null;
  id: number;
  iloIpAddress: string | null;
  iloIpGateway: string | null;
  iloIpNetmask: string | null;
  iloPassword: string | null;
  iloUsername: string | null;
  mgmtIpAddress: string | null;
  mgmtIpGateway: string | null;
  mgmtIpNetmask: string | null;
  offlineReason: string | null;
  physLocation: string | null;
  profile: string;
  profileDesc: string;
  rack: string | null;
  status: string;
  tcpPort: number | null;
  type: string;
  xmppId: string | null;
  xmppPasswd: string | null;
  interfaceMtu: number;
  interfaceName: string;
  ip6Address: string | null;
  ip6Gateway: string | null;
  ipAddress: string | null;
  ipGateway: string | null;
  ipNetmask: string | null;
  routerHostName: string | null;
  routerPortName: string | null;
}

/**
 * A server's details: `deliveryservices` (ids) only when it has some; `hardwareInfo` is null (cdnctl keeps no
 * hardware inventory); the iLO and XMPP passwords are `********` unless `passwords`.
 */
export function serverDetailRecord(s: Server, dsIds: number[], passwords: boolean): ServerDetailRecord {
  return {
    cachegroup: s.cachegroup,
    cdnName: s.cdnName,
    ...(dsIds.length > 0 ? { deliveryservices: dsIds } : {}),
    domainName: s.domainName,
    guid: s.guid,
    hardwareInfo: null,
    hostName: s.hostName,
    httpsPort: s.httpsPort,
    id: s.id,
    iloIpAddress: s.iloIpAddress,
    iloIpGateway: s.iloIpGateway,
    iloIpNetmask: s.iloIpNetmask,
    iloPassword: passwords ? s.iloPassword : HIDDEN_FIELD,
    iloUsername: s.iloUsername,
    mgmtIpAddress: s.mgmtIpAddress,
    mgmtIpGateway: s.mgmtIpGateway,
    mgmtIpNetmask: s.mgmtIpNetmask,
    offlineReason: s.offlineReason,
    physLocation: s.physLocation,
    profile: s.profile,
    profileDesc: s.profileDesc,
    rack: s.rack,
    status: s.status,
    tcpPort: s.tcpPort,
    type: s.type,
    xmppId: s.xmppId,
    xmppPasswd: passwords ? s.xmppPasswd : HIDDEN_FIELD,
    interfaceMtu: s.interfaceMtu,
    interfaceName: s.interfaceName,
    ip6Address: s.ip6Address,
    ip6Gateway: s.ip6Gateway,
    ipAddress: s.ipAddress,
    ipGateway: s.ipGateway,
    ipNetmask: s.ipNetmask,
    routerHostName: s.routerHostName,
    routerPortName: s.routerPortName,
  };
}
