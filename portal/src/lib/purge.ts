/**
 * The TTL ceiling when the daemon does not say otherwise: maxRevalDurationDays defaults to 90 days (BEHAVIOR.md §5).
 * The API checks the configured value and answers `ttl: cannot exceed <max>` when it is lower.
 */
export const DEFAULT_MAX_TTL_HOURS = 90 * 24;

/** Why a TTL typed in the form cannot be sent, or null when it can. */
export function checkTtl(text: string, maxHours: number): string | null {
  if (!/^\d+$/.test(text.trim())) return 'Whole hours, e.g. 24.';
  const hours = Number(text);
  if (hours < 1) return 'At least 1 hour.';
  if (hours > maxHours) return `At most ${maxHours} hours.`;
  return null;
}
