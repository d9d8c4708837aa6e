import { expect } from 'vitest';

/**
 * The JSON types of the records Traffic Ops' Go server answered at 1.4/1.5, transcribed from
 * docs/reference/traffic-ops-1.4-1.5-types.md, with the key order where the Go struct fixes it. A type is
 * `string`, `number`, `boolean`, `array`, `object` or `null`; `string|null` allows both.
 */
export type Shape = Record<string, string>;

export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** Asserts every field's JSON type (and, when `ordered`, the exact key order) of one record. */
export function expectShape(record: unknown, shape: Shape, where: string, options: { ordered?: boolean } = {}): void {
  expect(record, where).toBeTypeOf('object');
  const r = record as Record<string, unknown>;
  if (options.ordered) expect(Object.keys(r), `key order of ${where}`).toEqual(Object.keys(shape));
  else expect(Object.keys(r).sort(), `keys of ${where}`).toEqual(Object.keys(shape).sort());
  for (const [key, allowed] of Object.entries(shape)) {
    expect(allowed.split('|'), `JSON type of ${where}.${key} (${JSON.stringify(r[key])})`).toContain(jsonType(r[key]));
  }
}

const each = (keys: string[], type: string): Shape => Object.fromEntries(keys.map((k) => [k, type]));

const USER_PROFILE: Shape = {
  ...each(['addressLine1', 'addressLine2', 'city', 'company', 'country', 'email', 'fullName'], 'string|null'),
  gid: 'number|null',
  id: 'number',
  newUser: 'boolean|null',
  ...each(['phoneNumber', 'postalCode', 'publicSshKey'], 'string|null'),
  role: 'number',
  stateOrProvince: 'string|null',
  tenant: 'string|null',
  tenantId: 'number',
  uid: 'number|null',
  lastUpdated: 'string',
};

export const GO = {
  userGet: { rolename: 'string|null', username: 'string|null', registrationSent: 'string|null', ...USER_PROFILE },
  user: { username: 'string|null', registrationSent: 'string|null', roleName: 'string', ...USER_PROFILE },
  userCurrent: { username: 'string|null', localUser: 'boolean', roleName: 'string', ...USER_PROFILE },
  profile: {
    id: 'number',
    lastUpdated: 'string',
    name: 'string',
    description: 'string',
    cdnName: 'string|null',
    cdn: 'number|null',
    routingDisabled: 'boolean',
    type: 'string',
  },
  invalidationJob: {
    assetUrl: 'string',
    createdBy: 'string',
    deliveryService: 'string',
    id: 'number',
    keyword: 'string',
    parameters: 'string',
    startTime: 'string',
  },
  userInvalidationJob: {
    agent: 'number',
    assetUrl: 'string',
    assetType: 'string',
    deliveryService: 'string',
    enteredTime: 'string',
    id: 'number',
    keyword: 'string',
    objectName: 'string|null',
    objectType: 'string|null',
    parameters: 'string',
    username: 'string',
  },
  origin: {
    ...each(['cachegroup'], 'string|null'),
    cachegroupId: 'number|null',
    coordinate: 'string|null',
    coordinateId: 'number|null',
    deliveryService: 'string|null',
    deliveryServiceId: 'number|null',
    fqdn: 'string|null',
    id: 'number|null',
    ip6Address: 'string|null',
    ipAddress: 'string|null',
    isPrimary: 'boolean|null',
    lastUpdated: 'string',
    name: 'string|null',
    port: 'number|null',
    profile: 'string|null',
    profileId: 'number|null',
    protocol: 'string|null',
    tenant: 'string|null',
    tenantId: 'number|null',
  },
  federationUser: { id: 'number', ...each(['username', 'company', 'role', 'email', 'fullName'], 'string|null') },
  role: { id: 'number', name: 'string', description: 'string', privLevel: 'number', capabilities: 'array' },
  tenant: {
    id: 'number',
    name: 'string',
    active: 'boolean',
    lastUpdated: 'string',
    parentId: 'number|null',
    parentName: 'string',
  },
  rootTenant: { id: 'number', name: 'string', active: 'boolean', lastUpdated: 'string', parentId: 'null' },
  cdn: { dnssecEnabled: 'boolean', domainName: 'string', id: 'number', lastUpdated: 'string', name: 'string' },
  profileParameter: {
    configFile: 'string',
    id: 'number',
    lastUpdated: 'string',
    name: 'string',
    secure: 'boolean',
    value: 'string',
  },
} satisfies Record<string, Shape>;

