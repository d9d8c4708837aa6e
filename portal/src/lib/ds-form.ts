import { DS_FIELD_KINDS, type DsFieldName } from '../../../shared/rules/deliveryservices/fields.js';
import {
  generalProblems,
  sanitize,
  typeProblems,
  type DsValues,
} from '../../../shared/rules/deliveryservices/validate.js';
import type { Alert } from '../api/types';
import { DS_GROUPS } from './ds-fields';
import { fieldErrorsFromAlerts } from './field-errors';

export { DS_GROUPS, DS_TYPES, type DsFieldSpec, type DsInput } from './ds-fields';

// The delivery-service form (issue 31): its fields grouped as Traffic Portal grouped them, typed text → the API's
// write body, and the shared rules' verdict (shared/rules/deliveryservices) as one message per field.

/** Fields the portal does not write: newer than the API version it speaks (1.3), or derived by the API. */
type Unoffered =
  | 'typeId'
  | 'signed'
  | 'consistentHashQueryParams'
  | 'consistentHashRegex'
  | 'maxOriginConnections'
  | 'ecsEnabled'
  | 'rangeSliceBlockSize';

/** A form field: an API field, or `type` (the type's name, which the daemon resolves to typeId). */
export type DsFormKey = Exclude<DsFieldName, Unoffered> | 'type';
export type DsFormValues = Record<DsFormKey, string>;
export type DsFormErrors = Partial<Record<DsFormKey, string>>;

export const DS_FORM_KEYS: readonly DsFormKey[] = DS_GROUPS.flatMap((g) => g.fields.map((f) => f.key));

/** A new delivery service's starting values, Traffic Portal's defaults (its geo-miss point is Chicago). */
export function emptyDsForm(): DsFormValues {
  const values = Object.fromEntries(DS_FORM_KEYS.map((k) => [k, ''])) as DsFormValues;
  return {
    ...values,
    type: 'HTTP',
    active: 'true',
    routingName: 'cdn',
    protocol: '0',
    dscp: '0',
    ipv6RoutingEnabled: 'true',
    initialDispersion: '1',
    missLat: '41.881944',
    missLong: '-87.627778',
    logsEnabled: 'false',
    qstringIgnore: '0',
    rangeRequestHandling: '0',
    deepCachingType: 'NEVER',
    multiSiteOrigin: 'false',
    geoLimit: '0',
    geoProvider: '0',
    regionalGeoBlocking: 'false',
    anonymousBlockingEnabled: 'false',
  };
}

/** A delivery service as the API answered it, as form text (booleans `true`/`false`, absent values empty). */
export function dsToForm(ds: Readonly<Record<string, unknown>>): DsFormValues {
  const out = {} as DsFormValues;
  for (const key of DS_FORM_KEYS) {
    const value = ds[key];
    out[key] = value === null || value === undefined ? '' : String(value);
  }
  if (out.deepCachingType === '') out.deepCachingType = 'NEVER';
  return out;
}

const kindOf = (key: DsFormKey) => (key === 'type' ? 'text' : DS_FIELD_KINDS[key]);
const INTEGER = /^-?\d{1,15}$/;

/** Typed text as the value the API reads; undefined when it cannot be read as the field's kind. */
function valueOf(key: DsFormKey, raw: string): unknown {
  const t = raw.trim();
  switch (kindOf(key)) {
    case 'bool':
      return t === '' ? null : t === 'true';
    case 'int':
      return t === '' ? null : INTEGER.test(t) ? Number(t) : undefined;
    case 'float':
      return t === '' ? null : Number.isFinite(Number(t)) ? Number(t) : undefined;
    default:
      return raw === '' ? null : raw;
  }
}

const TYPE_MESSAGE = { int: 'must be an integer', float: 'must be a number' } as const;

/**
 * The API's write body (POST deliveryservices, PUT deliveryservices/:id): every offered field by the API's name,
 * blanks as null, and the type by name. Call only when validateDsForm found nothing.
 */
