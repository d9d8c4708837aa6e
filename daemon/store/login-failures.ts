import { type FailureStats, type ThrottleDecision } from '../../shared/rules/login-throttle.js';

/**
 * Failed logins per (username, client address), and the pairs that logged in successfully, for the login
 * throttle and the login gate (daemon/security/login-throttle.ts, login-gate.ts).
 */
export interface LoginFailureStore {
  /**
   * Counts an attempt before its password is checked, in one transaction: `decide` judges the failures newer
   * than `since`; when it allows the attempt, a failure is recorded at `at` (forgotten again on success).
   * Concurrent guesses thus cannot all pass the check while the slow password hashes run.
   */
  reserve(
    username: string,
    address: string,
    since: number,
    at: number,
    decide: (stats: FailureStats) => ThrottleDecision,
  ): Promise<ThrottleDecision>;
  record(username: string, address: string, at: number): Promise<void>;
  /** A successful login: forgets the pair's failures and remembers the pair as known at `at`. */
  succeeded(username: string, address: string, at: number): Promise<void>;
  /** Whether the pair logged in successfully after `since`. */
  knownPair(username: string, address: string, since: number): Promise<boolean>;
}

/** The failure counts as the stores read them: pair, address and username rows of one window. */
export interface FailureRows {
  pair?: { n: number | string; last: number | string | null };
  address?: { n: number | string; oldest: number | string | null };
  account?: { n: number | string; oldest: number | string | null };
}

const num = (x: number | string | null | undefined) => (x === null || x === undefined ? null : Number(x));

export function failureStats(rows: FailureRows): FailureStats {
  return {
    pairCount: num(rows.pair?.n) ?? 0,
    pairLast: num(rows.pair?.last),
    addressCount: num(rows.address?.n) ?? 0,
    addressOldest: num(rows.address?.oldest),
    accountCount: num(rows.account?.n) ?? 0,
    accountOldest: num(rows.account?.oldest),
  };
}
