import { createRequire } from 'node:module';

/*
 * Traffic Ops 1.x's CRConfig and monitoring configuration as JSON schemas, written from the reference
 * (docs/reference/traffic-ops-wave3.md §1.4, §1.5, §12.4–12.5) independently of the daemon's response schemas:
 * every object closed, str-bools only "true"/"false", counts integers, the v1 client's non-empty lists and numeric
 * polling intervals required.
 */

const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
type Validate = ((data: unknown) => boolean) & { errors?: unknown[] | null };
type AjvClass = new (options: Record<string, unknown>) => { compile(schema: unknown): Validate };
const Ajv = fromFastify('ajv') as AjvClass & { default?: AjvClass };
const ajv = new (Ajv.default ?? Ajv)({ strict: false, allErrors: true });

const S = { type: 'string' };
const I = { type: 'integer' };
const N = { type: 'number' };
const SB = { enum: ['true', 'false'] };
const IntOrNull = { type: ['integer', 'null'] };
const obj = (properties: Record<string, unknown>, required: string[]) => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});
const map = (value: unknown) => ({ type: 'object', additionalProperties: value, minProperties: 1 });
const strings = { type: 'array', items: S };

const server = obj(
  {
    cacheGroup: S,
    capabilities: strings,
    fqdn: S,
    hashCount: I,
    hashId: S,
    httpsPort: IntOrNull,
    interfaceName: S,
    ip: S,
    ip6: S,
    locationId: S,
    port: IntOrNull,
    profile: S,
    status: S,
    type: S,
    deliveryServices: { type: 'object', additionalProperties: strings },
    routingDisabled: { enum: [0, 1] },
  },
  ['cacheGroup', 'fqdn', 'hashCount', 'hashId', 'httpsPort', 'interfaceName', 'ip', 'ip6', 'locationId', 'port'],
);
const hostFields = {
  fqdn: S,
  httpsPort: IntOrNull,
  ip: S,
  ip6: S,
  location: S,
  port: IntOrNull,
  profile: S,
  status: S,
};
const hostRequired = Object.keys(hostFields);
const location = obj(
  {
    latitude: N,
    longitude: N,
    backupLocations: obj({ fallbackToClosest: SB, list: strings }, ['fallbackToClosest']),
    localizationMethods: { type: 'array', items: { enum: ['GEO', 'CZ', 'DEEP_CZ'] } },
  },
  ['latitude', 'longitude', 'backupLocations', 'localizationMethods'],
);
const ds = obj(
  {
    anonymousBlockingEnabled: SB,
    bypassDestination: { type: 'object' },
    consistentHashQueryParams: { ...strings, minItems: 1 },
    consistentHashRegex: { type: 'string', minLength: 1 },
    coverageZoneOnly: SB,
    deepCachingType: { enum: ['NEVER', 'ALWAYS'] },
    dispersion: obj({ limit: I, shuffled: { const: 'true' } }, ['limit', 'shuffled']),
    domains: strings,
    ecsEnabled: SB,
    geoEnabled: { type: 'array', items: obj({ countryCode: S }, ['countryCode']) },
    geoLimitRedirectURL: S,
    geolocationProvider: { const: 'maxmindGeolocationService' },
    ip6RoutingEnabled: SB,
    matchsets: {
      type: 'array',
      items: {
        anyOf: [
          { type: 'null' },
          obj(
            {
              protocol: { enum: ['HTTP', 'DNS'] },
              matchlist: {
                type: 'array',
                items: obj({ regex: S, 'match-type': { enum: ['HOST', 'PATH', 'HEADER'] } }, ['regex', 'match-type']),
              },
            },
            ['protocol', 'matchlist'],
          ),
        ],
      },
    },
    maxDnsIpsForLocation: I,
    missLocation: obj({ lat: N, long: N }, ['lat', 'long']),
    protocol: obj({ acceptHttp: SB, acceptHttps: SB, redirectToHttps: SB }, ['acceptHttps', 'redirectToHttps']),
    regionalGeoBlocking: SB,
    requestHeaders: strings,
    requiredCapabilities: strings,
    responseHeaders: { type: 'object', additionalProperties: S },
    routingName: S,
    soa: {
      const: { admin: 'traffic_ops', expire: '604800', minimum: '30', refresh: '28800', retry: '7200' },
    },
    sslEnabled: SB,
    staticDnsEntries: { type: 'array' },
    topology: S,
    ttl: I,
    ttls: obj({ A: S, AAAA: S, NS: S, SOA: S }, ['A', 'AAAA', 'NS', 'SOA']),
  },
  ['coverageZoneOnly', 'domains', 'ecsEnabled', 'geolocationProvider', 'ip6RoutingEnabled', 'matchsets', 'protocol'],
);

