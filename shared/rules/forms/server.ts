// The server form's checks: the field rules of POST/PUT servers (shared/rules/servers.ts, which the API applies
// too) per field, so the portal shows each one under its field before the request is sent. References (cache
// group, CDN, profile, type) are picked from lists here; the API still resolves them.
import { identifierProblem } from '../names.js';
import {
  NEEDS_REASON,
  REASON_REQUIRED,
  SERVER_INTEGER_RANGES,
  SERVER_STATUSES,
  STATUS_UNKNOWN,
  domainNameProblem,
  hostNameProblem,
  integerRangeText,
  serverAddressProblem,
} from '../servers.js';

/** The statuses a server may have (the API refuses others). */
export const SERVER_FORM_STATUSES = SERVER_STATUSES;

/** The free-text 1.x fields kept as sent, in the form's order. */
export const SERVER_EXTRA_KEYS = [
  'rack',
  'iloIpAddress',
  'iloIpNetmask',
  'iloIpGateway',
  'iloUsername',
  'iloPassword',
  'mgmtIpAddress',
  'mgmtIpNetmask',
  'mgmtIpGateway',
  'xmppId',
  'xmppPasswd',
  'routerHostName',
  'routerPortName',
] as const;

const TEXT_KEYS = [
  'hostName',
  'domainName',
  'cdnId',
  'cachegroupId',
  'typeId',
  'profileId',
  'status',
  'offlineReason',
  'physLocationId',
  'interfaceName',
  'interfaceMtu',
  'ipAddress',
  'ipNetmask',
  'ipGateway',
  'ip6Address',
  'ip6Gateway',
  'tcpPort',
  'httpsPort',
  ...SERVER_EXTRA_KEYS,
] as const;

export type ServerFormKey = (typeof TEXT_KEYS)[number];
export const SERVER_FORM_FIELDS: readonly ServerFormKey[] = TEXT_KEYS;
/** The server form's fields as typed: every one a string (ids as digit strings, '' for none). */
export type ServerFormValues = Record<ServerFormKey, string>;
export type ServerFormErrors = Partial<Record<ServerFormKey, string>>;

export function emptyServerForm(): ServerFormValues {
  const values = Object.fromEntries(TEXT_KEYS.map((k) => [k, ''])) as ServerFormValues;
  return { ...values, status: 'PRE_PROD', interfaceName: 'eth0', interfaceMtu: '1500', tcpPort: '80' };
}

/** A server record (GET servers) as the form's values. */
export function serverToForm(server: Record<string, unknown>): ServerFormValues {
  const values = emptyServerForm();
  for (const key of TEXT_KEYS) {
    const v = server[key];
    values[key] = v === null || v === undefined ? '' : String(v);
  }
  return values;
}

function integerProblem(text: string, range: readonly [number, number]): string | null {
  if (text === '') return null;
  const n = /^\d{1,6}$/.test(text) ? Number(text) : NaN;
  return n >= range[0] && n <= range[1] ? null : integerRangeText(range);
}

function addressProblem(key: ServerFormKey, text: string): string | null {
  return text === '' ? null : serverAddressProblem(text, key.startsWith('ip6') ? 6 : 4);
}

const ADDRESS_KEYS: readonly ServerFormKey[] = ['ipAddress', 'ipNetmask', 'ipGateway', 'ip6Address', 'ip6Gateway'];
const REQUIRED_REFS: readonly ServerFormKey[] = ['cdnId', 'cachegroupId', 'typeId', 'profileId'];

function nameFieldProblems(v: ServerFormValues, errors: ServerFormErrors): void {
  const host = v.hostName === '' ? 'cannot be blank' : hostNameProblem(v.hostName);
  if (host) errors.hostName = host;
  const domain = v.domainName === '' ? 'cannot be blank' : domainNameProblem(v.domainName);
  if (domain) errors.domainName = domain;
  for (const key of ['interfaceName', ...SERVER_EXTRA_KEYS] as const) {
    const problem = v[key] === '' ? null : identifierProblem(key, v[key]);
    if (problem) errors[key] = problem.slice(key.length + 2);
  }
}

/** Checks the form as the API does; an empty object when every field is fine. */
export function validateServerForm(values: ServerFormValues): ServerFormErrors {
  const v = trimmed(values);
  const errors: ServerFormErrors = {};
  nameFieldProblems(v, errors);
  for (const key of REQUIRED_REFS) if (v[key] === '') errors[key] = 'is required';
  for (const key of ADDRESS_KEYS) {
    const problem = addressProblem(key, v[key]);
    if (problem) errors[key] = problem;
  }
  if (v.ipAddress === '' && v.ip6Address === '' && !errors.ip6Address) errors.ipAddress = 'or ip6Address is required';
  for (const [key, range] of Object.entries(SERVER_INTEGER_RANGES) as [ServerFormKey, [number, number]][]) {
    const problem = integerProblem(v[key], range);
    if (problem) errors[key] = problem;
  }
  if (!(SERVER_STATUSES as readonly string[]).includes(v.status)) errors.status = STATUS_UNKNOWN;
  if (NEEDS_REASON.has(v.status) && v.offlineReason === '') errors.offlineReason = REASON_REQUIRED;
  return errors;
}

function trimmed(values: ServerFormValues): ServerFormValues {
  const out = { ...values };
  for (const key of TEXT_KEYS) if (!key.toLowerCase().includes('passw')) out[key] = values[key].trim();
  return out;
}

const NUMBER_KEYS = new Set<ServerFormKey>([
  'cdnId',
  'cachegroupId',
  'typeId',
  'profileId',
  'physLocationId',
  'interfaceMtu',
  'tcpPort',
  'httpsPort',
]);

/** The body of POST servers / PUT servers/:id: numbers as numbers, empty fields null. */
export function toServerBody(values: ServerFormValues): Record<string, string | number | null> {
  const v = trimmed(values);
  const body: Record<string, string | number | null> = {};
  for (const key of TEXT_KEYS) {
    if (v[key] === '') body[key] = null;
    else body[key] = NUMBER_KEYS.has(key) ? Number(v[key]) : v[key];
  }
  if (!NEEDS_REASON.has(v.status)) body.offlineReason = null;
  return body;
}
