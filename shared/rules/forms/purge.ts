// The purge form's checks are the daemon's own (src/rules/purge): the same PCRE reading of the regex, the same
// bounds and the same messages, so what the screen accepts is what the server accepts.
import { formatTimestamp, parseTimestamp } from '../../time.js';
import { DEFAULT_MAX_REVAL_DURATION_DAYS, validatePurgeRequest } from '../purge/purge-request.js';
import { patternMatchesEverything } from '../purge/match-everything.js';

/** The server's default ceiling: maxRevalDurationDays (90) × 24 hours. */
export const DEFAULT_MAX_TTL_HOURS = DEFAULT_MAX_REVAL_DURATION_DAYS * 24;

/** The purge form's fields, as typed. */
export interface PurgeValues {
  regex: string;
  ttl: string;
  startTime: string;
}

export type PurgeErrors = Record<keyof PurgeValues, string | undefined>;

/**
 * Every message the API would give these fields (with `boundPastStart`, as API 1.2+ does, a start more than two
 * days back is refused);
 * undefined for a field that is fine.
 */
export function purgeErrors(values: PurgeValues, maxTtlHours: number, now: number, boundPastStart = true): PurgeErrors {
  const ttl = values.ttl.trim();
  const checked = validatePurgeRequest(
    { dsId: 1, regex: values.regex, ttl: ttl === '' ? undefined : ttl, startTime: values.startTime.trim() },
    { now, maxTtlHours, boundPastStart },
  );
  const errors: PurgeErrors = { regex: undefined, ttl: undefined, startTime: undefined };
  if (checked.ok) return errors;
  for (const message of checked.errors) {
    const field = message.slice(0, message.indexOf(':')) as keyof PurgeValues;
    if (field in errors) errors[field] = message;
  }
  return errors;
}

/** True when a valid regex matches every path, like `/.*`: such a purge makes the origin serve everything again. */
export const matchesEverything: (regex: string) => boolean = patternMatchesEverything;

/** The base URL of a delivery service's primary origin (`orgServerFqdn`), without a trailing slash. */
export function originBase(orgServerFqdn: string | null | undefined): string | null {
  if (!orgServerFqdn) return null;
  return orgServerFqdn.replace(/\/+$/, '');
}

/** The asset URL a purge job will store: the primary origin followed by the regex; null without an origin. */
export function assetUrlPreview(orgServerFqdn: string | null | undefined, regex: string): string | null {
  const base = originBase(orgServerFqdn);
  return base === null ? null : `${base}${regex}`;
}

/** When a purge starting at `startTime` with `ttl` hours stops applying, as `YYYY-MM-DD hh:mm:ss`; null if unknown. */
export function expiryPreview(startTime: string, ttl: number): string | null {
  const at = parseTimestamp(startTime);
  if (at === null || !Number.isFinite(ttl)) return null;
  return formatTimestamp(at + ttl * 3600_000);
}