const DS_BOOL = [
  'active',
  'anonymousBlockingEnabled',
  'ipv6RoutingEnabled',
  'logsEnabled',
  'multiSiteOrigin',
  'regionalGeoBlocking',
];
const DS_INT = [
  'ccrDnsTtl',
  'cdnId',
  'dnsBypassTtl',
  'dscp',
  'geoLimit',
  'geoProvider',
  'globalMaxMbps',
  'globalMaxTps',
  'id',
  'initialDispersion',
  'maxDnsAnswers',
  'profileId',
  'protocol',
  'qstringIgnore',
  'rangeRequestHandling',
  'sslKeyVersion',
  'tenantId',
  'typeId',
];
const DS_TEXT = [
  'cdnName',
  'checkPath',
  'displayName',
  'dnsBypassCname',
  'dnsBypassIp',
  'dnsBypassIp6',
  'edgeHeaderRewrite',
  'geoLimitCountries',
  'geoLimitRedirectURL',
  'httpBypassFqdn',
  'infoUrl',
  'longDesc',
  'longDesc1',
  'longDesc2',
  'midHeaderRewrite',
  'originShield',
  'orgServerFqdn',
  'profileDescription',
  'profileName',
  'regexRemap',
  'remapText',
  'routingName',
  'xmlId',
];
const DS_TYPES: Shape = {
  ...each(DS_BOOL, 'boolean|null'),
  ...each(DS_INT, 'number|null'),
  ...each(DS_TEXT, 'string|null'),
  exampleURLs: 'array|null',
  lastUpdated: 'string',
  matchList: 'array|null',
  missLat: 'number|null',
  missLong: 'number|null',
  signed: 'boolean',
  type: 'string|null',
  cacheurl: 'string|null',
  deepCachingType: 'string',
  fqPacingRate: 'number|null',
  signingAlgorithm: 'string|null',
  tenant: 'string|null',
  trResponseHeaders: 'string|null',
  trRequestHeaders: 'string|null',
  consistentHashRegex: 'string|null',
  consistentHashQueryParams: 'array|null',
  maxOriginConnections: 'number|null',
  ecsEnabled: 'boolean',
  rangeSliceBlockSize: 'number|null',
};
/** V11's fields in its struct order (reference §4.6, verbatim), then the V13–V15 additions in theirs. */
const V11_ORDER =
  `active, anonymousBlockingEnabled, ccrDnsTtl, cdnId, cdnName, checkPath, displayName, dnsBypassCname, dnsBypassIp,
  dnsBypassIp6, dnsBypassTtl, dscp, edgeHeaderRewrite, exampleURLs, geoLimit, geoLimitCountries, geoLimitRedirectURL, geoProvider,
  globalMaxMbps, globalMaxTps, httpBypassFqdn, id, infoUrl, initialDispersion, ipv6RoutingEnabled, lastUpdated, logsEnabled, longDesc,
  longDesc1, longDesc2, matchList, maxDnsAnswers, midHeaderRewrite, missLat, missLong, multiSiteOrigin, originShield, orgServerFqdn,
  profileDescription, profileId, profileName, protocol, qstringIgnore, rangeRequestHandling, regexRemap, regionalGeoBlocking, remapText,
  routingName, signed, sslKeyVersion, tenantId, type, typeId, xmlId`.split(/,\s*/);
const LATER = [
  'cacheurl',
  'deepCachingType',
  'fqPacingRate',
  'signingAlgorithm',
  'tenant',
  'trResponseHeaders',
  'trRequestHeaders',
  'consistentHashRegex',
  'consistentHashQueryParams',
  'maxOriginConnections',
];
const ordered = (keys: string[]): Shape => Object.fromEntries(keys.map((k) => [k, DS_TYPES[k]]));

export const GO_DS = {
  v14: ordered([...V11_ORDER, ...LATER]),
  v15: ordered([...V11_ORDER, ...LATER, 'ecsEnabled', 'rangeSliceBlockSize']),
  /** V12 (V11's fields then cacheurl) and V13 (plus the six 1.3 keys): GET deliveryservices at 1.1/1.2 and 1.3. */
  v12: ordered([...V11_ORDER, 'cacheurl']),
  v13: ordered([...V11_ORDER, ...LATER.slice(0, LATER.indexOf('consistentHashRegex'))]),
};

const NS = 'string|null';
const NN = 'number|null';
/** tc.ServerNullableV11 (GetServers at 1.5): every key the client reads, with the JSON types it decodes. */
export const GO_SERVER_V11: Shape = {
  cachegroup: NS,
  cachegroupId: NN,
  cdnId: NN,
  cdnName: NS,
  domainName: NS,
  guid: NS,
  hostName: NS,
  httpsPort: NN,
  id: NN,
  iloIpAddress: NS,
  iloIpGateway: NS,
  iloIpNetmask: NS,
  iloPassword: NS,
  iloUsername: NS,
  interfaceMtu: NN,
  interfaceName: NS,
  ip6Address: NS,
  ip6Gateway: NS,
  ipAddress: NS,
  ipGateway: NS,
  ipNetmask: NS,
  lastUpdated: NS,
  mgmtIpAddress: NS,
  mgmtIpGateway: NS,
  mgmtIpNetmask: NS,
  offlineReason: NS,
  physLocation: NS,
  physLocationId: NN,
  profile: NS,
  profileDesc: NS,
  profileId: NN,
  rack: NS,
  revalPending: 'boolean|null',
  routerHostName: NS,
  routerPortName: NS,
  status: NS,
  statusId: NN,
  tcpPort: NN,
  type: 'string',
  typeId: NN,
  updPending: 'boolean|null',
  xmppId: NS,
  xmppPasswd: NS,
};
