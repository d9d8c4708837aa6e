import { DS_FIELD_KINDS, type DsFieldName } from '../../../../shared/rules/deliveryservices/fields.js';
import {
  generalProblems,
  readDeliveryServiceBody,
  sanitize,
  typeProblems,
} from '../../../../shared/rules/deliveryservices/validate.js';

/** A record a field is chosen from (a type, CDN, tenant or profile). */
export interface Named {
  id: number | string;
  name: string;
}

/** What the delivery-service form picks from; without profiles the profile is typed as an id. */
export interface DsChoices {
  types: Named[];
  cdns: Named[];
  tenants: Named[];
  profiles?: Named[];
}

/** A delivery service's body, as the API takes it (POST and PUT deliveryservices). */
export type DsBody = Record<string, unknown>;

/** The form's fields: every field of a 1.5 write but the key store's sslKeyVersion and the legacy `signed`. */
export type DsFormKey = Exclude<DsFieldName, 'sslKeyVersion' | 'signed'>;

/** The form's values, as typed or chosen (numbers as text, yes/no flags, query parameters comma separated). */
export type DsFormValues = Record<DsFormKey, string>;

type Option = readonly [value: string, label: string];

/** How a field is entered besides typing: chosen from fixed options, a yes/no flag, or one of the API's lists. */
export type DsInput = { options: readonly Option[] } | { flag: true } | { from: keyof DsChoices } | null;

export interface DsFieldSpec {
  key: DsFormKey;
  label: string;
  input: DsInput;
  hint?: string;
}

const FLAG: DsInput = { flag: true };
const options = (...list: Option[]): DsInput => ({ options: list });
const field = (key: DsFormKey, label: string, input: DsInput = null, hint?: string): DsFieldSpec => ({
  key,
  label,
  input,
  ...(hint ? { hint } : {}),
});

export const PROTOCOLS = options(['0', 'http'], ['1', 'https'], ['2', 'http and https'], ['3', 'redirect to https']);

/** The sections, grouped and ordered as Traffic Portal's delivery-service form (and cdnctl's portal) group them. */
export const DS_FORM_GROUPS: ReadonlyArray<{ title: string; fields: readonly DsFieldSpec[] }> = [
  {
    title: 'Routing',
    fields: [
      field('xmlId', 'XML ID', null, 'no spaces or periods, ≤48'),
      field('displayName', 'Display name', null, '1–48 characters'),
      field('typeId', 'Type', { from: 'types' }),
      field('cdnId', 'CDN', { from: 'cdns' }),
      field('tenantId', 'Tenant', { from: 'tenants' }),
      field('routingName', 'Routing name', null, 'first label of the URL'),
      field('active', 'Active', FLAG),
      field('protocol', 'Protocol', PROTOCOLS),
      field('dscp', 'DSCP', null, '≥ 0'),
      field('ipv6RoutingEnabled', 'IPv6 routing', FLAG),
      field('profileId', 'Profile', { from: 'profiles' }, 'optional'),
      field('initialDispersion', 'Initial dispersion', null, '> 0 for HTTP'),
      field('missLat', 'Geo miss latitude', null, '±90'),
      field('missLong', 'Geo miss longitude', null, '±180'),
      field('ccrDnsTtl', 'Router DNS TTL'),
      field('maxDnsAnswers', 'Max DNS answers'),
      field('httpBypassFqdn', 'HTTP bypass FQDN'),
      field('dnsBypassCname', 'DNS bypass CNAME'),
      field('dnsBypassIp', 'DNS bypass IPv4'),
      field('dnsBypassIp6', 'DNS bypass IPv6'),
      field('dnsBypassTtl', 'DNS bypass TTL'),
      field('globalMaxMbps', 'Global max Mbps'),
      field('globalMaxTps', 'Global max TPS'),
      field('logsEnabled', 'Logs enabled', FLAG),
      field('longDesc', 'Description'),
      field('longDesc1', 'Customer'),
      field('longDesc2', 'Service'),
      field('infoUrl', 'Info URL'),
      field('checkPath', 'Check path'),
    ],
  },
  {
    title: 'Cache behaviour',
    fields: [
      field('qstringIgnore', 'Query string', options(['0', 'in cache key'], ['1', 'not in key'], ['2', 'drop'])),
      field(
        'rangeRequestHandling',
        'Range requests',
        options(['0', 'do not cache'], ['1', 'background fetch'], ['2', 'cache ranges'], ['3', 'slice plugin']),
      ),
      field('rangeSliceBlockSize', 'Slice block size', null, '262144–33554432, slice only'),
      field('deepCachingType', 'Deep caching', options(['NEVER', 'never'], ['ALWAYS', 'always'])),
      field('fqPacingRate', 'FQ pacing rate'),
      field('consistentHashRegex', 'Consistent hash regex'),
      field('consistentHashQueryParams', 'Hash query params', null, 'comma separated'),
      field('maxOriginConnections', 'Max origin conns', null, '0: no limit'),
      field('ecsEnabled', 'EDNS0 client subnet', FLAG),
    ],
  },
  {
    title: 'Origin',
    fields: [
      field('orgServerFqdn', 'Origin URL', null, 'http(s)://host[:port]'),
      field('originShield', 'Origin shield'),
      field('multiSiteOrigin', 'Multi-site origin', FLAG),
    ],
  },
  {
    title: 'Headers',
    fields: [
      field('edgeHeaderRewrite', 'Edge header rewrite', null, '__RETURN__ between lines'),
      field('midHeaderRewrite', 'Mid header rewrite', null, '__RETURN__ between lines'),
      field('trRequestHeaders', 'Router request hdrs'),
      field('trResponseHeaders', 'Router response hdrs'),
      field('regexRemap', 'Regex remap'),
      field('cacheurl', 'Cache URL'),
      field('remapText', 'Raw remap text', null, 'one line'),
    ],
  },
  {
    title: 'Security',
    fields: [
      field(
        'signingAlgorithm',
        'Signing',
        options(['', 'none'], ['url_sig', 'URL signature'], ['uri_signing', 'URI signing']),
      ),
      field('geoLimit', 'Geo limit', options(['0', 'none'], ['1', 'CZF only'], ['2', 'CZF + countries'])),
      field('geoLimitCountries', 'Geo limit countries', null, 'e.g. US,CA'),
      field('geoLimitRedirectURL', 'Geo limit redirect'),
      field('geoProvider', 'Geo provider', options(['0', 'MaxMind'], ['1', 'Neustar'])),
      field('regionalGeoBlocking', 'Regional geo blocking', FLAG),
      field('anonymousBlockingEnabled', 'Anonymous blocking', FLAG),
    ],
  },
];

