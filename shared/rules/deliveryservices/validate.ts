import { DS_FIELD_KINDS, readField, takesField, type DsApiVersion, type DsFieldName } from './fields.js';

/**
 * Traffic Ops 1.x's delivery-service rules (issue 31, reference wave3 §5.2), shared by the API, the snapshot
 * importer, the CLI and the portal: the same texts everywhere. `'<field>' <message>` as ozzo-validation wrote them.
 */

/** The values of a write body after sanitizing, by the API's field names; null where absent. */
export type DsValues = { [K in DsFieldName]: K extends 'consistentHashQueryParams' ? string[] : unknown };

/** A body read by kind: the values, or the fields whose JSON type was wrong. */
export type DsRead = { ok: true; values: DsValues } | { ok: false; errors: string[] };

/**
 * Reads the fields a request at `version` carries; a newer field is left null (an update keeps the stored one).
 * Not yet sanitized: merge what the version lacks first, then `sanitize`.
 */
export function readDeliveryServiceBody(body: unknown, version: DsApiVersion): DsRead {
  const source =
    body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const values = {} as Record<string, unknown>;
  const errors: string[] = [];
  for (const [name, kind] of Object.entries(DS_FIELD_KINDS) as Array<
    [DsFieldName, (typeof DS_FIELD_KINDS)[DsFieldName]]
  >) {
    const raw = takesField(name, version) ? source[name] : undefined;
    const read = readField(kind, raw);
    if ('bad' in read) errors.push(`'${name}' ${read.bad}`);
    else values[name] = read.value;
  }
  if (errors.length > 0) return { ok: false, errors };
  values.consistentHashQueryParams = [...new Set((values.consistentHashQueryParams as string[] | null) ?? [])];
  return { ok: true, values: values as DsValues };
}

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** Traffic Ops' sanitize step, before validation (§5.2). */
export function sanitize(v: DsValues): DsValues {
  const out = { ...v };
  if (typeof out.geoLimitCountries === 'string')
    out.geoLimitCountries = out.geoLimitCountries.replace(/\s+/g, '').toUpperCase();
  if (out.profileId === -1) out.profileId = null;
  for (const k of ['edgeHeaderRewrite', 'midHeaderRewrite', 'trRequestHeaders', 'trResponseHeaders'] as const)
    out[k] = blankToNull(out[k]);
  if (out.routingName === null || out.routingName === '') out.routingName = 'cdn';
  if (out.anonymousBlockingEnabled === null) out.anonymousBlockingEnabled = false;
  if (out.ecsEnabled === null) out.ecsEnabled = false;
  if (out.signed === true && (out.signingAlgorithm === null || out.signingAlgorithm === ''))
    out.signingAlgorithm = 'url_sig';
  if (out.signingAlgorithm === 'url_sig') out.signed = true;
  else if (out.signingAlgorithm !== null) out.signed = false;
  if (out.signed === null) out.signed = false;
  if (out.maxOriginConnections === null || (out.maxOriginConnections as number) < 0) out.maxOriginConnections = 0;
  const deep = typeof out.deepCachingType === 'string' ? out.deepCachingType.trim().toUpperCase() : '';
  out.deepCachingType = deep === '' ? 'NEVER' : deep;
  return out;
}

export const XML_ID_MAX = 48;
const LENGTH = `the length must be between 1 and ${XML_ID_MAX}`;
/** A DNS name as govalidator's IsDNSName took it: labels of letters, digits, `-` and `_`, at most 63 each. */
const DNS_NAME =
  /^([a-zA-Z0-9_]([a-zA-Z0-9_-]{0,62}[a-zA-Z0-9_])?)(\.[a-zA-Z0-9_]([a-zA-Z0-9_-]{0,62}[a-zA-Z0-9_])?)*\.?$/;

