const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** `500ms`, `60s`, `15m`, `1h`, or a bare number of seconds, as milliseconds; null when it is none of those. */
export function parseDuration(text: string): number | null {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim());
  if (!match) return null;
  const ms = Number(match[1]) * UNITS[match[2] ?? 's'];
  return Number.isFinite(ms) ? Math.round(ms) : null;
}