const ALL_FIELDS = DS_FORM_GROUPS.flatMap((g) => g.fields);
const FORM_KEYS = new Set<string>(ALL_FIELDS.map((f) => f.key));

/** What a new delivery service starts with (as `cdnctl ds create` does). */
const NEW_VALUES: Partial<DsFormValues> = {
  active: 'yes',
  protocol: '0',
  dscp: '0',
  geoLimit: '0',
  geoProvider: '0',
  logsEnabled: 'no',
  regionalGeoBlocking: 'no',
  anonymousBlockingEnabled: 'no',
  ecsEnabled: 'no',
  initialDispersion: '1',
  ipv6RoutingEnabled: 'no',
  missLat: '0',
  missLong: '0',
  multiSiteOrigin: 'no',
  qstringIgnore: '0',
  rangeRequestHandling: '0',
  routingName: 'cdn',
  deepCachingType: 'NEVER',
};

const blankForm = () => Object.fromEntries(ALL_FIELDS.map((f) => [f.key, ''])) as DsFormValues;

export const emptyDsForm = (): DsFormValues => ({ ...blankForm(), ...NEW_VALUES });

/** One stored value as the form shows it. */
function shown(key: DsFormKey, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (DS_FIELD_KINDS[key] === 'bool') return value === true || value === 'true' ? 'yes' : 'no';
  if (Array.isArray(value)) return value.join(',');
  return String(value);
}

/** A stored delivery service's values. */
export function dsToForm(ds: DsBody): DsFormValues {
  const values = blankForm();
  for (const f of ALL_FIELDS) values[f.key] = shown(f.key, ds[f.key]);
  return values;
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/** One value as the API takes it: numbers as numbers (what is no number goes as typed, for the rules to name). */
function sent(key: DsFormKey, text: string): unknown {
  const kind = DS_FIELD_KINDS[key];
  const value = key === 'xmlId' ? text.trim() : text;
  if (kind === 'list')
    return value
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
  if (value === '' && key !== 'xmlId' && key !== 'displayName') return null;
  if (kind === 'bool') return value === 'yes';
  if ((kind === 'int' || kind === 'float') && NUMBER.test(value.trim())) return Number(value);
  return value;
}

/** The body sent: the stored record (when editing) with the form's fields over it. */
export function toDsBody(v: DsFormValues, stored?: DsBody): DsBody {
  const body: DsBody = { ...(stored ?? {}) };
  for (const f of ALL_FIELDS) body[f.key] = sent(f.key, v[f.key]);
  return body;
}

const BLANK = 'cannot be blank';

/** `'<field>' <message>` of the shared rules, by field (the first message of each). */
function byField(texts: readonly string[], into: Partial<Record<DsFormKey, string>>): void {
  for (const text of texts) {
    const m = /^'([^']+)' (.*)$/.exec(text);
    if (m && FORM_KEYS.has(m[1]) && !(m[1] in into)) into[m[1] as DsFormKey] = m[2];
  }
}

/**
 * The form's messages, by field: the API's own rules and texts (shared/rules/deliveryservices), the type's
 * required fields included; a value of the wrong kind (letters in a number) is named first.
 */
export function dsFormErrors(v: DsFormValues, choices: DsChoices): Partial<Record<DsFormKey, string>> {
  const errors: Partial<Record<DsFormKey, string>> = {};
  const body = toDsBody(v);
  const read = readDeliveryServiceBody(body, '1.5');
  if (!read.ok) {
    byField(read.errors, errors);
    for (const key of Object.keys(errors)) body[key] = null;
  }
  const clean = readDeliveryServiceBody(body, '1.5');
  if (clean.ok) {
    const values = sanitize(clean.values);
    byField(generalProblems(values), errors);
    const typeName = choices.types.find((t) => String(t.id) === v.typeId)?.name;
    if (typeName) byField(typeProblems(values, typeName), errors);
  }
  if (v.tenantId === '' && !errors.tenantId) errors.tenantId = BLANK;
  return errors;
}
