// The delivery-service fields a write may carry, per API version, and how each is read (issue 31).

export type DsApiVersion = '1.1' | '1.2' | '1.3' | '1.4' | '1.5';

export type DsFieldKind = 'bool' | 'int' | 'float' | 'text' | 'list';

/** The fields Traffic Ops 1.x took in a delivery-service write body, by kind (V12 … V15). */
export const DS_FIELD_KINDS = {
  active: 'bool',
  anonymousBlockingEnabled: 'bool',
  cacheurl: 'text',
  ccrDnsTtl: 'int',
  cdnId: 'int',
  checkPath: 'text',
  consistentHashQueryParams: 'list',
  consistentHashRegex: 'text',
  deepCachingType: 'text',
  displayName: 'text',
  dnsBypassCname: 'text',
  dnsBypassIp: 'text',
  dnsBypassIp6: 'text',
  dnsBypassTtl: 'int',
  dscp: 'int',
  ecsEnabled: 'bool',
  edgeHeaderRewrite: 'text',
  fqPacingRate: 'int',
  geoLimit: 'int',
  geoLimitCountries: 'text',
  geoLimitRedirectURL: 'text',
  geoProvider: 'int',
  globalMaxMbps: 'int',
  globalMaxTps: 'int',
  httpBypassFqdn: 'text',
  infoUrl: 'text',
  initialDispersion: 'int',
  ipv6RoutingEnabled: 'bool',
  logsEnabled: 'bool',
  longDesc: 'text',
  longDesc1: 'text',
  longDesc2: 'text',
  maxDnsAnswers: 'int',
  maxOriginConnections: 'int',
  midHeaderRewrite: 'text',
  missLat: 'float',
  missLong: 'float',
  multiSiteOrigin: 'bool',
  orgServerFqdn: 'text',
  originShield: 'text',
  profileId: 'int',
  protocol: 'int',
  qstringIgnore: 'int',
  rangeRequestHandling: 'int',
  rangeSliceBlockSize: 'int',
  regexRemap: 'text',
  regionalGeoBlocking: 'bool',
  remapText: 'text',
  routingName: 'text',
  signed: 'bool',
  signingAlgorithm: 'text',
  sslKeyVersion: 'int',
  tenantId: 'int',
  trRequestHeaders: 'text',
  trResponseHeaders: 'text',
  typeId: 'int',
  xmlId: 'text',
} as const satisfies Record<string, DsFieldKind>;

export type DsFieldName = keyof typeof DS_FIELD_KINDS;

/** The version that first took each field (§5.2): the rest were in V11/V12 already. */
export const DS_FIELD_SINCE: Partial<Record<DsFieldName, DsApiVersion>> = {
  deepCachingType: '1.3',
  fqPacingRate: '1.3',
  signingAlgorithm: '1.3',
  trRequestHeaders: '1.3',
  trResponseHeaders: '1.3',
  consistentHashQueryParams: '1.4',
  consistentHashRegex: '1.4',
  maxOriginConnections: '1.4',
  ecsEnabled: '1.5',
  rangeSliceBlockSize: '1.5',
};

const ORDER: readonly DsApiVersion[] = ['1.1', '1.2', '1.3', '1.4', '1.5'];

/** Whether a request at `version` carries `field` (a newer field is neither read on create nor written on update). */
export function takesField(field: DsFieldName, version: DsApiVersion): boolean {
  const since = DS_FIELD_SINCE[field];
  return since === undefined || ORDER.indexOf(version) >= ORDER.indexOf(since);
}

/** A value read from a body: null when absent or null; `bad` when its JSON type is wrong. */
type Read = { value: unknown } | { bad: string };

const digits = /^-?\d+$/;

/** Reads one field by kind. Integers also come as digit strings: up to 1.3 this API answers them so. */
export function readField(kind: DsFieldKind, raw: unknown): Read {
  if (raw === undefined || raw === null) return { value: null };
  switch (kind) {
    case 'bool':
      return typeof raw === 'boolean' ? { value: raw } : { bad: 'must be a boolean' };
    case 'int':
      if (typeof raw === 'number' && Number.isInteger(raw)) return { value: raw };
      if (typeof raw === 'string' && digits.test(raw)) return { value: Number(raw) };
      return { bad: 'must be an integer' };
    case 'float':
      if (typeof raw === 'number' && Number.isFinite(raw)) return { value: raw };
      if (typeof raw === 'string' && raw.trim() !== '' && Number.isFinite(Number(raw))) return { value: Number(raw) };
      return { bad: 'must be a number' };
    case 'text':
      return typeof raw === 'string' ? { value: raw } : { bad: 'must be a string' };
    case 'list':
      return Array.isArray(raw) && raw.every((x) => typeof x === 'string')
        ? { value: raw as string[] }
        : { bad: 'must be an array of strings' };
  }
}
