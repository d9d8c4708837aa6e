// How a cache's readiness check reads on every surface (CLI, Ink, portal): a pass/fail check as ✓ or ✗, the
// check-in age as minutes, an unset check as a dash. Traffic Ops stores 1/0 and whole numbers; people read marks.

/** The daemon's checks that count minutes rather than pass (1) or fail (0). */
const MINUTE_CHECKS = new Set(['CKIN']);

/** A check's value for a person: `✓` pass, `✗` fail, `12 min` for the check-in age, `–` when never set. */
export function checkText(name: string, value: number | null | undefined): string {
  if (value === undefined || value === null) return '–';
  if (MINUTE_CHECKS.has(name)) return `${value} min`;
  if (value === 1) return '✓';
  if (value === 0) return '✗';
  return String(value);
}

/** Whether a check's value is a failure a person should look at (a pass/fail check at 0). */
export function checkFailed(name: string, value: number | null | undefined): boolean {
  return value === 0 && !MINUTE_CHECKS.has(name);
}
