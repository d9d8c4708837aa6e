import { formatDegrees } from '../../format/deliveryservices.js';
import type { FieldReader } from './fields.js';
import type { DeliveryServiceSettings } from '../../store/snapshot-types.js';

type Key = keyof DeliveryServiceSettings;

/** How a delivery service may sign URLs (Traffic Ops' deliveryservice_signature_type). */
export const SIGNING_ALGORITHMS = ['url_sig', 'uri_signing'] as const;

/**
 * How each delivery-service setting is read from and written to a snapshot. `doc` is the field's name in the
 * file when it differs from the model's (Traffic Ops spelled `geoLimitRedirectURL`). Integers are written as
 * strings of digits and coordinates as decimal strings, as the seed's delivery-service table types them.
 */
type FieldSpec =
  | { key: Key; kind: 'text'; doc?: string; alias?: string }
  | {
      key: Key;
      kind: 'bool';
      fallback: boolean;
      /** Written only when it differs from the fallback. */ sparse?: boolean;
    }
  | { key: Key; kind: 'int'; fallback?: number; min?: number; max?: number }
  | { key: Key; kind: 'degrees'; limit: number }
  | { key: Key; kind: 'enum'; values: readonly string[]; fallback: string }
  | { key: Key; kind: 'choice'; values: readonly string[] }
  | { key: Key; kind: 'list' };

export const DS_SETTING_FIELDS: readonly FieldSpec[] = [
  { key: 'displayName', kind: 'text' },
  { key: 'active', kind: 'bool', fallback: true },
  { key: 'cacheurl', kind: 'text' },
  { key: 'ccrDnsTtl', kind: 'int', min: 0 },
  { key: 'checkPath', kind: 'text' },
  { key: 'deepCachingType', kind: 'enum', values: ['NEVER', 'ALWAYS'], fallback: 'NEVER' },
  { key: 'dnsBypassCname', kind: 'text' },
  { key: 'dnsBypassIp', kind: 'text' },
  { key: 'dnsBypassIp6', kind: 'text' },
  { key: 'dnsBypassTtl', kind: 'int', min: 0 },
  { key: 'dscp', kind: 'int', fallback: 0, min: 0, max: 63 },
  { key: 'edgeHeaderRewrite', kind: 'text' },
  { key: 'geoLimit', kind: 'int', fallback: 0, min: 0, max: 2 },
  { key: 'geoLimitCountries', kind: 'text' },
  { key: 'geoLimitRedirectUrl', kind: 'text', doc: 'geoLimitRedirectURL', alias: 'geoLimitRedirectUrl' },
  { key: 'geoProvider', kind: 'int', fallback: 0, min: 0, max: 1 },
  { key: 'globalMaxMbps', kind: 'int', min: 0 },
  { key: 'globalMaxTps', kind: 'int', min: 0 },
  { key: 'httpBypassFqdn', kind: 'text' },
  { key: 'infoUrl', kind: 'text' },
  { key: 'initialDispersion', kind: 'int', fallback: 1, min: 1 },
  { key: 'ipv6RoutingEnabled', kind: 'bool', fallback: false },
  { key: 'logsEnabled', kind: 'bool', fallback: false },
  { key: 'longDesc', kind: 'text' },
  { key: 'longDesc1', kind: 'text' },
  { key: 'longDesc2', kind: 'text' },
  { key: 'maxDnsAnswers', kind: 'int', min: 0 },
  { key: 'midHeaderRewrite', kind: 'text' },
  { key: 'missLat', kind: 'degrees', limit: 90 },
  { key: 'missLong', kind: 'degrees', limit: 180 },
  { key: 'multiSiteOrigin', kind: 'bool', fallback: false },
  { key: 'multiSiteOriginAlgorithm', kind: 'int', min: 0 },
  { key: 'originShield', kind: 'text' },
  { key: 'protocol', kind: 'int', fallback: 0, min: 0, max: 3 },
  { key: 'qstringIgnore', kind: 'int', fallback: 0, min: 0, max: 2 },
  { key: 'rangeRequestHandling', kind: 'int', fallback: 0, min: 0, max: 2 },
  { key: 'regexRemap', kind: 'text' },
  { key: 'regionalGeoBlocking', kind: 'bool', fallback: false },
  { key: 'remapText', kind: 'text' },
  { key: 'routingName', kind: 'text' },
  { key: 'signed', kind: 'bool', fallback: false },
  { key: 'sslKeyVersion', kind: 'int', min: 0 },
  { key: 'trRequestHeaders', kind: 'text' },
  { key: 'trResponseHeaders', kind: 'text' },
  // issue 17: the fields Traffic Ops 1.x returned beyond the seed's table (numbers read as JSON numbers or digits).
  { key: 'anonymousBlockingEnabled', kind: 'bool', fallback: false, sparse: true },
  { key: 'consistentHashQueryParams', kind: 'list' },
  { key: 'consistentHashRegex', kind: 'text' },
  { key: 'ecsEnabled', kind: 'bool', fallback: false, sparse: true },
  { key: 'fqPacingRate', kind: 'int', min: 0 },
  { key: 'maxOriginConnections', kind: 'int', min: 0 },
  { key: 'rangeSliceBlockSize', kind: 'int', min: 0 },
  { key: 'signingAlgorithm', kind: 'choice', values: SIGNING_ALGORITHMS },
];

