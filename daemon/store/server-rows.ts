/** Where a cache is and how it is reached: the fields every form of a server record shares. */
export interface ServerAddress {
  hostName: string;
  domainName: string;
  tcpPort: number | null;
  httpsPort: number | null;
  interfaceName: string;
  interfaceMtu: number;
  ipAddress: string | null;
  ipNetmask: string | null;
  ipGateway: string | null;
  ip6Address: string | null;
  ip6Gateway: string | null;
}

/** A server (cache) with the names of what it refers to joined in. Times are epoch milliseconds. */
export interface Server extends ServerAddress {
  id: number;
  typeId: number;
  type: string;
  status: string;
  offlineReason: string | null;
  cachegroupId: number;
  cachegroup: string;
  parentCachegroupId: number | null;
  cdnId: number;
  cdnName: string;
  profileId: number;
  profile: string;
  profileDesc: string;
  updPending: boolean;
  revalPending: boolean;
  updPendingSince: number | null;
  revalPendingSince: number | null;
  lastCheckIn: number | null;
  revalAppliedAt: number | null;
  lastUpdated: number;
}

export interface ServerRow {
  id: number;
  host_name: string;
  domain_name: string;
  tcp_port: number | null;
  https_port: number | null;
  interface_name: string;
  interface_mtu: number;
  ip_address: string | null;
  ip_netmask: string | null;
  ip_gateway: string | null;
  ip6_address: string | null;
  ip6_gateway: string | null;
  type_id: number;
  type_name: string;
  status: string;
  offline_reason: string | null;
  cachegroup_id: number;
  cachegroup_name: string;
  parent_cachegroup_id: number | null;
  cdn_id: number;
  cdn_name: string;
  profile_id: number;
  profile_name: string;
  profile_description: string;
  upd_pending: number;
  reval_pending: number;
  upd_pending_since: number | null;
  reval_pending_since: number | null;
  last_check_in: number | null;
  reval_applied_at: number | null;
  last_updated: number;
}

export const SERVER_SELECT = `SELECT s.*, ty.name AS type_name, cg.name AS cachegroup_name,
    cg.parent_cachegroup_id, c.name AS cdn_name, p.name AS profile_name, p.description AS profile_description
  FROM servers s JOIN types ty ON ty.id = s.type_id JOIN cachegroups cg ON cg.id = s.cachegroup_id
  JOIN cdns c ON c.id = s.cdn_id JOIN profiles p ON p.id = s.profile_id`;

export const toServer = (r: ServerRow): Server => ({
  id: r.id,
  hostName: r.host_name,
  domainName: r.domain_name,
  tcpPort: r.tcp_port,
  httpsPort: r.https_port,
  interfaceName: r.interface_name,
  interfaceMtu: r.interface_mtu,
  ipAddress: r.ip_address,
  ipNetmask: r.ip_netmask,
  ipGateway: r.ip_gateway,
  ip6Address: r.ip6_address,
  ip6Gateway: r.ip6_gateway,
  typeId: r.type_id,
  type: r.type_name,
  status: r.status,
  offlineReason: r.offline_reason,
  cachegroupId: r.cachegroup_id,
  cachegroup: r.cachegroup_name,
  parentCachegroupId: r.parent_cachegroup_id,
  cdnId: r.cdn_id,
  cdnName: r.cdn_name,
  profileId: r.profile_id,
  profile: r.profile_name,
  profileDesc: r.profile_description,
  updPending: r.upd_pending === 1,
  revalPending: r.reval_pending === 1,
  updPendingSince: r.upd_pending_since,
  revalPendingSince: r.reval_pending_since,
  lastCheckIn: r.last_check_in,
  revalAppliedAt: r.reval_applied_at,
  lastUpdated: r.last_updated,
});
