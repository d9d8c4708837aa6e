import type { DeliveryServiceColumns } from '../../store/deliveryservice-writes.js';
import type { DeliveryService } from '../../store/deliveryservices.js';
import type { DsValues } from '../../../shared/rules/deliveryservices/validate.js';
import { DS_FIELD_SINCE, takesField, type DsApiVersion } from '../../../shared/rules/deliveryservices/fields.js';

/** The body's values (API names) as a stored delivery service's (the joined record's names). */
const STORED_NAME: Partial<Record<keyof DsValues, keyof DeliveryService>> = {
  geoLimitRedirectURL: 'geoLimitRedirectUrl',
};

/**
 * The values of an update at `version`: the fields newer than it are the stored ones (§5.2: a 1.2 PUT keeps the
 * 1.3 fields, and so on). `orgServerFqdn` is the stored origin's URL when the body has none.
 */
export function withStoredNewerFields(values: DsValues, version: DsApiVersion, stored: DeliveryService): DsValues {
  const out = { ...values } as Record<string, unknown>;
  for (const field of Object.keys(DS_FIELD_SINCE) as Array<keyof DsValues>) {
    if (takesField(field, version)) continue;
    out[field] = stored[(STORED_NAME[field] ?? field) as keyof DeliveryService];
  }
  return out as DsValues;
}

const int = (v: unknown, fallback: number): number => (typeof v === 'number' ? v : fallback);
const numberOrNull = (v: unknown): number | null => (typeof v === 'number' ? v : null);
const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const flag = (v: unknown): boolean => v === true;

/** The columns a validated body writes; columns that may not be null take their defaults when a type needs none. */
export function columnsOf(v: DsValues, tenantId: number, sslKeyVersion: number | null): DeliveryServiceColumns {
  return {
    xmlId: v.xmlId as string,
    displayName: v.displayName as string,
    tenantId,
    cdnId: v.cdnId as number,
    typeId: v.typeId as number,
    profileId: numberOrNull(v.profileId),
    active: flag(v.active),
    ccrDnsTtl: numberOrNull(v.ccrDnsTtl),
    checkPath: text(v.checkPath),
    deepCachingType: v.deepCachingType as string,
    dnsBypassCname: text(v.dnsBypassCname),
    dnsBypassIp: text(v.dnsBypassIp),
    dnsBypassIp6: text(v.dnsBypassIp6),
    dnsBypassTtl: numberOrNull(v.dnsBypassTtl),
    dscp: int(v.dscp, 0),
    edgeHeaderRewrite: text(v.edgeHeaderRewrite),
    geoLimit: int(v.geoLimit, 0),
    geoLimitCountries: text(v.geoLimitCountries),
    geoLimitRedirectUrl: text(v.geoLimitRedirectURL),
    geoProvider: int(v.geoProvider, 0),
    globalMaxMbps: numberOrNull(v.globalMaxMbps),
    globalMaxTps: numberOrNull(v.globalMaxTps),
    httpBypassFqdn: text(v.httpBypassFqdn),
    infoUrl: text(v.infoUrl),
    initialDispersion: int(v.initialDispersion, 1),
    ipv6RoutingEnabled: flag(v.ipv6RoutingEnabled),
    logsEnabled: flag(v.logsEnabled),
    longDesc: text(v.longDesc),
    longDesc1: text(v.longDesc1),
    longDesc2: text(v.longDesc2),
    maxDnsAnswers: numberOrNull(v.maxDnsAnswers),
    midHeaderRewrite: text(v.midHeaderRewrite),
    missLat: numberOrNull(v.missLat),
    missLong: numberOrNull(v.missLong),
    multiSiteOrigin: flag(v.multiSiteOrigin),
    originShield: text(v.originShield),
    protocol: int(v.protocol, 0),
    qstringIgnore: int(v.qstringIgnore, 0),
    rangeRequestHandling: int(v.rangeRequestHandling, 0),
    regexRemap: text(v.regexRemap),
    regionalGeoBlocking: flag(v.regionalGeoBlocking),
    remapText: text(v.remapText),
    routingName: v.routingName as string,
    signed: flag(v.signed),
    sslKeyVersion,
    trRequestHeaders: text(v.trRequestHeaders),
    trResponseHeaders: text(v.trResponseHeaders),
    anonymousBlockingEnabled: flag(v.anonymousBlockingEnabled),
    consistentHashQueryParams: v.consistentHashQueryParams,
    consistentHashRegex: text(v.consistentHashRegex),
    ecsEnabled: flag(v.ecsEnabled),
    fqPacingRate: numberOrNull(v.fqPacingRate),
    maxOriginConnections: numberOrNull(v.maxOriginConnections),
    rangeSliceBlockSize: numberOrNull(v.rangeSliceBlockSize),
    signingAlgorithm: text(v.signingAlgorithm),
  };
}
