/** A readiness check the daemon itself runs on every cache (registered as a check extension at first start). */
export interface BuiltinCheck {
  name: string;
  shortName: string;
  type: 'CHECK_EXTENSION_BOOL' | 'CHECK_EXTENSION_NUM';
  description: string;
}

/** Short names of the daemon's own checks. */
export const CHECK = { http: 'HTTP', checkIn: 'CKIN', upToDate: 'UPD' } as const;

/**
 * The daemon's own readiness checks (BEHAVIOR.md "Caches"): BOOL checks store 1 for pass and 0 for fail, as
 * Traffic Ops' check scripts did; CKIN stores whole minutes, or null for a cache that never checked in.
 */
export const BUILTIN_CHECKS: readonly BuiltinCheck[] = [
  {
    name: 'cdnctl_http_port',
    shortName: CHECK.http,
    type: 'CHECK_EXTENSION_BOOL',
    description: 'The cache answers HTTP on its IP address and tcpPort',
  },
  {
    name: 'cdnctl_check_in_age',
    shortName: CHECK.checkIn,
    type: 'CHECK_EXTENSION_NUM',
    description: 'Minutes since the cache last checked in',
  },
  {
    name: 'cdnctl_update_lag',
    shortName: CHECK.upToDate,
    type: 'CHECK_EXTENSION_BOOL',
    description: 'No queued update or revalidation has waited longer than twice the check-in interval',
  },
];

/** What the daemon's own check extensions are registered with. */
export const BUILTIN_SCRIPT = 'builtin';
export const BUILTIN_VERSION = '1.0.0';
export const BUILTIN_INFO_URL = 'docs/api/behavior.md';
