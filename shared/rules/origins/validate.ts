import { NAME_LIMITS, nameProblem } from '../names.js';
import { isDnsName, isIPv4, isIPv6 } from './addresses.js';

/** The columns an API write may set (never `isPrimary`: primary origins come from snapshot import). */
export interface OriginFields {
  name: string;
  fqdn: string;
  protocol: string;
  port: number | null;
  ipAddress: string | null;
  ip6Address: string | null;
  deliveryServiceId: number;
  cachegroupId: number | null;
  coordinateId: number | null;
  profileId: number | null;
  tenantId: number | null;
}

/**
 * An origin write body after the route's JSON schema checked its types. Keys the API also answers (isPrimary,
 * the joined names, lastUpdated) may arrive too, from a record read and sent back; they are not read.
 */
export interface OriginBody {
  deliveryServiceId?: number | null;
  fqdn?: string | null;
  name?: string | null;
  protocol?: string | null;
  port?: number | null;
  ipAddress?: string | null;
  ip6Address?: string | null;
  cachegroupId?: number | null;
  coordinateId?: number | null;
  profileId?: number | null;
  tenantId?: number | null;
}

export type OriginValidation = { ok: true; fields: OriginFields } | { ok: false; errors: string[] };

const PORT_TEXT = 'must be a valid integer between 1 and 65535';
const OPTIONAL_IDS = ['cachegroupId', 'coordinateId', 'profileId', 'tenantId'] as const;

const blank = (v: string | null | undefined): v is null | undefined | '' =>
  v === null || v === undefined || v.trim() === '';
const absent = (v: unknown): v is null | undefined => v === null || v === undefined;

/**
 * Checks an origin body against BEHAVIOR.md §6 and answers either the fields to store or every failure as
 * `'<key>' <text>`, in field order (deliveryServiceId, fqdn, name, protocol, port, addresses, other ids).
 */
export function validateOrigin(body: OriginBody): OriginValidation {
  const errors: string[] = [];
  const fail = (key: string, text: string) => errors.push(`'${key}' ${text}`);

  if (absent(body.deliveryServiceId)) fail('deliveryServiceId', 'is required');
  else if (body.deliveryServiceId < 1) fail('deliveryServiceId', 'must be no less than 1');

  if (blank(body.fqdn)) fail('fqdn', 'cannot be blank');
  else if (!isDnsName(body.fqdn)) fail('fqdn', 'must be a valid DNS name');

  if (blank(body.name)) fail('name', 'cannot be blank');
  else if (/\s/.test(body.name)) fail('name', 'cannot contain spaces');
  else {
    const problem = nameProblem('name', body.name, 'identifier', NAME_LIMITS.name);
    if (problem) fail('name', problem.slice('name: '.length));
  }

  const protocol = body.protocol?.toLowerCase();
  if (blank(body.protocol)) fail('protocol', 'cannot be blank');
  else if (protocol !== 'http' && protocol !== 'https') fail('protocol', 'must be http or https');

  if (!absent(body.port) && (body.port < 1 || body.port > 65535)) fail('port', PORT_TEXT);
  if (!absent(body.ipAddress) && !isIPv4(body.ipAddress)) fail('ipAddress', 'must be a valid IPv4 address');
  if (!absent(body.ip6Address) && !isIPv6(body.ip6Address)) fail('ip6Address', 'must be a valid IPv6 address');
  for (const key of OPTIONAL_IDS) {
    const id = body[key];
    if (!absent(id) && id < 1) fail(key, 'must be no less than 1');
  }
  if (errors.length > 0) return { ok: false, errors };

  return {
    ok: true,
    fields: {
      deliveryServiceId: body.deliveryServiceId!,
      fqdn: body.fqdn!,
      name: body.name!,
      protocol: protocol!,
      port: body.port ?? null,
      ipAddress: body.ipAddress ?? null,
      ip6Address: body.ip6Address ?? null,
      cachegroupId: body.cachegroupId ?? null,
      coordinateId: body.coordinateId ?? null,
      profileId: body.profileId ?? null,
      tenantId: body.tenantId ?? null,
    },
  };
}
