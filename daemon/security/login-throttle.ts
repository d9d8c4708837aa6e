/**
 * The login throttle (docs/api/behavior.md, "Hardening and the change log"): failed logins are counted per
 * (username, client address) and per client address. A pair gets a few free failures, then each further attempt
 * must wait a delay that doubles with every failure; one address gets a bounded number of failures across all
 * usernames. Nobody can lock an account for everyone: a login from an address that has not failed is judged on
 * its own failures only.
 */

export const LOGIN_WINDOW_MS = 15 * 60_000;
/** Failures of one (username, address) pair before delays begin. */
export const PAIR_FREE_FAILURES = 5;
/** Failures from one address, whatever the usernames, within the window. */
export const ADDRESS_FAILURE_LIMIT = 30;
const FIRST_DELAY_MS = 1000;

/** What the store knows of recent failures (within the window). */
export interface FailureStats {
  /** Failures of this pair, and when the last one was. */
  pairCount: number;
  pairLast: number | null;
  /** Failures from this address, and when the oldest one within the window was. */
  addressCount: number;
  addressOldest: number | null;
}

export type ThrottleDecision = { ok: true } | { ok: false; retryAfterMs: number };

/** The delay a pair must wait after `failures` failures: none for the first few, then 1 s, 2 s, 4 s… up to the window. */
export function pairDelayMs(failures: number): number {
  if (failures < PAIR_FREE_FAILURES) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** Math.min(failures - PAIR_FREE_FAILURES, 20), LOGIN_WINDOW_MS);
}

/** Whether an attempt at `now` may have its password checked, or how long it must wait. */
export function throttleDecision(stats: FailureStats, now: number): ThrottleDecision {
  let wait = 0;
  if (stats.pairLast !== null) wait = Math.max(wait, stats.pairLast + pairDelayMs(stats.pairCount) - now);
  if (stats.addressCount >= ADDRESS_FAILURE_LIMIT && stats.addressOldest !== null) {
    wait = Math.max(wait, stats.addressOldest + LOGIN_WINDOW_MS - now);
  }
  return wait > 0 ? { ok: false, retryAfterMs: wait } : { ok: true };
}

/** Retry-After in whole seconds, at least 1. */
export const retryAfterSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
