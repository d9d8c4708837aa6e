/**
 * The login throttle (docs/api/behavior.md, "Hardening and the change log"): failed logins are counted per
 * (username, client address), per client address and per username. A pair gets a few free failures, then each
 * further attempt must wait a delay that doubles with every failure; one address gets a bounded number of
 * failures across all usernames; one username a bounded number across all addresses (rotating X-Forwarded-For
 * behind a trusted proxy), except from a known pair: one that logged in successfully within KNOWN_PAIR_MS.
 * Nobody can lock an account out of the addresses it logged in from.
 */

export const LOGIN_WINDOW_MS = 15 * 60_000;
/** Failures of one (username, address) pair before delays begin. */
export const PAIR_FREE_FAILURES = 5;
/** Failures from one address, whatever the usernames, within the window. */
export const ADDRESS_FAILURE_LIMIT = 30;
/** Failures of one username from addresses it never logged in from, within the window. */
export const ACCOUNT_FAILURE_LIMIT = 20;
/** How long a successful login keeps its (username, address) pair known. */
export const KNOWN_PAIR_MS = 30 * 24 * 3600_000;
const FIRST_DELAY_MS = 1000;

/** What the store knows of recent failures (within the window). */
export interface FailureStats {
  /** Failures of this pair, and when the last one was. */
  pairCount: number;
  pairLast: number | null;
  /** Failures from this address, and when the oldest one within the window was. */
  addressCount: number;
  addressOldest: number | null;
  /** Failures of this username from any address, and when the oldest one within the window was. */
  accountCount: number;
  accountOldest: number | null;
}

export type ThrottleDecision = { ok: true } | { ok: false; retryAfterMs: number };

/** The delay a pair must wait after `failures` failures: none for the first few, then 1 s, 2 s, 4 s… up to the window. */
export function pairDelayMs(failures: number): number {
  if (failures < PAIR_FREE_FAILURES) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** Math.min(failures - PAIR_FREE_FAILURES, 20), LOGIN_WINDOW_MS);
}

/** How long until the oldest of `count` failures leaves the window, once `count` reached `limit`. */
const windowWait = (count: number, oldest: number | null, limit: number, now: number) =>
  count >= limit && oldest !== null ? oldest + LOGIN_WINDOW_MS - now : 0;

/**
 * Whether an attempt at `now` may have its password checked, or how long it must wait. `knownPair`: the pair
 * logged in successfully before, so the username's failures from elsewhere do not hold it back.
 */
export function throttleDecision(stats: FailureStats, now: number, knownPair = false): ThrottleDecision {
  let wait = 0;
  if (stats.pairLast !== null) wait = Math.max(wait, stats.pairLast + pairDelayMs(stats.pairCount) - now);
  wait = Math.max(wait, windowWait(stats.addressCount, stats.addressOldest, ADDRESS_FAILURE_LIMIT, now));
  if (!knownPair)
    wait = Math.max(wait, windowWait(stats.accountCount, stats.accountOldest, ACCOUNT_FAILURE_LIMIT, now));
  return wait > 0 ? { ok: false, retryAfterMs: wait } : { ok: true };
}

/** Retry-After in whole seconds, at least 1. */
export const retryAfterSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
