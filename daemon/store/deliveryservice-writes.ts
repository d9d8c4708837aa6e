import { raiseUpdSet } from './server-flags.js';
import type { Change } from './change-log.js';
import type { LocationParams } from './cachegroups.js';
import type { PrimaryOrigin } from './deliveryservices.js';

/**
 * Delivery-service writes (issue 31): create, update, the safe update, delete, regexes and user assignment.
 * Each write runs in one transaction with its change-log entries and the updates it queues on caches.
 */

/** The stored columns of a delivery service that an API write sets (camelCase of the column names). */
export interface DeliveryServiceColumns {
  xmlId: string;
  displayName: string;
  tenantId: number;
  cdnId: number;
  typeId: number;
  profileId: number | null;
  active: boolean;
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
  consistentHashQueryParams: string[];
  consistentHashRegex: string | null;
  ecsEnabled: boolean;
  fqPacingRate: number | null;
  maxOriginConnections: number | null;
  rangeSliceBlockSize: number | null;
  signingAlgorithm: string | null;
}

/** Column name of each field. */
export const DS_WRITE_COLUMNS: { readonly [K in keyof DeliveryServiceColumns]-?: string } = {
  xmlId: 'xml_id',
  displayName: 'display_name',
  tenantId: 'tenant_id',
  cdnId: 'cdn_id',
  typeId: 'type_id',
  profileId: 'profile_id',
  active: 'active',
  ccrDnsTtl: 'ccr_dns_ttl',
  checkPath: 'check_path',
  deepCachingType: 'deep_caching_type',
  dnsBypassCname: 'dns_bypass_cname',
  dnsBypassIp: 'dns_bypass_ip',
  dnsBypassIp6: 'dns_bypass_ip6',
  dnsBypassTtl: 'dns_bypass_ttl',
  dscp: 'dscp',
  edgeHeaderRewrite: 'edge_header_rewrite',
  geoLimit: 'geo_limit',
  geoLimitCountries: 'geo_limit_countries',
  geoLimitRedirectUrl: 'geo_limit_redirect_url',
  geoProvider: 'geo_provider',
  globalMaxMbps: 'global_max_mbps',
  globalMaxTps: 'global_max_tps',
  httpBypassFqdn: 'http_bypass_fqdn',
  infoUrl: 'info_url',
  initialDispersion: 'initial_dispersion',
  ipv6RoutingEnabled: 'ipv6_routing_enabled',
  logsEnabled: 'logs_enabled',
  longDesc: 'long_desc',
  longDesc1: 'long_desc1',
  longDesc2: 'long_desc2',
  maxDnsAnswers: 'max_dns_answers',
  midHeaderRewrite: 'mid_header_rewrite',
  missLat: 'miss_lat',
  missLong: 'miss_long',
  multiSiteOrigin: 'multi_site_origin',
  originShield: 'origin_shield',
  protocol: 'protocol',
  qstringIgnore: 'qstring_ignore',
  rangeRequestHandling: 'range_request_handling',
  regexRemap: 'regex_remap',
  regionalGeoBlocking: 'regional_geo_blocking',
  remapText: 'remap_text',
  routingName: 'routing_name',
  signed: 'signed',
  sslKeyVersion: 'ssl_key_version',
  trRequestHeaders: 'tr_request_headers',
  trResponseHeaders: 'tr_response_headers',
  anonymousBlockingEnabled: 'anonymous_blocking_enabled',
  consistentHashQueryParams: 'consistent_hash_query_params',
  consistentHashRegex: 'consistent_hash_regex',
  ecsEnabled: 'ecs_enabled',
  fqPacingRate: 'fq_pacing_rate',
  maxOriginConnections: 'max_origin_connections',
  rangeSliceBlockSize: 'range_slice_block_size',
  signingAlgorithm: 'signing_algorithm',
};

export const DS_WRITE_KEYS = Object.keys(DS_WRITE_COLUMNS) as Array<keyof DeliveryServiceColumns>;

/** The values in DS_WRITE_KEYS' order, as both databases store them (flags 0/1, lists as JSON text). */
export function columnValues(c: DeliveryServiceColumns): unknown[] {
  return DS_WRITE_KEYS.map((k) => {
    const v = c[k];
    if (typeof v === 'boolean') return v ? 1 : 0;
    if (Array.isArray(v)) return JSON.stringify(v);
    return v;
  });
}

/** A delivery service's match pattern (Traffic Ops' regex + deliveryservice_regex). */
export interface DeliveryServiceRegex {
  id: number;
  deliveryServiceId: number;
  typeId: number;
  typeName: string;
  setNumber: number;
  pattern: string;
}

export interface RegexFields {
  typeId: number;
  setNumber: number;
  pattern: string;
}

