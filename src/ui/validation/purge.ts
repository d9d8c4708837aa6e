import { formatTimestamp, parseTimestamp } from '../../time.js';

const TWO_DAYS_MS = 2 * 24 * 3600_000;

/** The server's default ceiling: maxRevalDurationDays 90 × 24 hours. */
export const DEFAULT_MAX_TTL_HOURS = 2160;

/** Checks a purge regex as the API does: it must start with `/` and compile. Null when it is fine. */
export function regexError(regex: string): string | null {
  if (regex.trim() === '') return 'regex: cannot be blank';
  if (!regex.startsWith('/')) return "regex: must start with '/'";
  try {
    new RegExp(regex);
  } catch (err) {
    const why = (err as Error).message.replace(/^Invalid regular expression: /, '');
    return `regex: is not a valid regular expression: ${why}`;
  }
  return null;
}

// Paths unlike each other: a regex that matches all of them revalidates the whole delivery service.
const PROBE_PATHS = ['/index.html', '/a/b/c/d.jpg', '/Z9-_.~%20?x=1&y=2', '/0', '/.well-known/x.json', '/_/-/+/'];

/** True when a (valid) regex matches every path, like `/.*`: such a purge makes the origin serve everything again. */
export function matchesEverything(regex: string): boolean {
  if (regexError(regex)) return false;
  const re = new RegExp(regex);
  return PROBE_PATHS.every((path) => re.test(path));
}

/** Parses the ttl field: whole hours between 1 and `max`. */
export function ttlError(text: string, max: number): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'ttl: cannot be blank';
  if (!/^\d+$/.test(trimmed)) return 'ttl: must be a whole number of hours';
  const ttl = Number(trimmed);
  if (ttl < 1) return 'ttl: must be at least 1';
  if (ttl > max) return `ttl: cannot exceed ${max}`;
  return null;
}

/** Checks a start time: a timestamp the API reads, at most two days before or after now. */
export function startTimeError(text: string, now: number): string | null {
  if (text.trim() === '') return 'startTime: cannot be blank';
  const at = parseTimestamp(text);
  if (at === null) return 'startTime: must look like YYYY-MM-DD hh:mm:ss (UTC)';
  if (at < now - TWO_DAYS_MS) return 'startTime: cannot be more than two days in the past';
  if (at > now + TWO_DAYS_MS) return 'startTime: must be within two days from now';
  return null;
}

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