/** `xmlId`'s problems, Traffic Ops' texts: required, no spaces, no periods, 1–48 characters. */
export function xmlIdProblems(xmlId: unknown): string[] {
  if (typeof xmlId !== 'string' || xmlId === '') return ['cannot be blank'];
  const problems: string[] = [];
  if (/\s/.test(xmlId)) problems.push('cannot contain spaces');
  if (xmlId.includes('.')) problems.push('cannot contain periods');
  if (xmlId.length > XML_ID_MAX) problems.push(LENGTH);
  return problems;
}

/** `routingName`'s problems: a DNS label, no periods, 1–48 characters. */
export function routingNameProblems(name: string): string[] {
  const problems: string[] = [];
  if (!DNS_NAME.test(name)) problems.push('must be a valid hostname');
  if (name.includes('.')) problems.push('cannot contain periods');
  if (name.length > XML_ID_MAX) problems.push(LENGTH);
  return problems;
}

/** `displayName`'s problems: required, 1–48 characters. */
export function displayNameProblems(name: unknown): string[] {
  if (typeof name !== 'string' || name === '') return ['cannot be blank'];
  return name.length > XML_ID_MAX ? [LENGTH] : [];
}

export const ORG_SERVER_FQDN_TEXT =
  'must start with http:// or https:// and be followed by a valid hostname with an optional port (no trailing slash)';

/** The primary origin a delivery service names: `http(s)://host[:port]`, nothing after. */
export interface OriginUrl {
  protocol: string;
  fqdn: string;
  port: number | null;
}

/** Parses `orgServerFqdn` as Traffic Ops' pattern `^(https?)://([^:]+)(:(\d+))?$` did; null when it does not fit. */
export function parseOrgServerFqdn(text: string): OriginUrl | null {
  const m = /^(https?):\/\/([^:]+)(:(\d+))?$/i.exec(text);
  if (!m) return null;
  const [, protocol, host, , port] = m;
  if (!DNS_NAME.test(host) || host.endsWith('.')) return null;
  const portNumber = port === undefined ? null : Number(port);
  if (portNumber !== null && (portNumber < 1 || portNumber > 65535)) return null;
  return { protocol: protocol.toLowerCase(), fqdn: host, port: portNumber };
}

type Problems = Array<[field: string, message: string]>;

const notNil = (v: DsValues, fields: readonly DsFieldName[], out: Problems) => {
  for (const f of fields) if (v[f] === null) out.push([f, 'is required']);
};

function range(out: Problems, field: string, value: unknown, min: number, max: number): void {
  if (typeof value !== 'number') return;
  if (value < min) out.push([field, `must be no less than ${min}`]);
  else if (value > max) out.push([field, `must be no greater than ${max}`]);
}

/** The errors that do not depend on the type (Traffic Ops' `Validate`), in field order. */
export function generalProblems(v: DsValues): string[] {
  const out: Problems = [];
  notNil(v, ['active'], out);
  if (v.cdnId === null || v.cdnId === 0) out.push(['cdnId', 'cannot be blank']);
  const deep = v.deepCachingType;
  if (deep !== 'NEVER' && deep !== 'ALWAYS') out.push(['deepCachingType', 'must be a valid value']);
  for (const p of displayNameProblems(v.displayName)) out.push(['displayName', p]);
  if (v.dscp === null) out.push(['dscp', 'is required']);
  else range(out, 'dscp', v.dscp, 0, Number.MAX_SAFE_INTEGER);
  notNil(v, ['geoLimit', 'geoProvider', 'logsEnabled'], out);
  range(out, 'protocol', v.protocol, 0, 3);
  notNil(v, ['regionalGeoBlocking'], out);
  if (typeof v.remapText === 'string' && /[\r\n]/.test(v.remapText))
    out.push(['remapText', 'cannot contain line breaks']);
  for (const p of routingNameProblems(v.routingName as string)) out.push(['routingName', p]);
  const alg = v.signingAlgorithm;
  if (alg !== null && alg !== 'url_sig' && alg !== 'uri_signing')
    out.push(['signingAlgorithm', 'must be a valid value']);
  if (v.typeId === null || v.typeId === 0) out.push(['typeId', 'cannot be blank']);
  else range(out, 'typeId', v.typeId, 1, Number.MAX_SAFE_INTEGER);
  for (const p of xmlIdProblems(v.xmlId)) out.push(['xmlId', p]);
  return out.map(([f, m]) => `'${f}' ${m}`);
}