export interface RegexRow {
  id: number;
  deliveryservice_id: number;
  type_id: number;
  type_name: string;
  set_number: number;
  pattern: string;
}

export const toRegex = (r: RegexRow): DeliveryServiceRegex => ({
  id: r.id,
  deliveryServiceId: r.deliveryservice_id,
  typeId: r.type_id,
  typeName: r.type_name,
  setNumber: r.set_number,
  pattern: r.pattern,
});

export const REGEX_SELECT = `SELECT r.id, r.deliveryservice_id, r.type_id, t.name AS type_name, r.set_number, r.pattern
  FROM deliveryservice_regexes r JOIN types t ON t.id = r.type_id`;

/**
 * What a delivery-service write queues updates on: the caches assigned to it, and the caches of its CDN in the
 * parent and secondary parent cache groups of theirs. Parameters: now twice, then the delivery service's id three
 * times.
 */
export const QUEUE_DS_CACHES_SQL = `UPDATE servers SET ${raiseUpdSet('?')}
 WHERE id IN (SELECT server_id FROM deliveryservice_servers WHERE deliveryservice_id = ?)
    OR (cdn_id = (SELECT cdn_id FROM deliveryservices WHERE id = ?)
        AND cachegroup_id IN (SELECT p.id FROM cachegroups p JOIN cachegroups cg
                                  ON p.id IN (cg.parent_cachegroup_id, cg.secondary_parent_cachegroup_id)
                                JOIN servers s ON s.cachegroup_id = cg.id
                                JOIN deliveryservice_servers dss ON dss.server_id = s.id
                               WHERE dss.deliveryservice_id = ?))`;

/** What a create writes beside the delivery service: its primary origin and the set-0 host regex. */
export interface NewDeliveryService {
  columns: DeliveryServiceColumns;
  origin: PrimaryOrigin | null;
  /** The HOST_REGEXP type's id. */
  hostRegexTypeId: number;
  /** The `location` parameters of its config files (reference §5.3 step 4), set in the same transaction. */
  locations?: LocationParams;
}

/** A create's result: the new ids, or the reason it was refused inside the transaction. */
export type CreateResult = { id: number; originId: number | null } | { taken: 'xmlId' | 'origin' };

export interface DeliveryServiceWriteStore {
  /** Inserts a delivery service, its set-0 HOST_REGEXP and its primary origin (named after the xmlId). */
  create(ds: NewDeliveryService, now: number, changes?: readonly Change<CreateResult>[]): Promise<CreateResult>;
  /**
   * Replaces the columns of `id`; updates the primary origin when `origin` differs from the stored one (never
   * creates or deletes it); sets the `location` parameters given; queues updates on the caches assigned to the
   * delivery service and their parents. Answers false when there is no such delivery service.
   */
  update(
    id: number,
    columns: DeliveryServiceColumns,
    origin: PrimaryOrigin | null,
    now: number,
    changes?: readonly Change<boolean>[],
    locations?: LocationParams,
  ): Promise<boolean>;
  /** Writes exactly displayName, infoUrl, longDesc, longDesc1 (null when omitted). */
  updateSafe(id: number, fields: SafeFields, now: number, changes?: readonly Change<boolean>[]): Promise<boolean>;
  /**
   * Deletes it (its regexes, origins, links cascade) after queueing updates on its caches, and removes the
   * `location` parameters given (its config files'), in one transaction.
   */
  remove(id: number, now: number, changes?: readonly Change<boolean>[], locations?: LocationParams): Promise<boolean>;
  regexes(deliveryServiceId: number | null): Promise<DeliveryServiceRegex[]>;
  insertRegex(
    deliveryServiceId: number,
    fields: RegexFields,
    now: number,
    changes?: readonly Change<number>[],
  ): Promise<number>;
  updateRegex(
    deliveryServiceId: number,
    id: number,
    fields: RegexFields,
    now: number,
    changes?: readonly Change<boolean>[],
  ): Promise<boolean>;
  deleteRegex(
    deliveryServiceId: number,
    id: number,
    now: number,
    changes?: readonly Change<boolean>[],
  ): Promise<boolean>;
  /** Links the user to the delivery services (replacing its links first with `replace`); answers how many. */
  assignUser(
    userId: number,
    deliveryServiceIds: readonly number[],
    replace: boolean,
    changes?: readonly Change<number>[],
  ): Promise<number>;
  /** Removes one user link; answers whether there was one. */
  unassignUser(userId: number, deliveryServiceId: number, changes?: readonly Change<boolean>[]): Promise<boolean>;
  /** Ids of the servers assigned to the delivery service (for health and capacity). */
  serverIds(deliveryServiceId: number): Promise<number[]>;
}

export interface SafeFields {
  displayName: string;
  infoUrl: string | null;
  longDesc: string | null;
  longDesc1: string | null;
}
