import { int, list, nullableInt, num, text, textList, type JsonSchema } from './schema.js';

/*
 * Response schemas of the configuration for the other servers (issue 35; types in crconfig.ts). Field types are
 * Traffic Ops 1.x's exactly: str-bools are strings limited to "true"/"false", counts are integers.
 */

const strBool = { type: 'string', enum: ['true', 'false'] } as const;
const closed = (properties: Record<string, JsonSchema>, required: string[] = []) =>
  ({ type: 'object', properties, required, additionalProperties: false }) as const;
const mapOf = (values: JsonSchema) => ({ type: 'object', additionalProperties: values }) as const;

const location = closed(
  {
    latitude: num,
    longitude: num,
    backupLocations: closed({ fallbackToClosest: strBool, list: textList }, ['fallbackToClosest']),
    localizationMethods: textList,
  },
  ['latitude', 'longitude', 'backupLocations', 'localizationMethods'],
);

const contentServer = closed(
  {
    cacheGroup: text,
    fqdn: text,
    hashCount: int,
    hashId: text,
    httpsPort: nullableInt,
    interfaceName: text,
    ip: text,
    ip6: text,
    locationId: text,
    port: nullableInt,
    profile: text,
    status: text,
    type: text,
    deliveryServices: mapOf(textList),
    routingDisabled: int,
  },
  ['cacheGroup', 'fqdn', 'hashCount', 'hashId', 'httpsPort', 'ip', 'ip6', 'port', 'profile', 'status', 'type'],
);

const monitorFields = {
  fqdn: text,
  httpsPort: nullableInt,
  ip: text,
  ip6: text,
  location: text,
  port: nullableInt,
  profile: text,
  status: text,
};
const monitor = closed(monitorFields, Object.keys(monitorFields));
const router = closed({ 'api.port': text, 'secure.api.port': text, ...monitorFields }, Object.keys(monitorFields));

const matchSet = {
  anyOf: [
    closed(
      {
        protocol: { type: 'string', enum: ['HTTP', 'DNS'] },
        matchlist: list(
          closed({ regex: text, 'match-type': { type: 'string', enum: ['HOST', 'PATH', 'HEADER'] } }, [
            'regex',
            'match-type',
          ]),
        ),
      },
      ['protocol', 'matchlist'],
    ),
    { type: 'null' },
  ],
} as const;

const bypass = closed({
  DNS: closed({ ip: text, ip6: text, cname: text, ttl: int }),
  HTTP: closed({ fqdn: text, port: text }, ['fqdn']),
});

const soa = closed({ admin: text, expire: text, minimum: text, refresh: text, retry: text }, [
  'admin',
  'expire',
  'minimum',
  'refresh',
  'retry',
]);

const deliveryService = closed(
  {
    anonymousBlockingEnabled: strBool,
    bypassDestination: bypass,
    consistentHashQueryParams: textList,
    consistentHashRegex: text,
    coverageZoneOnly: strBool,
    deepCachingType: text,
    dispersion: closed({ limit: int, shuffled: { type: 'string', enum: ['true'] } }, ['limit', 'shuffled']),
    domains: textList,
    ecsEnabled: strBool,
    geoEnabled: list(closed({ countryCode: text }, ['countryCode'])),
    geoLimitRedirectURL: text,
    geolocationProvider: text,
    ip6RoutingEnabled: strBool,
    matchsets: list(matchSet),
    maxDnsIpsForLocation: int,
    missLocation: closed({ lat: num, long: num }, ['lat', 'long']),
    protocol: closed({ acceptHttp: strBool, acceptHttps: strBool, redirectToHttps: strBool }, [
      'acceptHttps',
      'redirectToHttps',
    ]),
    regionalGeoBlocking: strBool,
    requestHeaders: textList,
    responseHeaders: mapOf(text),
    routingName: text,
    soa,
    sslEnabled: strBool,
    ttl: int,
    ttls: closed({ A: text, AAAA: text, NS: text, SOA: text }, ['A', 'AAAA', 'NS', 'SOA']),
  },
  ['coverageZoneOnly', 'domains', 'ecsEnabled', 'ip6RoutingEnabled', 'matchsets', 'protocol', 'soa', 'sslEnabled'],
);