export function toDsBody(values: DsFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const key of DS_FORM_KEYS) body[key] = valueOf(key, values[key]) ?? null;
  return body;
}

/** The API's field names in its texts that are form fields under another name. */
const ALIASES: Partial<Record<string, DsFormKey>> = { typeId: 'type' };

/** `'<field>' <message>` texts → the first message of each form field. */
function byField(messages: readonly string[], into: DsFormErrors): DsFormErrors {
  for (const message of messages) {
    const m = /^'(\w+)' (.+)$/.exec(message);
    if (!m) continue;
    const key = ALIASES[m[1]] ?? (DS_FORM_KEYS.includes(m[1] as DsFormKey) ? (m[1] as DsFormKey) : undefined);
    if (key) into[key] ??= m[2];
  }
  return into;
}

/**
 * The form checked with the API's own rules (generalProblems, typeProblems over sanitize, as the daemon runs
 * them), one message per field; empty when the API would take it. The tenant is required too (the daemon's 400).
 */
export function validateDsForm(values: DsFormValues): DsFormErrors {
  const errors: DsFormErrors = {};
  const read = {} as Record<DsFieldName, unknown>;
  for (const name of Object.keys(DS_FIELD_KINDS) as DsFieldName[]) read[name] = null;
  for (const key of DS_FORM_KEYS) {
    const value = valueOf(key, values[key]);
    if (value === undefined) {
      errors[key] = TYPE_MESSAGE[kindOf(key) as 'int' | 'float'];
      continue;
    }
    if (key !== 'type') read[key] = value;
  }
  const typeName = values.type.trim();
  read.typeId = typeName === '' ? null : 1;
  read.consistentHashQueryParams = [];
  const sane = sanitize(read as DsValues);
  byField(generalProblems(sane), errors);
  if (typeName !== '') byField(typeProblems(sane, typeName), errors);
  if (values.tenantId.trim() === '') errors.tenantId ??= 'is required';
  return errors;
}

/** The API's refusals that name no field in `'<field>'` form, and the field each concerns. */
const REFUSALS: ReadonlyArray<[RegExp, DsFormKey]> = [
  [/^deliveryservice xml_id '.*' already exists\.$/, 'xmlId'],
  [/^origin name '.*' already exists\.$/, 'xmlId'],
  [/^cdn not found$/, 'cdnId'],
  [/^profile not found$/, 'profileId'],
  [/^tenant not found$|^not authorized on this tenant$|^tenantId is a required field$/, 'tenantId'],
  [/^type not found$/, 'type'],
  [/^delivery service has ssl keys/, 'routingName'],
];

/**
 * Splits the API's error alerts into messages per form field and the rest: `invalid request: '<f>' …, type
 * fields: '<g>' …` (the shared rules' texts) by field, and the refusals that concern one field whole.
 */
export function dsErrorsFromAlerts(alerts: readonly Alert[]): { fields: DsFormErrors; rest: Alert[] } {
  const fields: DsFormErrors = {};
  const unsplit: Alert[] = [];
  for (const alert of alerts) {
    const refusal = alert.level === 'error' ? REFUSALS.find(([re]) => re.test(alert.text)) : undefined;
    if (refusal) fields[refusal[1]] ??= alert.text;
    else
      unsplit.push({
        ...alert,
        text: alert.text.replace(/^invalid request: (type fields: )?/, '').replace(/, type fields: /, ', '),
      });
  }
  const split = fieldErrorsFromAlerts(unsplit, DS_FORM_KEYS, ALIASES);
  for (const [key, message] of Object.entries(split.fields) as Array<[DsFormKey, string]>) fields[key] ??= message;
  return { fields, rest: split.rest };
}

/** The group a field sits in, to open it when the field has an error. */
export function groupOf(key: DsFormKey): string {
  return DS_GROUPS.find((g) => g.fields.some((f) => f.key === key))?.title ?? '';
}
