import type { DeliveryServiceSettings, SnapshotWrite } from './snapshot-types.js';
import { type Outcome, type Row } from './snapshot-upsert.js';

const flag = (b: boolean) => (b ? 1 : 0);

/** The deliveryservices columns of a delivery service's settings (shared with the PostgreSQL store). */
export function settingColumns(s: DeliveryServiceSettings): Row {
  return {
    display_name: s.displayName,
    active: flag(s.active),
    cacheurl: s.cacheurl,
    ccr_dns_ttl: s.ccrDnsTtl,
    check_path: s.checkPath,
    deep_caching_type: s.deepCachingType,
    dns_bypass_cname: s.dnsBypassCname,
    dns_bypass_ip: s.dnsBypassIp,
    dns_bypass_ip6: s.dnsBypassIp6,
    dns_bypass_ttl: s.dnsBypassTtl,
    dscp: s.dscp,
    edge_header_rewrite: s.edgeHeaderRewrite,
    geo_limit: s.geoLimit,
    geo_limit_countries: s.geoLimitCountries,
    geo_limit_redirect_url: s.geoLimitRedirectUrl,
    geo_provider: s.geoProvider,
    global_max_mbps: s.globalMaxMbps,
    global_max_tps: s.globalMaxTps,
    http_bypass_fqdn: s.httpBypassFqdn,
    info_url: s.infoUrl,
    initial_dispersion: s.initialDispersion,
    ipv6_routing_enabled: flag(s.ipv6RoutingEnabled),
    logs_enabled: flag(s.logsEnabled),
    long_desc: s.longDesc,
    long_desc1: s.longDesc1,
    long_desc2: s.longDesc2,
    max_dns_answers: s.maxDnsAnswers,
    mid_header_rewrite: s.midHeaderRewrite,
    miss_lat: s.missLat,
    miss_long: s.missLong,
    multi_site_origin: flag(s.multiSiteOrigin),
    multi_site_origin_algorithm: s.multiSiteOriginAlgorithm,
    origin_shield: s.originShield,
    protocol: s.protocol,
    qstring_ignore: s.qstringIgnore,
    range_request_handling: s.rangeRequestHandling,
    regex_remap: s.regexRemap,
    regional_geo_blocking: flag(s.regionalGeoBlocking),
    remap_text: s.remapText,
    routing_name: s.routingName,
    signed: flag(s.signed),
    ssl_key_version: s.sslKeyVersion,
    tr_request_headers: s.trRequestHeaders,
    tr_response_headers: s.trResponseHeaders,
    anonymous_blocking_enabled: flag(s.anonymousBlockingEnabled),
    consistent_hash_query_params: JSON.stringify(s.consistentHashQueryParams),
    consistent_hash_regex: s.consistentHashRegex,
    ecs_enabled: flag(s.ecsEnabled),
    fq_pacing_rate: s.fqPacingRate,
    max_origin_connections: s.maxOriginConnections,
    range_slice_block_size: s.rangeSliceBlockSize,
    signing_algorithm: s.signingAlgorithm,
  };
}

export const DS_COLUMNS = [
  'xml_id',
  'tenant_id',
  'cdn_id',
  'type_id',
  'profile_id',
  ...Object.keys(settingColumns({} as DeliveryServiceSettings)),
];
export const ORIGIN_COLUMNS = [
  'name',
  'fqdn',
  'protocol',
  'is_primary',
  'port',
  'ip_address',
  'ip6_address',
  'deliveryservice_id',
  'coordinate_id',
  'cachegroup_id',
  'profile_id',
  'tenant_id',
];
export const JOB_COLUMNS = [
  'deliveryservice_id',
  'asset_url',
  'start_time',
  'keyword',
  'asset_type',
  'status',
  'ttl_hours',
  'entered_time',
  'user_id',
  'agent',
];

/** Counts per section, filled by the writers. */
export type Tally = (outcome: Outcome) => void;

/** The jobs row of a job (both stores); `enteredTime` null keeps the stored one, or stamps `now` on a new job. */
export function jobColumns(
  m: SnapshotWrite['jobs'][number],
  ids: { ds: number; user: number; storedEntered: unknown },
  now: number,
): Row {
  const entered = m.enteredTime ?? (typeof ids.storedEntered === 'number' ? ids.storedEntered : now);
  return {
    ...(m.id === null ? {} : { id: m.id }),
    deliveryservice_id: ids.ds,
    asset_url: m.assetUrl,
    start_time: m.startTime,
    keyword: 'PURGE',
    asset_type: 'file',
    status: m.status,
    ttl_hours: m.ttl,
    entered_time: entered,
    user_id: ids.user,
    agent: 'dummy',
  };
}

/** Job keys: the id when the file gives one (the API stores the same purge twice), else the purge itself. */
export const JOB_PURGE_KEY = ['deliveryservice_id', 'asset_url', 'start_time'];

/**
 * Gives a delivery service its set-0 HOST_REGEXP `.*\.<xmlId>\..*` when it has none (issue 31: Traffic Ops
 * created it with the delivery service; an imported one gets it too). Parameters: the delivery service's id, then
 * its xmlId; `?` placeholders (PostgreSQL renumbers them).
 */
export const ENSURE_HOST_REGEX_SQL = `INSERT INTO deliveryservice_regexes (deliveryservice_id, type_id, set_number, pattern)
  SELECT ds.id, t.id, 0, '.*\\.' || ds.xml_id || '\\..*' FROM deliveryservices ds, types t
   WHERE ds.id = ? AND t.name = 'HOST_REGEXP' AND t.use_in_table = 'regex'
     AND NOT EXISTS (SELECT 1 FROM deliveryservice_regexes r WHERE r.deliveryservice_id = ds.id)`;
