/** Formats epoch milliseconds as Traffic Ops' `YYYY-MM-DD hh:mm:ss` in UTC. */
export function formatTimestamp(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** Formats epoch milliseconds as `YYYY-MM-DD hh:mm:ss+00`, the origins' lastUpdated form. */
export function formatTimestampTz(ms: number): string {
  return `${formatTimestamp(ms)}+00`;
}

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}(?::?\d{2})?)?$/;

/**
 * Parses `YYYY-MM-DD hh:mm:ss` (UTC), RFC 3339 and Traffic Ops' `YYYY-MM-DD hh:mm:ss+00` forms into epoch
 * milliseconds; null when the text is none of them or names an impossible date.
 */
export function parseTimestamp(text: string): number | null {
  const m = TIMESTAMP.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  const base = Date.UTC(+y, +mo - 1, +d, +h, +mi, +s, frac ? Math.round(Number(frac) * 1000) : 0);
  const check = new Date(base);
  if (check.getUTCFullYear() !== +y || check.getUTCMonth() !== +mo - 1 || check.getUTCDate() !== +d) return null;
  if (+h > 23 || +mi > 59 || +s > 59) return null;
  let offsetMinutes = 0;
  if (zone && zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    offsetMinutes = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0'));
  }
  return base - offsetMinutes * 60_000;
}