export const TO_CRCONFIG = obj(
  {
    config: {
      type: 'object',
      properties: {
        domain_name: S,
        'dnssec.enabled': SB,
        soa: { type: 'object', additionalProperties: S },
        ttls: { type: 'object', additionalProperties: S },
        requestHeaders: strings,
        maxmindDefaultOverride: { type: 'array', items: obj({ countryCode: S, lat: N, long: N }, ['countryCode']) },
      },
      required: ['domain_name', 'dnssec.enabled'],
      additionalProperties: S,
    },
    contentServers: map(server),
    contentRouters: map(obj({ 'api.port': S, 'secure.api.port': S, ...hostFields }, hostRequired)),
    deliveryServices: map(ds),
    edgeLocations: map(location),
    trafficRouterLocations: map(location),
    monitors: map(obj(hostFields, hostRequired)),
    stats: obj({ CDN_name: S, date: I, tm_host: S, tm_path: S, tm_user: S, tm_version: S }, [
      'CDN_name',
      'date',
      'tm_host',
      'tm_user',
      'tm_version',
    ]),
    topologies: { type: 'object' },
  },
  ['config', 'stats'],
);

const cache = {
  cacheGroup: S,
  fqdn: S,
  hashId: S,
  hostName: S,
  interfaceName: S,
  ip: S,
  ip6: S,
  port: I,
  profile: S,
  status: S,
  type: S,
};
const monitor = { port: I, ip6: S, ip: S, hostName: S, fqdn: S, profile: S, location: S, status: S };
const thresholdText = { type: 'string', pattern: '^$|^(>=|<=|>|<|=)-?\\d+\\.\\d{6}$' };
const list = (items: unknown) => ({ type: 'array', items, minItems: 1 });

export const TO_MONITORING = obj(
  {
    trafficServers: list(obj(cache, Object.keys(cache))),
    cacheGroups: list(
      obj({ name: S, coordinates: obj({ latitude: N, longitude: N }, ['latitude', 'longitude']) }, [
        'name',
        'coordinates',
      ]),
    ),
    config: {
      type: 'object',
      properties: { 'peers.polling.interval': N, 'health.polling.interval': N },
      required: ['peers.polling.interval', 'health.polling.interval'],
      additionalProperties: { type: ['string', 'number'] },
    },
    trafficMonitors: list(obj(monitor, Object.keys(monitor))),
    deliveryServices: {
      type: 'array',
      items: obj({ xmlId: S, TotalTpsThreshold: I, status: S, TotalKbpsThreshold: I }, [
        'xmlId',
        'TotalTpsThreshold',
        'status',
        'TotalKbpsThreshold',
      ]),
    },
    profiles: list(
      obj(
        {
          parameters: obj(
            {
              'health.connection.timeout': I,
              'health.polling.url': S,
              'health.polling.format': S,
              'health.polling.type': S,
              'history.count': I,
              MinFreeKbps: I,
              health_threshold: {
                type: 'object',
                additionalProperties: obj({ Val: N, Comparator: { enum: ['>=', '<=', '>', '<', '='] } }, [
                  'Val',
                  'Comparator',
                ]),
              },
              'health.threshold.availableBandwidthInKbps': thresholdText,
              'health.threshold.loadavg': thresholdText,
              'health.threshold.queryTime': thresholdText,
            },
            ['health.connection.timeout', 'history.count', 'MinFreeKbps'],
          ),
          name: S,
          type: S,
        },
        ['parameters', 'name', 'type'],
      ),
    ),
  },
  ['trafficServers', 'cacheGroups', 'config', 'trafficMonitors', 'deliveryServices', 'profiles'],
);

const validators = new Map<unknown, Validate>();

/** Ajv's complaints about `doc` against `schema` (empty when it matches). */
export function violations(schema: unknown, doc: unknown): unknown[] {
  let validate = validators.get(schema);
  if (!validate) validators.set(schema, (validate = ajv.compile(schema)));
  return validate(doc) ? [] : (validate.errors ?? []);
}