const config = {
  type: 'object',
  properties: {
    domain_name: text,
    'dnssec.enabled': strBool,
    soa: mapOf(text),
    ttls: mapOf(text),
    requestHeaders: textList,
    maxmindDefaultOverride: list(closed({ countryCode: text, lat: num, long: num }, ['countryCode', 'lat', 'long'])),
  },
  additionalProperties: text,
} as const;

const stats = closed({ CDN_name: text, date: int, tm_host: text, tm_path: text, tm_user: text, tm_version: text }, []);

/** The CRConfig of one CDN (reference §1.4): each section is omitted when empty, but `stats`. */
export const crConfigSchema = closed(
  {
    config,
    contentServers: mapOf(contentServer),
    contentRouters: mapOf(router),
    deliveryServices: mapOf(deliveryService),
    edgeLocations: mapOf(location),
    trafficRouterLocations: mapOf(location),
    monitors: mapOf(monitor),
    stats,
  },
  ['stats'],
);

const cacheFields = {
  cacheGroup: text,
  fqdn: text,
  hashId: text,
  hostName: text,
  interfaceName: text,
  ip: text,
  ip6: text,
  port: int,
  profile: text,
  status: text,
  type: text,
};
const monitorRecordFields = {
  port: int,
  ip6: text,
  ip: text,
  hostName: text,
  fqdn: text,
  profile: text,
  location: text,
  status: text,
};
const threshold = closed({ Val: num, Comparator: text }, ['Val', 'Comparator']);
const profileParameterFields = {
  'health.connection.timeout': int,
  'health.polling.url': text,
  'health.polling.format': text,
  'health.polling.type': text,
  'history.count': int,
  MinFreeKbps: int,
  health_threshold: mapOf(threshold),
  'health.threshold.availableBandwidthInKbps': text,
  'health.threshold.loadavg': text,
  'health.threshold.queryTime': text,
};
const dsFields = { xmlId: text, TotalTpsThreshold: int, status: text, TotalKbpsThreshold: int };

/** The 1.x monitoring configuration (reference §1.5). */
export const monitoringSchema = closed(
  {
    trafficServers: list(closed(cacheFields, Object.keys(cacheFields))),
    cacheGroups: list(
      closed({ name: text, coordinates: closed({ latitude: num, longitude: num }, ['latitude', 'longitude']) }, [
        'name',
        'coordinates',
      ]),
    ),
    config: mapOf({ type: ['string', 'number'] }),
    trafficMonitors: list(closed(monitorRecordFields, Object.keys(monitorRecordFields))),
    deliveryServices: list(closed(dsFields, Object.keys(dsFields))),
    profiles: list(
      closed(
        {
          parameters: closed(
            profileParameterFields,
            Object.keys(profileParameterFields).filter((k) => k !== 'health_threshold'),
          ),
          name: text,
          type: text,
        },
        ['parameters', 'name', 'type'],
      ),
    ),
  },
  ['trafficServers', 'cacheGroups', 'config', 'trafficMonitors', 'deliveryServices', 'profiles'],
);

const sectionDiff = closed({ added: textList, removed: textList, changed: textList }, ['added', 'removed', 'changed']);

/** GET cdns/:name/snapshot/diff (ours). */
export const snapshotDiffSchema = closed(
  {
    cdn: text,
    published: { type: ['string', 'null'] },
    pending: { type: 'boolean' },
    crconfig: mapOf(sectionDiff),
    monitoring: mapOf(sectionDiff),
  },
  ['cdn', 'published', 'pending', 'crconfig', 'monitoring'],
);