/** The name a setting has in the file. */
export const docName = (spec: FieldSpec): string => ('doc' in spec && spec.doc ? spec.doc : spec.key);

/** Every field name a delivery-service record may carry in a file. */
export const DS_DOCUMENT_FIELDS: readonly string[] = [
  'xmlId',
  'cdnName',
  'type',
  'tenant',
  'profileName',
  'orgServerFqdn',
  'users',
  ...DS_SETTING_FIELDS.flatMap((s) => ('alias' in s && s.alias ? [docName(s), s.alias] : [docName(s)])),
];

/** Reads one setting; text settings with special rules (displayName, routingName) are checked by the caller. */
function readSetting(spec: FieldSpec, f: FieldReader): unknown {
  switch (spec.kind) {
    case 'text': {
      const name = docName(spec);
      const alias = 'alias' in spec ? spec.alias : undefined;
      return f.optionalString(alias && !f.has(name) ? alias : name);
    }
    case 'bool':
      return f.boolean(spec.key, spec.fallback);
    case 'int':
      return spec.fallback === undefined
        ? f.optionalInteger(spec.key, spec.min, spec.max)
        : f.integerOr(spec.key, spec.fallback, spec.min, spec.max);
    case 'degrees':
      return f.optionalNumber(spec.key, -spec.limit, spec.limit);
    case 'enum':
      return f.oneOf(spec.key, spec.values, spec.fallback);
    case 'choice':
      return f.has(spec.key) && f.optionalString(spec.key) !== null
        ? f.oneOf(spec.key, spec.values, spec.values[0])
        : null;
    case 'list':
      return f.stringList(spec.key);
  }
}

/** Reads every setting of a delivery-service record. */
export function readSettings(f: FieldReader): DeliveryServiceSettings {
  const settings: Record<string, unknown> = {};
  for (const spec of DS_SETTING_FIELDS) settings[spec.key] = readSetting(spec, f);
  const read = settings as unknown as DeliveryServiceSettings;
  // `signed` (the seed's) and `signingAlgorithm` (Traffic Ops' from 1.3 on) say one thing: the algorithm, when
  // given, decides both; else a signed delivery service signs with url_sig, what `signed` meant.
  if (read.signingAlgorithm !== null) read.signed = read.signingAlgorithm === 'url_sig';
  else if (read.signed) read.signingAlgorithm = 'url_sig';
  return read;
}

/** Writes every non-null setting under its file name, in the seed's types. */
export function writeSettings(settings: DeliveryServiceSettings): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const spec of DS_SETTING_FIELDS) {
    const value = settings[spec.key];
    if (value === null || value === undefined) continue;
    if (spec.kind === 'list' && (value as string[]).length === 0) continue;
    if (spec.kind === 'bool' && spec.sparse && value === spec.fallback) continue;
    if (spec.kind === 'int') out[docName(spec)] = String(value);
    else if (spec.kind === 'degrees') out[docName(spec)] = formatDegrees(value as number);
    else out[docName(spec)] = value;
  }
  return out;
}
