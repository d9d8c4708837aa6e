// Pure and import-free: the daemon, the CLI's screens and the portal's bundle all read the purge ceiling here.

/** The ceiling when the GLOBAL profile says nothing usable: 90 days (BEHAVIOR.md §5). */
export const DEFAULT_MAX_REVAL_DURATION_DAYS = 90;

/** The parameter that sets it, on the GLOBAL profile. */
export const MAX_REVAL_PARAMETER = {
  profile: 'GLOBAL',
  name: 'maxRevalDurationDays',
  configFile: 'regex_revalidate.config',
} as const;

/** The GLOBAL profile's `maxRevalDurationDays` value as a day count; absent or unusable → the default, 90. */
export function maxRevalDurationDays(value: string | null | undefined): number {
  const text = typeof value === 'string' ? value.trim() : '';
  const days = /^\d{1,6}$/.test(text) ? Number(text) : 0;
  return days >= 1 ? days : DEFAULT_MAX_REVAL_DURATION_DAYS;
}

/** The largest purge ttl in hours, from a profile's parameter list (GET profiles/name/GLOBAL/parameters). */
export function maxTtlHoursFromParameters(
  parameters: ReadonlyArray<{ name: string; configFile: string; value: string }>,
): number {
  const found = parameters.find(
    (p) => p.name === MAX_REVAL_PARAMETER.name && p.configFile === MAX_REVAL_PARAMETER.configFile,
  );
  return maxRevalDurationDays(found?.value) * 24;
}
