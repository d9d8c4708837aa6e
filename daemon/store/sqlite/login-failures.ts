import { KNOWN_PAIR_MS, type FailureStats, type ThrottleDecision } from '../../../shared/rules/login-throttle.js';
import { dataVersions } from './data-version.js';
import type { Db } from './db.js';
import { writeBatcher } from './write-batch.js';
import { type LoginFailureStore, failureStats } from '../login-failures.js';

export function sqliteLoginFailures(db: Db): LoginFailureStore {
  const pair = db.prepare<[string, string, number], { n: number; last: number | null }>(
    'SELECT count(*) AS n, max(at) AS last FROM login_failures WHERE username = ? AND address = ? AND at > ?',
  );
  const byAddress = db.prepare<[string, number], { n: number; oldest: number | null }>(
    'SELECT count(*) AS n, min(at) AS oldest FROM login_failures WHERE address = ? AND at > ?',
  );
  const byAccount = db.prepare<[string, number], { n: number; oldest: number | null }>(
    'SELECT count(*) AS n, min(at) AS oldest FROM login_failures WHERE username = ? AND at > ?',
  );
  const record = db.prepare('INSERT INTO login_failures (username, address, at) VALUES (?, ?, ?)');
  const prune = db.prepare('DELETE FROM login_failures WHERE at < ?');
  const clear = db.prepare('DELETE FROM login_failures WHERE username = ? AND address = ?');
  const remember = db.prepare(
    'INSERT INTO login_successes (username, address, at) VALUES (?, ?, ?) ON CONFLICT (username, address) DO UPDATE SET at = max(at, excluded.at)',
  );
  const forget = db.prepare('DELETE FROM login_successes WHERE at < ?');
  const known = db
    .prepare<[string, string, number], number>(
      'SELECT 1 FROM login_successes WHERE username = ? AND address = ? AND at > ?',
    )
    .pluck();
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
    (
      username: string,
      address: string,
      since: number,
      at: number,
      decide: (stats: FailureStats) => ThrottleDecision,
    ) => {
      const stats = failureStats({
        pair: pair.get(username, address, since),
        address: byAddress.get(address, since),
        account: byAccount.get(username, since),
      });
      const decision = decide(stats);
      if (decision.ok) insert(username, address, at);
      return decision;
    },
  );
  const succeeded = db.transaction((username: string, address: string, at: number) => {
    versions.noteBookkeeping(clear.run(username, address).changes);
    versions.noteBookkeeping(remember.run(username, address, at).changes);
    versions.noteBookkeeping(forget.run(at - KNOWN_PAIR_MS).changes);
  });
  return {
    async reserve(username, address, since, at, decide) {
      return batched(() => reserve(username, address, since, at, decide));
    },
    async record(username, address, at) {
      await batched(() => insert(username, address, at));
    },
    async succeeded(username, address, at) {
      await batched(() => succeeded(username, address, at));
    },
    async knownPair(username, address, since) {
      return known.get(username, address, since) !== undefined;
    },
  };
}
