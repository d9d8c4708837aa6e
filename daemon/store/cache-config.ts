import type { Server } from './server-rows.js';

/*
 * The narrow reads the cache configuration files need (issue 32): what one cache's files depend on, scoped to
 * that cache, instead of the whole CDN's topology (280,000 assignments at the scale) per request.
 */
export interface CacheConfigStore {
  /** The servers of CDN `cdnId` in these cache groups, by host name (a cache's parents and children). */
  serversInCachegroups(cdnId: number, cachegroupIds: readonly number[]): Promise<Server[]>;
  /** The ids of the delivery services assigned to any of these servers, each once, in id order. */
  deliveryServiceIdsOfServers(serverIds: readonly number[]): Promise<number[]>;
  /**
   * The first cache (type EDGE… or MID…, case as written) of the CDN by host name, of profile `profile` when one
   * is named, of one tier when `tier` is: the cache a profile- or CDN-scoped file is made for.
   */
  firstCache(cdnId: number, profile: string | null, tier: CacheTier | null): Promise<Server | null>;
  /** One server by id or by host name, through their indexes (the callers that see every server). */
  serverById(id: number): Promise<Server | null>;
  serverByHostName(hostName: string): Promise<Server | null>;
  /** The servers assigned to a delivery service, by host name. */
  holdersOf(deliveryServiceId: number): Promise<Server[]>;
  /**
   * The first cache (by host name) of CDN `cdnId` assigned to a delivery service, with firstCache's `profile` and
   * `tier` filters: the cache a service's file at a CDN or profile URI is made for, without reading every holder.
   */
  firstHolder(
    deliveryServiceId: number,
    cdnId: number,
    profile: string | null,
    tier: CacheTier | null,
  ): Promise<Server | null>;
  /** The cache groups (ids, ascending) of the caches of CDN `cdnId` assigned to a delivery service. */
  holderCachegroupIds(deliveryServiceId: number, cdnId: number): Promise<number[]>;
  /**
   * serversInCachegroups with only the fields the configuration files read (a MID's ~300 neighbours: the full
   * records cost ~10 ms to read and map at issue 32's scale, these ~1–2 ms).
   */
  cachesInCachegroups(cdnId: number, cachegroupIds: readonly number[]): Promise<CacheServer[]>;
}

/** A server as the configuration files read it (CacheConfigStore.cachesInCachegroups). */
export type CacheServer = Pick<
  Server,
  | 'id'
  | 'hostName'
  | 'domainName'
  | 'tcpPort'
  | 'ipAddress'
  | 'ip6Address'
  | 'type'
  | 'status'
  | 'cachegroup'
  | 'cachegroupId'
  | 'profile'
  | 'profileId'
  | 'cdnName'
>;

/** The columns of a CacheServer (the FROM of SERVER_SELECT without the extras). */
export const CACHE_SERVER_SELECT = `SELECT s.id, s.host_name, s.domain_name, s.tcp_port, s.ip_address, s.ip6_address,
    ty.name AS type_name, s.status, cg.name AS cachegroup_name, s.cachegroup_id, p.name AS profile_name,
    s.profile_id, c.name AS cdn_name
  FROM servers s JOIN types ty ON ty.id = s.type_id JOIN cachegroups cg ON cg.id = s.cachegroup_id
  JOIN cdns c ON c.id = s.cdn_id JOIN profiles p ON p.id = s.profile_id`;

export interface CacheServerRow {
  id: number;
  host_name: string;
  domain_name: string;
  tcp_port: number | null;
  ip_address: string | null;
  ip6_address: string | null;
  type_name: string;
  status: string;
  cachegroup_name: string;
  cachegroup_id: number;
  profile_name: string;
  profile_id: number;
  cdn_name: string;
}

export const toCacheServer = (r: CacheServerRow): CacheServer => ({
  id: r.id,
  hostName: r.host_name,
  domainName: r.domain_name,
  tcpPort: r.tcp_port,
  ipAddress: r.ip_address,
  ip6Address: r.ip6_address,
  type: r.type_name,
  status: r.status,
  cachegroup: r.cachegroup_name,
  cachegroupId: r.cachegroup_id,
  profile: r.profile_name,
  profileId: r.profile_id,
  cdnName: r.cdn_name,
});

/** The cache groups of a service's holders: $ds, $cdn (SQLite names them, PostgreSQL numbers them). */
export const HOLDER_CACHEGROUPS_SQL = (ds: string, cdn: string) => `
  SELECT DISTINCT s.cachegroup_id FROM deliveryservice_servers dss
    JOIN servers s ON s.id = dss.server_id JOIN types ty ON ty.id = s.type_id
   WHERE dss.deliveryservice_id = ${ds} AND s.cdn_id = ${cdn}
     AND (substr(ty.name, 1, 4) = 'EDGE' OR substr(ty.name, 1, 3) = 'MID')
   ORDER BY s.cachegroup_id`;

/** The holder condition firstHolder adds to FIRST_CACHE_WHERE. */
export const HOLDER_WHERE = (ds: string) =>
  ` AND s.id IN (SELECT server_id FROM deliveryservice_servers WHERE deliveryservice_id = ${ds})`;

export type CacheTier = 'EDGE' | 'MID';

/** The WHERE of firstCache: $cdn, $profile, $tier (SQLite names them, PostgreSQL numbers them). */
export const FIRST_CACHE_WHERE = (cdn: string, profile: string, tier: string) => `
  WHERE s.cdn_id = ${cdn} AND (${profile} IS NULL OR p.name = ${profile})
    AND (substr(ty.name, 1, 4) = 'EDGE' OR substr(ty.name, 1, 3) = 'MID')
    AND (${tier} IS NULL OR substr(ty.name, 1, length(${tier})) = ${tier})`;
