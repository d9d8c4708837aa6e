import { isIPv4, isIPv6 } from 'node:net';
import type { DeliveryService, OriginBody } from '../types.js';

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

const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** A DNS name (labels of letters, digits and inner dashes; an optional final dot) that is not an IP address. */
export function isDnsName(text: string): boolean {
  if (isIPv4(text) || isIPv6(text)) return false;
  const name = text.endsWith('.') ? text.slice(0, -1) : text;
  if (name === '' || name.length > 253) return false;
  const labels = name.split('.');
  if (labels.every((label) => /^\d+$/.test(label))) return false;
  return labels.every((label) => LABEL.test(label));
}

/** Finds the delivery service a form names, by xmlId or by id. */
export function findDeliveryService(text: string, services: DeliveryService[]): DeliveryService | undefined {
  const wanted = text.trim();
  return services.find((ds) => ds.xmlId === wanted || String(ds.id) === wanted);
}

function portError(text: string): string | undefined {
  if (text === '') return undefined;
  const port = Number(text);
  if (!/^\d+$/.test(text) || port < 1 || port > 65535) return 'must be a valid integer between 1 and 65535';
  return undefined;
}

function idError(text: string): string | undefined {
  if (text === '') return undefined;
  if (!/^-?\d+$/.test(text)) return 'must be an integer';
  if (Number(text) < 1) return 'must be no less than 1';
  return undefined;
}

/** Validates the origin form as the API does (BEHAVIOR.md §6); an empty object when every field is fine. */
export function validateOrigin(values: OriginFormValues, services: DeliveryService[]): OriginFormErrors {
  const errors: OriginFormErrors = {};
  const v = trimAll(values);
  if (v.name === '') errors.name = 'cannot be blank';
  else if (/\s/.test(v.name)) errors.name = 'cannot contain spaces';
  if (v.fqdn === '') errors.fqdn = 'cannot be blank';
  else if (!isDnsName(v.fqdn)) errors.fqdn = 'must be a valid DNS name';
  if (v.protocol === '') errors.protocol = 'cannot be blank';
  else if (v.protocol !== 'http' && v.protocol !== 'https') errors.protocol = 'must be http or https';
  if (v.deliveryService === '') errors.deliveryService = 'is required';
  else if (!findDeliveryService(v.deliveryService, services)) errors.deliveryService = 'delivery service not found';
  const port = portError(v.port);
  if (port) errors.port = port;
  if (v.ipAddress !== '' && !isIPv4(v.ipAddress)) errors.ipAddress = 'must be a valid IPv4 address';
  if (v.ip6Address !== '' && !isIPv6(v.ip6Address)) errors.ip6Address = 'must be a valid IPv6 address';
  for (const key of ['cachegroupId', 'coordinateId', 'profileId', 'tenantId'] as const) {
    const error = idError(v[key]);
    if (error) errors[key] = error;
  }
  return errors;
}

function trimAll(values: OriginFormValues): OriginFormValues {
  const out = { ...values };
  for (const key of Object.keys(out) as (keyof OriginFormValues)[]) out[key] = out[key].trim();
  return out;
}

/** Turns valid form values into the API's body; call only when validateOrigin found nothing. */
export function toOriginBody(values: OriginFormValues, services: DeliveryService[]): OriginBody {
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
  const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));
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
