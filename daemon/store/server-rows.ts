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

/**
 * The Traffic Ops 1.x fields kept as sent (issue 30): rack, guid, iLO, management, XMPP and router names; each
 * free text, null when unset. The column of each is its name in snake case (`iloIpAddress` → `ilo_ip_address`).
 */
export const SERVER_EXTRA_FIELDS = [
  'guid',
  'iloIpAddress',
  'iloIpGateway',
  'iloIpNetmask',
  'iloPassword',
  'iloUsername',
  'mgmtIpAddress',
  'mgmtIpGateway',
  'mgmtIpNetmask',
  'rack',
  'routerHostName',
  'routerPortName',
  'xmppId',
  'xmppPasswd',
] as const;
export type ServerExtraField = (typeof SERVER_EXTRA_FIELDS)[number];
export type ServerExtras = Record<ServerExtraField, string | null>;

/** The column of an extra field. */
export const extraColumn = (field: ServerExtraField) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A server (cache) with the names of what it refers to joined in. Times are epoch milliseconds. */
export interface Server extends ServerAddress, ServerExtras {
  id: number;
  typeId: number;
  type: string;
  status: string;
  /** The id of the status in the statuses table (joined by name). */
  statusId: number | null;
  offlineReason: string | null;
  physLocationId: number | null;
  physLocation: string | null;
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
  /** Why the cache's agent last failed to apply its files, as it reported (issue 32); null once it applied. */
  agentError: string | null;
  /** When the agent reported that failure (epoch ms). */
  agentErrorAt: number | null;
  lastUpdated: number;
  /** Whether the health monitors last published this cache as available; null until one judged it (issue 35). */
  available: boolean | null;
}

export type ServerRow = ServerRowBase & Record<string, unknown>;

interface ServerRowBase {
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
  status_id: number | null;
  offline_reason: string | null;
  phys_location_id: number | null;
  phys_location_name: string | null;
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
  agent_error?: string | null;
  agent_error_at?: number | null;
  last_updated: number;
  health_available: number | null;
}

export const SERVER_SELECT = `SELECT s.*, ty.name AS type_name, cg.name AS cachegroup_name,
    cg.parent_cachegroup_id, c.name AS cdn_name, p.name AS profile_name, p.description AS profile_description,
    st.id AS status_id, pl.name AS phys_location_name, ch.available AS health_available
  FROM servers s JOIN types ty ON ty.id = s.type_id JOIN cachegroups cg ON cg.id = s.cachegroup_id
  JOIN cdns c ON c.id = s.cdn_id JOIN profiles p ON p.id = s.profile_id
  LEFT JOIN statuses st ON st.name = s.status LEFT JOIN phys_locations pl ON pl.id = s.phys_location_id
  LEFT JOIN cache_health ch ON ch.server_id = s.id`;

/** Each extra field with its column, worked out once (a server read maps every row through them). */
const EXTRA_COLUMNS = SERVER_EXTRA_FIELDS.map((field) => [field, extraColumn(field)] as const);

const extrasOf = (r: ServerRow): ServerExtras => {
  const extras = {} as ServerExtras;
  for (const [field, column] of EXTRA_COLUMNS) {
    const v = r[column];
    extras[field] = typeof v === 'string' ? v : null;
  }
  return extras;
};

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
  statusId: r.status_id,
  offlineReason: r.offline_reason,
  physLocationId: r.phys_location_id,
  physLocation: r.phys_location_name,
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
  agentError: r.agent_error ?? null,
  agentErrorAt: r.agent_error_at ?? null,
  lastUpdated: r.last_updated,
  available: r.health_available === null || r.health_available === undefined ? null : Number(r.health_available) === 1,
  ...extrasOf(r),
});
