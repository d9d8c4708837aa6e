/** The primary origin of a delivery service, as its `orgServerFqdn` is built from it. */
export interface PrimaryOrigin {
  protocol: string;
  fqdn: string;
  port: number | null;
}

/** A delivery service with every column and the names joined from its CDN, tenant, type and profile. */
export interface DeliveryService {
  id: number;
  xmlId: string;
  displayName: string;
  tenantId: number;
  tenantName: string;
  cdnId: number;
  cdnName: string;
  cdnDomain: string;
  typeId: number;
  typeName: string;
  profileId: number | null;
  profileName: string | null;
  profileDescription: string | null;
  active: boolean;
  cacheurl: string | null;
  ccrDnsTtl: number | null;
  checkPath: string | null;
  deepCachingType: string;
  dnsBypassCname: string | null;
  dnsBypassIp: string | null;
  dnsBypassIp6: string | null;
  dnsBypassTtl: number | null;
  dscp: number;
  edgeHeaderRewrite: string | null;
  geoLimit: number;
  geoLimitCountries: string | null;
  geoLimitRedirectUrl: string | null;
  geoProvider: number;
  globalMaxMbps: number | null;
  globalMaxTps: number | null;
  httpBypassFqdn: string | null;
  infoUrl: string | null;
  initialDispersion: number;
  ipv6RoutingEnabled: boolean;
  logsEnabled: boolean;
  longDesc: string | null;
  longDesc1: string | null;
  longDesc2: string | null;
  maxDnsAnswers: number | null;
  midHeaderRewrite: string | null;
  missLat: number | null;
  missLong: number | null;
  multiSiteOrigin: boolean;
  multiSiteOriginAlgorithm: number | null;
  originShield: string | null;
  protocol: number;
  qstringIgnore: number;
  rangeRequestHandling: number;
  regexRemap: string | null;
  regionalGeoBlocking: boolean;
  remapText: string | null;
  routingName: string;
  signed: boolean;
  sslKeyVersion: number | null;
  trRequestHeaders: string | null;
  trResponseHeaders: string | null;
  anonymousBlockingEnabled: boolean;
  /** Query parameters that take part in consistent hashing, without duplicates. */
  consistentHashQueryParams: string[];
  consistentHashRegex: string | null;
  ecsEnabled: boolean;
  fqPacingRate: number | null;
  maxOriginConnections: number | null;
  rangeSliceBlockSize: number | null;
  /** `url_sig` or `uri_signing`; null when URLs are not signed. */
  signingAlgorithm: string | null;
  lastUpdated: number;
  primaryOrigin: PrimaryOrigin | null;
}

/** Which delivery services to list; every given criterion must hold. */
export interface DeliveryServiceFilter {
  ids?: readonly number[];
  xmlId?: string;
  cdnId?: number;
  cdnName?: string;
  /** Only delivery services owned by one of these tenants (the caller's visible tenants). */
  tenantIds?: ReadonlySet<number> | readonly number[];
  /** Only delivery services assigned to this user. */
  userId?: number;
  /** Only delivery services NOT assigned to this user. */
  notAssignedToUserId?: number;
}

/** Read access to delivery services; ordered by xmlId. */
export interface DeliveryServiceStore {
  list(filter?: DeliveryServiceFilter): Promise<DeliveryService[]>;
  byId(id: number): Promise<DeliveryService | null>;
  byXmlId(xmlId: string): Promise<DeliveryService | null>;
  /** Sets the version of the TLS keys a delivery service serves (issue 21: `sslkeys/add` and `generate`). */
  setSslKeyVersion(id: number, version: number, at: number): Promise<void>;
}

export interface DeliveryServiceRow {
  id: number;
  xml_id: string;
  display_name: string;
  tenant_id: number;
  tenant_name: string;
  cdn_id: number;
  cdn_name: string;
  cdn_domain: string;
  type_id: number;
  type_name: string;
  profile_id: number | null;
  profile_name: string | null;
  profile_description: string | null;
  active: number;
  cacheurl: string | null;
  ccr_dns_ttl: number | null;
  check_path: string | null;
  deep_caching_type: string;
  dns_bypass_cname: string | null;
  dns_bypass_ip: string | null;
  dns_bypass_ip6: string | null;
  dns_bypass_ttl: number | null;
  dscp: number;
  edge_header_rewrite: string | null;
  geo_limit: number;
  geo_limit_countries: string | null;
  geo_limit_redirect_url: string | null;
  geo_provider: number;
  global_max_mbps: number | null;
  global_max_tps: number | null;
  http_bypass_fqdn: string | null;
  info_url: string | null;
  initial_dispersion: number;
  ipv6_routing_enabled: number;
  logs_enabled: number;
  long_desc: string | null;
  long_desc1: string | null;
  long_desc2: string | null;
  max_dns_answers: number | null;
  mid_header_rewrite: string | null;
  miss_lat: number | null;
  miss_long: number | null;
  multi_site_origin: number;
  multi_site_origin_algorithm: number | null;
  origin_shield: string | null;
  protocol: number;
  qstring_ignore: number;
  range_request_handling: number;
  regex_remap: string | null;
  regional_geo_blocking: number;
  remap_text: string | null;
  routing_name: string;
  signed: number;
  ssl_key_version: number | null;
  tr_request_headers: string | null;
  tr_response_headers: string | null;
  anonymous_blocking_enabled: number;
  consistent_hash_query_params: string;
  consistent_hash_regex: string | null;
  ecs_enabled: number;
  fq_pacing_rate: number | null;
  max_origin_connections: number | null;
  range_slice_block_size: number | null;
  signing_algorithm: string | null;
  last_updated: number;
  origin_protocol: string | null;
  origin_fqdn: string | null;
  origin_port: number | null;
}

