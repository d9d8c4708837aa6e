// The origin form's checks are the daemon's own (src/rules/origins/validate.ts): the same rules and texts as the
// API's 400 answers. This module only turns typed text into the body those checks read, and their
// `'<key>' <text>` messages back into one message per form field.
import { validateOrigin as validateOriginBody, type OriginBody as CheckedBody } from '../origins/validate.js';

export { isDnsName } from '../origins/addresses.js';

/** A delivery service as the form finds it: by xmlId or by id. */
export interface DeliveryServiceChoice {
  id: string | number;
  xmlId: string;
}

/** The body the form builds for POST /origins and PUT /origins?id= (without the id). */
export interface OriginBody {
  name: string;
  fqdn: string;
  protocol: string;
  deliveryServiceId: number;
  port?: number;
  ipAddress?: string;
  ip6Address?: string;
  cachegroupId?: number;
  coordinateId?: number;
  profileId?: number;
  tenantId?: number;
}

/** The origin form's fields, as typed. */
export interface OriginFormValues {
  name: string;
  fqdn: string;
  protocol: string;
  deliveryService: string;
  port: string;
  ipAddress: string;
  ip6Address: string;
  cachegroupId: string;
  coordinateId: string;
  profileId: string;
  tenantId: string;
}

export type OriginFormErrors = Partial<Record<keyof OriginFormValues, string>>;

const NUMBER_FIELDS = ['port', 'cachegroupId', 'coordinateId', 'profileId', 'tenantId'] as const;

/** Finds the delivery service a form names, by xmlId or by id. */
export function findDeliveryService<T extends DeliveryServiceChoice>(text: string, services: T[]): T | undefined {
  const wanted = text.trim();
  return services.find((ds) => ds.xmlId === wanted || String(ds.id) === wanted);
}

/** Validates the origin form as the API does (BEHAVIOR.md §6); an empty object when every field is fine. */
export function validateOrigin(values: OriginFormValues, services: DeliveryServiceChoice[]): OriginFormErrors {
  const v = trimAll(values);
  const errors: OriginFormErrors = {};
  // The API's schema refuses a number field that is not an integer before its checks run; say it per field.
  for (const key of NUMBER_FIELDS) {
    if (v[key] !== '' && !/^-?\d{1,15}$/.test(v[key])) {
      errors[key] = key === 'port' ? 'must be a valid integer between 1 and 65535' : 'must be an integer';
    }
  }
  const ds = findDeliveryService(v.deliveryService, services);
  const body: CheckedBody = {
    deliveryServiceId: ds ? Number(ds.id) : v.deliveryService === '' ? null : 1,
    fqdn: v.fqdn,
    name: v.name,
    protocol: v.protocol,
    ipAddress: v.ipAddress === '' ? null : v.ipAddress,
    ip6Address: v.ip6Address === '' ? null : v.ip6Address,
  };
  for (const key of NUMBER_FIELDS) body[key] = errors[key] || v[key] === '' ? null : Number(v[key]);
  const checked = validateOriginBody(body);
  if (!checked.ok) {
    for (const message of checked.errors) {
      const m = /^'(\w+)' (.*)$/.exec(message);
      if (!m) continue;
      const field = (m[1] === 'deliveryServiceId' ? 'deliveryService' : m[1]) as keyof OriginFormValues;
      errors[field] ??= m[2];
    }
  }
  if (!errors.deliveryService && v.deliveryService !== '' && !ds) errors.deliveryService = 'delivery service not found';
  return errors;
}

function trimAll(values: OriginFormValues): OriginFormValues {
  const out = { ...values };
  for (const key of Object.keys(out) as (keyof OriginFormValues)[]) out[key] = out[key].trim();
  return out;
}

/** Turns valid form values into the API's body; call only when validateOrigin found nothing. */
export function toOriginBody(values: OriginFormValues, services: DeliveryServiceChoice[]): OriginBody {
  const v = trimAll(values);
  const ds = findDeliveryService(v.deliveryService, services);
  const body: OriginBody = { name: v.name, fqdn: v.fqdn, protocol: v.protocol, deliveryServiceId: Number(ds?.id) };
  if (v.port !== '') body.port = Number(v.port);
  if (v.ipAddress !== '') body.ipAddress = v.ipAddress;
  if (v.ip6Address !== '') body.ip6Address = v.ip6Address;
  for (const key of ['cachegroupId', 'coordinateId', 'profileId', 'tenantId'] as const) {
    if (v[key] !== '') body[key] = Number(v[key]);
  }
  return body;
}

/** An origin's current values as form text, for the edit form. */
export function originToForm(origin: {
  name: string;
  fqdn: string;
  protocol: string;
  deliveryService?: string | null;
  deliveryServiceId?: number | null;
  port?: number | null;
  ipAddress?: string | null;
  ip6Address?: string | null;
  cachegroupId?: number | null;
  coordinateId?: number | null;
  profileId?: number | null;
  tenantId?: number | null;
}): OriginFormValues {
  const text = (value: string | number | null | undefined) =>
    value === null || value === undefined ? '' : String(value);
  return {
    name: origin.name,
    fqdn: origin.fqdn,
    protocol: origin.protocol,
    deliveryService: text(origin.deliveryService ?? origin.deliveryServiceId),
    port: text(origin.port),
    ipAddress: text(origin.ipAddress),
    ip6Address: text(origin.ip6Address),
    cachegroupId: text(origin.cachegroupId),
    coordinateId: text(origin.coordinateId),
    profileId: text(origin.profileId),
    tenantId: text(origin.tenantId),
  };
}

/** An empty create form; protocol starts at http, the API's most common value. */
export const emptyOriginForm = (): OriginFormValues => ({
  name: '',
  fqdn: '',
  protocol: 'http',
  deliveryService: '',
  port: '',
  ipAddress: '',
  ip6Address: '',
  cachegroupId: '',
  coordinateId: '',
  profileId: '',
  tenantId: '',
});
