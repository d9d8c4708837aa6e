import { formatTimestamp, parseTimestamp } from '../../../shared/time.js';

/**
 * Times and durations as Traffic Ops' Go server read and wrote them for jobs (reference/traffic-ops-1.4-1.5-types.md
 * conventions and §5). Pure.
 */

const HOUR_MS = 3600_000;

/**
 * A `Time` on input: RFC 3339, `2006-01-02 15:04:05-07`, `2006-01-02 15:04:05` (UTC), or an integer count of
 * milliseconds as a number or a numeric string. Null when it is none of them.
 */
export function parseGoTime(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null;
  if (typeof value !== 'string') return null;
  if (/^\d{1,15}$/.test(value.trim())) return Number(value.trim());
  return parseTimestamp(value);
}

/** Go's `time.Time.String()` of a UTC time: `2026-11-21 23:23:44 +0000 UTC` (fractions only when there are any). */
export function goTimeString(ms: number): string {
  const fraction =
    ms % 1000 === 0
      ? ''
      : `.${String(ms % 1000)
          .padStart(3, '0')
          .replace(/0+$/, '')}`;
  return `${formatTimestamp(ms)}${fraction} +0000 UTC`;
}

const UNIT_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  μs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: HOUR_MS,
};

/** A Go duration string (`48h`, `121m`, `1h30m`, `1.5h`) in milliseconds; null when it is not one. */
export function parseGoDuration(text: string): number | null {
  const trimmed = text.trim();
  if (!/^(\d+(\.\d+)?(ns|us|µs|μs|ms|s|m|h))+$/.test(trimmed)) return null;
  let total = 0;
  for (const m of trimmed.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|μs|ms|s|m|h)/g)) total += Number(m[1]) * UNIT_MS[m[2]];
  return total;
}

/** What a job's `ttl` reads as: whole hours, absent (blank), or not a TTL at all. */
export type TtlReading = { hours: number } | 'blank' | 'invalid';

/**
 * A job's `ttl`: a number of hours (a fraction is truncated) or a Go duration string of at least an hour, also
 * truncated to whole hours. Zero or absent is blank, as Go's validation counted it.
 */
export function readTtl(value: unknown): TtlReading {
  if (value === undefined || value === null || value === '' || value === 0) return 'blank';
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return 'invalid';
    const hours = Math.trunc(value);
    return hours === 0 ? 'blank' : { hours };
  }
  if (typeof value !== 'string') return 'invalid';
  const ms = parseGoDuration(value);
  if (ms === null || ms < HOUR_MS) return 'invalid';
  return { hours: Math.floor(ms / HOUR_MS) };
}
