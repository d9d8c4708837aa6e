import type {
  GoDeliveryServiceV12,
  GoDeliveryServiceV13,
  GoDeliveryServiceV14,
  GoDeliveryServiceV15,
} from '../../shared/contract/go-deliveryservices.js';
import { formatTimestampTz } from '../../shared/time.js';
import type { DeliveryService } from '../store/deliveryservices.js';
import type { ApiVersion } from '../versions.js';

/** `<protocol>://<fqdn>[:<port>]` of the primary origin. */
const orgServerFqdn = (ds: DeliveryService): string | null =>
  ds.primaryOrigin
    ? `${ds.primaryOrigin.protocol}://${ds.primaryOrigin.fqdn}${ds.primaryOrigin.port === null ? '' : `:${ds.primaryOrigin.port}`}`
    : null;

/**
 * How the Go server filled a record: GET deliveryservices read everything (and dropped cacheurl in its downgrade);
 * GET users/:id/deliveryservices read fewer columns (no regexes, no URL signing, coordinates 0 when unset).
 */
/**
 * Which handler answers: GET deliveryservices (V12 at 1.1/1.2, V13 at 1.3, V14 at 1.4, V15 at 1.5); GET users/:id/deliveryservices (V15,
 * zeroed ecs/slice fields); GET servers/:id/deliveryservices (V15 at both, issue 34: the Go client reads it at 1.4).
 */
export type GoDsSource = 'deliveryservices' | 'user' | 'server';

/** The example URLs and match list the caller passes in: the seed's formatter owns how they are built. */
export interface GoDsDerived {
  exampleURLs: string[];
  matchList: { type: string; setNumber: number; pattern: string }[];
}

/** DeliveryServiceNullableV14 in the Go key order. */
function v14(ds: DeliveryService, derived: GoDsDerived, source: GoDsSource): GoDeliveryServiceV14 {
  const user = source === 'user';
  return {
    active: ds.active,
    anonymousBlockingEnabled: ds.anonymousBlockingEnabled,
    ccrDnsTtl: ds.ccrDnsTtl,
    cdnId: ds.cdnId,
    cdnName: ds.cdnName,
    checkPath: ds.checkPath,
    displayName: ds.displayName,
    dnsBypassCname: ds.dnsBypassCname,
    dnsBypassIp: ds.dnsBypassIp,
    dnsBypassIp6: ds.dnsBypassIp6,
    dnsBypassTtl: ds.dnsBypassTtl,
    dscp: ds.dscp,
    edgeHeaderRewrite: ds.edgeHeaderRewrite,
    exampleURLs: user ? null : derived.exampleURLs,
    geoLimit: ds.geoLimit,
    geoLimitCountries: ds.geoLimitCountries,
    geoLimitRedirectURL: ds.geoLimitRedirectUrl,
    geoProvider: ds.geoProvider,
    globalMaxMbps: ds.globalMaxMbps,
    globalMaxTps: ds.globalMaxTps,
    httpBypassFqdn: ds.httpBypassFqdn,
    id: ds.id,
    infoUrl: ds.infoUrl,
    initialDispersion: ds.initialDispersion,
    ipv6RoutingEnabled: ds.ipv6RoutingEnabled,
    lastUpdated: formatTimestampTz(ds.lastUpdated),
    logsEnabled: ds.logsEnabled,
    longDesc: ds.longDesc,
    longDesc1: ds.longDesc1,
    longDesc2: ds.longDesc2,
    matchList: user ? null : derived.matchList,
    maxDnsAnswers: ds.maxDnsAnswers,
    midHeaderRewrite: ds.midHeaderRewrite,
    missLat: user ? (ds.missLat ?? 0) : ds.missLat,
    missLong: user ? (ds.missLong ?? 0) : ds.missLong,
    multiSiteOrigin: ds.multiSiteOrigin,
    originShield: ds.originShield,
    orgServerFqdn: orgServerFqdn(ds),
    profileDescription: ds.profileDescription,
    profileId: ds.profileId,
    profileName: ds.profileName,
    protocol: ds.protocol,
    qstringIgnore: ds.qstringIgnore,
    rangeRequestHandling: ds.rangeRequestHandling,
    regexRemap: ds.regexRemap,
    regionalGeoBlocking: ds.regionalGeoBlocking,
    remapText: ds.remapText,
    routingName: ds.routingName,
    signed: user ? false : ds.signingAlgorithm === 'url_sig',
    sslKeyVersion: ds.sslKeyVersion,
    tenantId: ds.tenantId,
    type: ds.typeName,
    typeId: ds.typeId,
    xmlId: ds.xmlId,
    cacheurl: user ? ds.cacheurl : null,
    deepCachingType: ds.deepCachingType,
    fqPacingRate: ds.fqPacingRate,
    signingAlgorithm: ds.signingAlgorithm,
    tenant: ds.tenantName,
    trResponseHeaders: ds.trResponseHeaders,
    trRequestHeaders: ds.trRequestHeaders,
    consistentHashRegex: user ? null : ds.consistentHashRegex,
    consistentHashQueryParams: user ? null : ds.consistentHashQueryParams,
    maxOriginConnections: user ? null : ds.maxOriginConnections,
  };
}

/** V13: V14 without the keys 1.4 added (the downgrade GET deliveryservices did at 1.3). */
function v13(record: GoDeliveryServiceV14): GoDeliveryServiceV13 {
  const {
    consistentHashRegex: _regex,
    consistentHashQueryParams: _params,
    maxOriginConnections: _max,
    ...rest
  } = record;
  return rest;
}

/** V12: V13 without the keys 1.3 added (GET deliveryservices at 1.1 and 1.2; `cacheurl` stays, null). */
function v12(record: GoDeliveryServiceV13): GoDeliveryServiceV12 {
  const {
    deepCachingType: _deep,
    fqPacingRate: _pacing,
    signingAlgorithm: _signing,
    tenant: _tenant,
    trResponseHeaders: _response,
    trRequestHeaders: _request,
    ...rest
  } = record;
  return rest;
}

/** GET deliveryservices' record below 1.5: V12 at 1.1/1.2, V13 at 1.3, V14 at 1.4. */
function olderRecord(
  record: GoDeliveryServiceV14,
  version: ApiVersion,
): GoDeliveryServiceV12 | GoDeliveryServiceV13 | GoDeliveryServiceV14 {
  if (version === '1.4') return record;
  return version === '1.3' ? v13(record) : v12(v13(record));
}

/** Every shape the Go server sent a delivery service in at 1.x. */
export type GoDeliveryService =
  GoDeliveryServiceV12 | GoDeliveryServiceV13 | GoDeliveryServiceV14 | GoDeliveryServiceV15;

/**
 * A delivery service as the Go server answered it: from GET deliveryservices (and its writes) V12 at 1.1/1.2, V13
 * at 1.3, V14 at 1.4 and V15 at 1.5; always V15 from GET users/:id/deliveryservices (its handler used the
 * unversioned struct) and GET servers/:id/deliveryservices.
 */
export function goDeliveryService(
  ds: DeliveryService,
  version: ApiVersion,
  derived: GoDsDerived,
  source: GoDsSource,
): GoDeliveryService {
  const record = v14(ds, derived, source);
  if (version !== '1.5' && source === 'deliveryservices') return olderRecord(record, version);
  const user = source === 'user';
  return {
    ...record,
    ecsEnabled: user ? false : ds.ecsEnabled,
    rangeSliceBlockSize: user ? null : ds.rangeSliceBlockSize,
  };
}