/** The fields each type family requires (§5.2): patterns on the type's name. ANY_MAP and CLIENT_STEERING: none. */
const REQUIRED_BY_TYPE: Array<[pattern: RegExp, fields: readonly DsFieldName[]]> = [
  [/^HTTP/, ['initialDispersion']],
  [/^(STEERING|DNS|HTTP)/, ['ipv6RoutingEnabled', 'protocol']],
  [/^(DNS|HTTP)/, ['missLat', 'missLong', 'multiSiteOrigin', 'orgServerFqdn', 'qstringIgnore', 'rangeRequestHandling']],
];

const SLICE_ONLY = 'rangeSliceBlockSize can only be set if the rangeRequestHandling is set to 3 (Use the Slice Plugin)';

/** The errors that depend on the type (Traffic Ops' `validateTypeFields`), in field order. */
export function typeProblems(v: DsValues, typeName: string): string[] {
  const out: Problems = [];
  const required = new Set(REQUIRED_BY_TYPE.filter(([p]) => p.test(typeName)).flatMap(([, f]) => f));
  const http = /^HTTP/.test(typeName);
  if (v.consistentHashQueryParams.length > 0 && !http)
    out.push([
      'consistentHashQueryParams',
      `consistentHashQueryParams not allowed for '${typeName}' deliveryservice type`,
    ]);
  for (const f of [...required].sort()) if (v[f] === null) out.push([f, `is required if type is '${typeName}'`]);
  if (typeof v.initialDispersion === 'number' && http && v.initialDispersion <= 0)
    out.push(['initialDispersion', 'must be greater than zero']);
  range(out, 'missLat', v.missLat, -90, 90);
  range(out, 'missLong', v.missLong, -180, 180);
  if (typeof v.orgServerFqdn === 'string' && parseOrgServerFqdn(v.orgServerFqdn) === null)
    out.push(['orgServerFqdn', ORG_SERVER_FQDN_TEXT]);
  if (v.rangeRequestHandling === 3) {
    if (v.rangeSliceBlockSize === null) out.push(['rangeSliceBlockSize', 'is required']);
    else range(out, 'rangeSliceBlockSize', v.rangeSliceBlockSize, 262144, 33554432);
  } else if (v.rangeSliceBlockSize !== null) out.push(['rangeSliceBlockSize', SLICE_ONLY]);
  return out.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([f, m]) => `'${f}' ${m}`);
}

/**
 * The 400 text of a body that breaks the rules, or null: `invalid request: <general>, type fields: <type>` as
 * Traffic Ops joined them (`typeName` null: the type is not known yet, only the general rules run).
 */
export function deliveryServiceProblem(v: DsValues, typeName: string | null): string | null {
  const errors = generalProblems(v);
  const typed = typeName === null ? [] : typeProblems(v, typeName);
  if (typed.length > 0) errors.push(`type fields: ${typed.join(', ')}`);
  return errors.length === 0 ? null : `invalid request: ${errors.join(', ')}`;
}

/**
 * The naming rules a delivery service read from elsewhere (a snapshot file) shares with the API: each problem of
 * `xmlId`, `routingName` and `orgServerFqdn` as `'<field>' <message>`, and the origin the URL names.
 */
export function namingProblems(
  xmlId: string,
  routingName: string,
  orgServerFqdn: string | null,
): { problems: string[]; origin: OriginUrl | null } {
  const problems = [
    ...(xmlId === '' ? [] : xmlIdProblems(xmlId).map((p) => `'xmlId' ${p}`)),
    ...routingNameProblems(routingName).map((p) => `'routingName' ${p}`),
  ];
  const origin = orgServerFqdn === null ? null : parseOrgServerFqdn(orgServerFqdn);
  if (orgServerFqdn !== null && !origin) problems.push(`'orgServerFqdn' ${ORG_SERVER_FQDN_TEXT}`);
  return { problems, origin };
}
