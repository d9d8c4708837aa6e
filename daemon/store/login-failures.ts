import type { FailureStats, ThrottleDecision } from '../security/login-throttle.js';
import { dataVersions } from './data-version.js';
import type { Db } from './db.js';
import { writeBatcher } from './write-batch.js';

/** Failed logins per (username, client address), for the login throttle (daemon/security/login-throttle.ts). */
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
  /** Forgets the failures of one (username, address) pair (a successful login). */
  clear(username: string, address: string): Promise<void>;
}

export function sqliteLoginFailures(db: Db): LoginFailureStore {
  const pair = db.prepare<[string, string, number], { n: number; last: number | null }>(
    'SELECT count(*) AS n, max(at) AS last FROM login_failures WHERE username = ? AND address = ? AND at > ?',
  );
  const byAddress = db.prepare<[string, number], { n: number; oldest: number | null }>(
    'SELECT count(*) AS n, min(at) AS oldest FROM login_failures WHERE address = ? AND at > ?',
  );
  const record = db.prepare('INSERT INTO login_failures (username, address, at) VALUES (?, ?, ?)');
  const prune = db.prepare('DELETE FROM login_failures WHERE at < ?');
  const clear = db.prepare('DELETE FROM login_failures WHERE username = ? AND address = ?');
  // Sign-in bookkeeping: no cached API answer reads it, so it leaves the response cache alone; its writes
  // commit with the other writes of their turn (one disk flush for a burst of logins).
  const versions = dataVersions(db);
  const batched = writeBatcher(db);
  const insert = (username: string, address: string, at: number) => {
    versions.noteBookkeeping(record.run(username, address, at).changes);
    // Keep the table small: a day is far longer than any window we ask about.
    versions.noteBookkeeping(prune.run(at - 24 * 3600_000).changes);
  };
  const reserve = db.transaction(
    (username: string, address: string, since: number, at: number, decide: (stats: FailureStats) => ThrottleDecision) => {
      const p = pair.get(username, address, since);
      const a = byAddress.get(address, since);
      const decision = decide({
        pairCount: p?.n ?? 0,
        pairLast: p?.last ?? null,
        addressCount: a?.n ?? 0,
        addressOldest: a?.oldest ?? null,
      });
      if (decision.ok) insert(username, address, at);
      return decision;
    },
  );
  return {
    async reserve(username, address, since, at, decide) {
      return batched(() => reserve(username, address, since, at, decide));
    },
    async record(username, address, at) {
      await batched(() => insert(username, address, at));
    },
    async clear(username, address) {
      await batched(() => versions.noteBookkeeping(clear.run(username, address).changes));
    },
  };
}