/** Maps a joined row to the domain object: the one place that knows the column names. */
export function toDeliveryService(r: DeliveryServiceRow): DeliveryService {
  return {
    id: r.id,
    xmlId: r.xml_id,
    displayName: r.display_name,
    tenantId: r.tenant_id,
    tenantName: r.tenant_name,
    cdnId: r.cdn_id,
    cdnName: r.cdn_name,
    cdnDomain: r.cdn_domain,
    typeId: r.type_id,
    typeName: r.type_name,
    profileId: r.profile_id,
    profileName: r.profile_name,
    profileDescription: r.profile_description,
    active: r.active === 1,
    cacheurl: r.cacheurl,
    ccrDnsTtl: r.ccr_dns_ttl,
    checkPath: r.check_path,
    deepCachingType: r.deep_caching_type,
    dnsBypassCname: r.dns_bypass_cname,
    dnsBypassIp: r.dns_bypass_ip,
    dnsBypassIp6: r.dns_bypass_ip6,
    dnsBypassTtl: r.dns_bypass_ttl,
    dscp: r.dscp,
    edgeHeaderRewrite: r.edge_header_rewrite,
    geoLimit: r.geo_limit,
    geoLimitCountries: r.geo_limit_countries,
    geoLimitRedirectUrl: r.geo_limit_redirect_url,
    geoProvider: r.geo_provider,
    globalMaxMbps: r.global_max_mbps,
    globalMaxTps: r.global_max_tps,
    httpBypassFqdn: r.http_bypass_fqdn,
    infoUrl: r.info_url,
    initialDispersion: r.initial_dispersion,
    ipv6RoutingEnabled: r.ipv6_routing_enabled === 1,
    logsEnabled: r.logs_enabled === 1,
    longDesc: r.long_desc,
    longDesc1: r.long_desc1,
    longDesc2: r.long_desc2,
    maxDnsAnswers: r.max_dns_answers,
    midHeaderRewrite: r.mid_header_rewrite,
    missLat: r.miss_lat,
    missLong: r.miss_long,
    multiSiteOrigin: r.multi_site_origin === 1,
    multiSiteOriginAlgorithm: r.multi_site_origin_algorithm,
    originShield: r.origin_shield,
    protocol: r.protocol,
    qstringIgnore: r.qstring_ignore,
    rangeRequestHandling: r.range_request_handling,
    regexRemap: r.regex_remap,
    regionalGeoBlocking: r.regional_geo_blocking === 1,
    remapText: r.remap_text,
    routingName: r.routing_name,
    signed: r.signed === 1,
    sslKeyVersion: r.ssl_key_version,
    trRequestHeaders: r.tr_request_headers,
    trResponseHeaders: r.tr_response_headers,
    anonymousBlockingEnabled: r.anonymous_blocking_enabled === 1,
    consistentHashQueryParams: JSON.parse(r.consistent_hash_query_params) as string[],
    consistentHashRegex: r.consistent_hash_regex,
    ecsEnabled: r.ecs_enabled === 1,
    fqPacingRate: r.fq_pacing_rate,
    maxOriginConnections: r.max_origin_connections,
    rangeSliceBlockSize: r.range_slice_block_size,
    signingAlgorithm: r.signing_algorithm,
    lastUpdated: r.last_updated,
    primaryOrigin:
      r.origin_fqdn === null
        ? null
        : { protocol: r.origin_protocol ?? 'http', fqdn: r.origin_fqdn, port: r.origin_port },
  };
}

/**
 * The tables DELIVERY_SERVICE_SELECT reads: a delivery service record stays the same while their data versions
 * do (keep this list in step with the SELECT's joins).
 */
export const DELIVERY_SERVICE_TABLES: readonly string[] = [
  'deliveryservices',
  'tenants',
  'cdns',
  'types',
  'profiles',
  'origins',
];

/** The joined SELECT every delivery-service read shares; other stores may reuse it. */
export const DELIVERY_SERVICE_SELECT = `SELECT ds.*, t.name AS tenant_name, c.name AS cdn_name, c.domain_name AS cdn_domain,
    ty.name AS type_name, p.name AS profile_name, p.description AS profile_description,
    o.protocol AS origin_protocol, o.fqdn AS origin_fqdn, o.port AS origin_port
  FROM deliveryservices ds
  JOIN tenants t ON t.id = ds.tenant_id
  JOIN cdns c ON c.id = ds.cdn_id
  JOIN types ty ON ty.id = ds.type_id
  LEFT JOIN profiles p ON p.id = ds.profile_id
  LEFT JOIN origins o ON o.deliveryservice_id = ds.id AND o.is_primary = 1`;
