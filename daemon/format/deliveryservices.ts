import type { DeliveryServiceRecord, MatchRecord } from '../../shared/contract/deliveryservices.js';
import { formatTimestamp } from '../../shared/time.js';
import type { DeliveryService, PrimaryOrigin } from '../store/deliveryservices.js';
import { seedShape, type ApiVersion } from '../versions.js';
import { goDeliveryService, type GoDeliveryService, type GoDsSource } from './deliveryservices-go.js';

const digits = (n: number | null): string | null => (n === null ? null : String(n));

/** A coordinate as text that keeps one decimal for whole numbers (`41.0`), as Traffic Ops wrote them. */
export function formatDegrees(n: number | null): string | null {
  if (n === null) return null;
  return Number.isInteger(n) ? n.toFixed(1) : String(n);
}

/** `<protocol>://<fqdn>[:<port>]`, the origin's base URL. */
export function originUrl(origin: PrimaryOrigin): string {
  return `${origin.protocol}://${origin.fqdn}${origin.port === null ? '' : `:${origin.port}`}`;
}

/** The one host-regex match every delivery service has: `.*\.<xmlId>\..*`, set 0. */
export function matchList(ds: Pick<DeliveryService, 'xmlId'>): MatchRecord[] {
  return [{ type: 'HOST_REGEXP', setNumber: '0', pattern: `.*\\.${ds.xmlId}\\..*` }];
}

/**
 * The URLs clients use: `<scheme>://<routingName>.<xmlId>.<cdn domain>`. Protocol 0 is http, 1 https, 2 (both)
 * and 3 (http redirected to https) list both schemes, as Traffic Ops did.
 */
export function exampleUrls(ds: Pick<DeliveryService, 'protocol' | 'routingName' | 'xmlId' | 'cdnDomain'>): string[] {
  const schemes = ds.protocol === 1 ? ['https'] : ds.protocol === 2 || ds.protocol === 3 ? ['http', 'https'] : ['http'];
  return schemes.map((scheme) => `${scheme}://${ds.routingName}.${ds.xmlId}.${ds.cdnDomain}`);
}

/**
 * The delivery-service record: the seed's only where the seed fixes it (a user's delivery services at 1.2), the Go
 * server's everywhere else (deliveryservices-go.ts). The seed's: ids and numbers as strings, `tenantId` an int, flags as booleans,
 * `lastUpdated` as `YYYY-MM-DD hh:mm:ss`. The geo-limit redirect URL goes out under both spellings the seed
 * mentions (`geoLimitRedirectURL` as Traffic Ops sent it, `geoLimitRedirectUrl` as the seed's table names it).
 */
export function deliveryServiceRecord(
  ds: DeliveryService,
  version: ApiVersion,
  source: GoDsSource = 'deliveryservices',
): DeliveryServiceRecord | GoDeliveryService {
  if (goRecord(version, source)) {
    const derived = {
      exampleURLs: exampleUrls(ds),
      matchList: matchList(ds).map((m) => ({ ...m, setNumber: Number(m.setNumber) })),
    };
    return goDeliveryService(ds, version, derived, source);
  }
  return seedRecord(ds);
}

/**
 * True where the Go server's record answers: a user's delivery services everywhere but the seed's 1.2; a server's,
 * and GET deliveryservices and its writes, at every version (the seed fixes no record for them).
 */
export function goRecord(version: ApiVersion, source: GoDsSource): boolean {
  if (source === 'user') return !seedShape('userDeliveryServices', version);
  return true;
}

function seedRecord(ds: DeliveryService): DeliveryServiceRecord {
  return {
    active: ds.active,
    cacheurl: ds.cacheurl,
    ccrDnsTtl: digits(ds.ccrDnsTtl),
    cdnId: String(ds.cdnId),
    cdnName: ds.cdnName,
    checkPath: ds.checkPath,
    deepCachingType: ds.deepCachingType,
    displayName: ds.displayName,
    dnsBypassCname: ds.dnsBypassCname,
    dnsBypassIp: ds.dnsBypassIp,
    dnsBypassIp6: ds.dnsBypassIp6,
    dnsBypassTtl: digits(ds.dnsBypassTtl),
    dscp: String(ds.dscp),
    edgeHeaderRewrite: ds.edgeHeaderRewrite,
    exampleURLs: exampleUrls(ds),
    geoLimit: String(ds.geoLimit),
    geoLimitCountries: ds.geoLimitCountries,
    geoLimitRedirectURL: ds.geoLimitRedirectUrl,
    geoLimitRedirectUrl: ds.geoLimitRedirectUrl,
    geoProvider: String(ds.geoProvider),
    globalMaxMbps: digits(ds.globalMaxMbps),
    globalMaxTps: digits(ds.globalMaxTps),
    httpBypassFqdn: ds.httpBypassFqdn,
    id: String(ds.id),
    infoUrl: ds.infoUrl,
    initialDispersion: String(ds.initialDispersion),
    ipv6RoutingEnabled: ds.ipv6RoutingEnabled,
    lastUpdated: formatTimestamp(ds.lastUpdated),
    logsEnabled: ds.logsEnabled,
    longDesc: ds.longDesc,
    longDesc1: ds.longDesc1,
    longDesc2: ds.longDesc2,
    matchList: matchList(ds),
    maxDnsAnswers: digits(ds.maxDnsAnswers),
    midHeaderRewrite: ds.midHeaderRewrite,
    missLat: formatDegrees(ds.missLat),
    missLong: formatDegrees(ds.missLong),
    multiSiteOrigin: ds.multiSiteOrigin,
    multiSiteOriginAlgorithm: ds.multiSiteOriginAlgorithm === null ? null : ds.multiSiteOriginAlgorithm !== 0,
    orgServerFqdn: ds.primaryOrigin ? originUrl(ds.primaryOrigin) : null,
    originShield: ds.originShield,
    profileDescription: ds.profileDescription,
    profileId: digits(ds.profileId),
    profileName: ds.profileName,
    protocol: String(ds.protocol),
    qstringIgnore: String(ds.qstringIgnore),
    rangeRequestHandling: String(ds.rangeRequestHandling),
    regexRemap: ds.regexRemap,
    regionalGeoBlocking: ds.regionalGeoBlocking,
    remapText: ds.remapText,
    routingName: ds.routingName,
    signed: ds.signed,
    sslKeyVersion: digits(ds.sslKeyVersion),
    tenant: ds.tenantName,
    tenantId: ds.tenantId,
    trRequestHeaders: ds.trRequestHeaders,
    trResponseHeaders: ds.trResponseHeaders,
    type: ds.typeName,
    typeId: String(ds.typeId),
    xmlId: ds.xmlId,
    anonymousBlockingEnabled: ds.anonymousBlockingEnabled,
    consistentHashQueryParams: ds.consistentHashQueryParams,
    consistentHashRegex: ds.consistentHashRegex,
    ecsEnabled: ds.ecsEnabled,
    fqPacingRate: ds.fqPacingRate,
    maxOriginConnections: ds.maxOriginConnections,
    rangeSliceBlockSize: ds.rangeSliceBlockSize,
    signingAlgorithm: ds.signingAlgorithm,
  };
}

/** The record's type, for route schemas and clients (its one definition lives in the contract). */
export type { DeliveryServiceRecord };
