// A server's field rules, held once: POST/PUT servers and the snapshot importer (daemon) and the portal's server
// form read them from here, so a value the form lets through is one the API accepts, with the same texts.
import { isIPv4, isIPv6 } from './origins/addresses.js';

/** The statuses a server may have. */
export const SERVER_STATUSES = ['ONLINE', 'OFFLINE', 'REPORTED', 'ADMIN_DOWN', 'PRE_PROD'] as const;
export type ServerStatus = (typeof SERVER_STATUSES)[number];

/** Statuses that need a reason (Traffic Ops' rule). */
export const NEEDS_REASON: ReadonlySet<string> = new Set(['ADMIN_DOWN', 'OFFLINE']);
export const REASON_REQUIRED = 'is required for ADMIN_DOWN or OFFLINE status';
export const STATUS_UNKNOWN = `must be one of ${SERVER_STATUSES.join(', ')}`;

/** A hostname label: letters, digits and inner dashes, at most 63 characters, no dots. */
export const HOST_LABEL = /^(?=.{1,63}$)[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;
/** A DNS name: dot-separated labels, an optional final dot. */
export const DNS_NAME =
  /^(?=.{1,253}\.?$)[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.?$/;

export const hostNameProblem = (text: string): string | null =>
  HOST_LABEL.test(text) ? null : 'must be a host name without dots';

export const domainNameProblem = (text: string): string | null =>
  DNS_NAME.test(text) ? null : 'must be a valid DNS name';

/** An IPv4 address, or an IPv6 one with an optional prefix length; never a zone index (`%eth0`). */
export function serverAddressProblem(text: string, family: 4 | 6): string | null {
  const ok = family === 6 ? isIPv6(text.replace(/\/\d{1,3}$/, '')) : isIPv4(text);
  return ok ? null : `must be a valid IPv${family} address`;
}

/** The integer fields and their ranges. */
export const SERVER_INTEGER_RANGES = {
  tcpPort: [1, 65535],
  httpsPort: [1, 65535],
  interfaceMtu: [1280, 9000],
} as const satisfies Record<string, readonly [number, number]>;

export const integerRangeText = ([min, max]: readonly [number, number]) =>
  `must be a valid integer between ${min} and ${max}`;
