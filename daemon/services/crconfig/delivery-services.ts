import type { CrBypass, CrDeliveryService, CrMatchSet } from '../../../shared/contract/crconfig.js';
import type { DeliveryService } from '../../store/deliveryservices.js';
import type { CdnTopology } from './load.js';
import { sortedMap, strBool } from './params.js';
import { hostRegexes, isDns, routed } from './server-domains.js';

const SOA = { admin: 'traffic_ops', expire: '604800', minimum: '30', refresh: '28800', retry: '7200' };
const MATCH_TYPES: Record<string, 'HOST' | 'PATH' | 'HEADER'> = {
  HOST_REGEXP: 'HOST',
  PATH_REGEXP: 'PATH',
  HEADER_REGEXP: 'HEADER',
};

/** The `tld.ttls.NS` / `tld.ttls.SOA` overrides found on the CDN's server profiles. */
export interface TtlOverrides {
  NS?: string;
  SOA?: string;
}

const PROTOCOLS: CrDeliveryService['protocol'][] = [
  { acceptHttps: 'false', redirectToHttps: 'false' },
  { acceptHttp: 'false', acceptHttps: 'true', redirectToHttps: 'false' },
  { acceptHttps: 'true', redirectToHttps: 'false' },
  { acceptHttps: 'true', redirectToHttps: 'true' },
];

function matchsets(t: CdnTopology, ds: DeliveryService): Array<CrMatchSet | null> {
  const rows = t.regexes
    .filter((r) => r.deliveryServiceId === ds.id)
    .sort((a, b) => a.setNumber - b.setNumber || a.id - b.id);
  return rows.map((r) => {
    const type = MATCH_TYPES[r.typeName];
    if (!type) return null;
    return { protocol: isDns(ds) ? 'DNS' : 'HTTP', matchlist: [{ regex: r.pattern, 'match-type': type }] };
  });
}

const domains = (t: CdnTopology, ds: DeliveryService) =>
  hostRegexes(t, ds.id)
    .filter((r) => r.setNumber === 0)
    .map((r) => `${r.pattern.replaceAll('\\', '').replaceAll('.*', '').replaceAll('.', '')}.${t.cdn.domainName}`);

function bypass(ds: DeliveryService): CrBypass | undefined {
  if (isDns(ds)) {
    const dns = {
      ...(ds.dnsBypassIp ? { ip: ds.dnsBypassIp } : {}),
      ...(ds.dnsBypassIp6 ? { ip6: ds.dnsBypassIp6 } : {}),
      ...(ds.dnsBypassCname ? { cname: ds.dnsBypassCname } : {}),
      ...(ds.dnsBypassTtl !== null ? { ttl: ds.dnsBypassTtl } : {}),
    };
    return Object.keys(dns).length ? { DNS: dns } : undefined;
  }
  if (!ds.httpBypassFqdn) return undefined;
  const [fqdn, port] = ds.httpBypassFqdn.split(':');
  return { HTTP: { fqdn, ...(port ? { port } : {}) } };
}

const headerLines = (text: string | null) =>
  (text ?? '')
    .split(/__RETURN__|\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');

function responseHeaders(ds: DeliveryService): Record<string, string> | undefined {
  const entries = headerLines(ds.trResponseHeaders).map((line): [string, string] => {
    const at = line.indexOf(':');
    return at < 0 ? [line, ''] : [line.slice(0, at).trim(), line.slice(at + 1).trim()];
  });
  return entries.length ? Object.fromEntries(entries) : undefined;
}

/** The keys only HTTP-routed delivery services carry. */
function httpOnly(ds: DeliveryService): Partial<CrDeliveryService> {
  if (isDns(ds)) return ds.maxDnsAnswers === null ? {} : { maxDnsIpsForLocation: ds.maxDnsAnswers };
  return {
    anonymousBlockingEnabled: strBool(ds.anonymousBlockingEnabled),
    regionalGeoBlocking: strBool(ds.regionalGeoBlocking),
    dispersion: { limit: ds.initialDispersion, shuffled: 'true' },
    ...(ds.geoLimit !== 0 ? { geoLimitRedirectURL: ds.geoLimitRedirectUrl ?? '' } : {}),
  };
}

/** The optional keys, each present only when the delivery service sets it. */
function optional(ds: DeliveryService): Partial<CrDeliveryService> {
  const requestHeaders = headerLines(ds.trRequestHeaders).map((l) => l.split(':')[0].trim());
  const countries = (ds.geoLimitCountries ?? '').split(',').map((c) => c.trim());
  const responses = responseHeaders(ds);
  const bypassTo = bypass(ds);
  return {
    ...(bypassTo ? { bypassDestination: bypassTo } : {}),
    ...(ds.consistentHashQueryParams.length ? { consistentHashQueryParams: ds.consistentHashQueryParams } : {}),
    ...(ds.consistentHashRegex ? { consistentHashRegex: ds.consistentHashRegex } : {}),
    ...(ds.geoLimit > 1 ? { geoEnabled: countries.filter((c) => c).map((countryCode) => ({ countryCode })) } : {}),
    ...(ds.missLat !== null && ds.missLong !== null ? { missLocation: { lat: ds.missLat, long: ds.missLong } } : {}),
    ...(requestHeaders.length ? { requestHeaders } : {}),
    ...(responses ? { responseHeaders: responses } : {}),
    ...(ds.ccrDnsTtl !== null ? { ttl: ds.ccrDnsTtl } : {}),
  };
}

function ttls(ds: DeliveryService, overrides: TtlOverrides): CrDeliveryService['ttls'] {
  const ttl = ds.ccrDnsTtl === null ? '' : String(ds.ccrDnsTtl);
  const own = ds.profileId !== null ? overrides : {};
  return { A: ttl, AAAA: ttl, NS: own.NS ?? '3600', SOA: own.SOA ?? '86400' };
}

function deliveryService(t: CdnTopology, ds: DeliveryService, overrides: TtlOverrides): CrDeliveryService {
  const entry: CrDeliveryService = {
    ...httpOnly(ds),
    ...optional(ds),
    coverageZoneOnly: strBool(ds.geoLimit === 1),
    deepCachingType: ds.deepCachingType,
    domains: domains(t, ds),
    ecsEnabled: strBool(ds.ecsEnabled),
    geolocationProvider: 'maxmindGeolocationService',
    ip6RoutingEnabled: strBool(ds.ipv6RoutingEnabled),
    matchsets: matchsets(t, ds),
    protocol: PROTOCOLS[ds.protocol] ?? PROTOCOLS[0],
    routingName: ds.routingName,
    soa: { ...SOA },
    sslEnabled: strBool(ds.protocol >= 1 && ds.protocol <= 3),
    ttls: ttls(ds, overrides),
  };
  return sortedMap(Object.entries(entry)) as unknown as CrDeliveryService;
}

/** deliveryServices: the CDN's active, non-ANY_MAP delivery services by xmlId (reference §1.4). */
export function deliveryServices(t: CdnTopology, overrides: TtlOverrides): Record<string, CrDeliveryService> {
  return sortedMap(t.deliveryServices.filter(routed).map((ds) => [ds.xmlId, deliveryService(t, ds, overrides)]));
}
