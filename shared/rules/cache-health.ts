// A cache's health in one word, the same on every surface (portal dashboard and Servers page, the CDN map, the
// Ink caches screen, the daemon's event stream): what a CDN operator looks at first (issue 33 item 4).
import { parseTimestamp } from '../time.js';
import { checkFailed } from './server-checks.js';

/** Worst first: a cache is counted once, under the worst thing true of it. */
export const CACHE_HEALTHS = ['down', 'failing', 'overdue', 'pending', 'current'] as const;
export type CacheHealth = (typeof CACHE_HEALTHS)[number];

/** How the health reads for a person (a filter value, a card's label). */
export const HEALTH_TEXT: Record<CacheHealth, string> = {
  down: 'down (monitors)',
  failing: 'failing checks',
  overdue: 'overdue',
  pending: 'pending',
  current: 'up to date',
};

/** The daemon's default check-in interval (Traffic Ops' syncds cron); a cache is overdue after twice it. */
export const DEFAULT_CHECK_IN_MINUTES = 15;

export interface HealthInput {
  updPending: boolean;
  revalPending: boolean;
  /** `YYYY-MM-DD hh:mm:ss+00` or null for a cache that never checked in. */
  lastCheckIn: string | null;
  /** The health monitors' verdict (issue 35): false when they agree the cache is unavailable, null before any. */
  isAvailable?: boolean | null;
}

/** Whether a cache has gone longer than twice the check-in interval without checking in (or never did). */
export function isOverdue(lastCheckIn: string | null, now: number, intervalMinutes = DEFAULT_CHECK_IN_MINUTES) {
  const at = lastCheckIn === null ? null : parseTimestamp(lastCheckIn);
  return at === null || now - at > 2 * intervalMinutes * 60_000;
}

/** Whether any pass/fail readiness check of the cache failed (HTTP, up to date, …). */
export function failsChecks(checks: Record<string, number | null> | undefined): boolean {
  return Object.entries(checks ?? {}).some(([name, value]) => checkFailed(name, value));
}

/** The cache's health: down by the monitors, else failing checks, else overdue, else pending (update or revalidation), else up to date. */
export function cacheHealth(
  server: HealthInput,
  checks: Record<string, number | null> | undefined,
  now: number,
  intervalMinutes = DEFAULT_CHECK_IN_MINUTES,
): CacheHealth {
  if (server.isAvailable === false) return 'down';
  if (failsChecks(checks)) return 'failing';
  if (isOverdue(server.lastCheckIn, now, intervalMinutes)) return 'overdue';
  if (server.updPending || server.revalPending) return 'pending';
  return 'current';
}

/** How many caches are in each health. */
export function healthCounts(healths: CacheHealth[]): Record<CacheHealth, number> {
  const counts: Record<CacheHealth, number> = { down: 0, failing: 0, overdue: 0, pending: 0, current: 0 };
  for (const h of healths) counts[h]++;
  return counts;
}

/** A check-in age for a person: `3 min ago`, `2 h ago`, `never`. */
export function checkInAge(lastCheckIn: string | null, now: number): string {
  const at = lastCheckIn === null ? null : parseTimestamp(lastCheckIn);
  if (at === null) return 'never';
  const minutes = Math.max(0, Math.floor((now - at) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 120) return `${minutes} min ago`;
  if (minutes < 48 * 60) return `${Math.floor(minutes / 60)} h ago`;
  return `${Math.floor(minutes / 1440)} d ago`;
}

/** Whether a server is a cache (EDGE or MID types): the map and the counts show caches only. */
export const isCacheType = (type: string) => type.startsWith('EDGE') || type.startsWith('MID');
