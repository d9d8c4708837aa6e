import { dataVersions } from './data-version.js';
import type { Db } from './db.js';
import { writeBatcher } from './write-batch.js';

/** Failed logins per username, for the attempt limit. */
export interface LoginFailureStore {
  count(username: string, since: number): Promise<number>;
  /**
   * Counts an attempt before its password is checked, in one transaction: when fewer than `limit` failures of
   * `username` are newer than `since`, records one at `at` and answers true; else records nothing and answers
   * false. Concurrent guesses thus cannot all pass the check while the slow password hashes run.
   */
  reserve(username: string, since: number, at: number, limit: number): Promise<boolean>;
  record(username: string, at: number): Promise<void>;
  clear(username: string): Promise<void>;
}

export function sqliteLoginFailures(db: Db): LoginFailureStore {
  const count = db.prepare<[string, number], { n: number }>(
    'SELECT count(*) AS n FROM login_failures WHERE username = ? AND at > ?',
  );
  const record = db.prepare('INSERT INTO login_failures (username, at) VALUES (?, ?)');
  const prune = db.prepare('DELETE FROM login_failures WHERE at < ?');
  const clear = db.prepare('DELETE FROM login_failures WHERE username = ?');
  // Sign-in bookkeeping: no cached API answer reads it, so it leaves the response cache alone; its writes
  // commit with the other writes of their turn (one disk flush for a burst of logins).
  const versions = dataVersions(db);
  const batched = writeBatcher(db);
  const insert = (username: string, at: number) => {
    versions.noteBookkeeping(record.run(username, at).changes);
    // Keep the table small: a day is far longer than any window we ask about.
    versions.noteBookkeeping(prune.run(at - 24 * 3600_000).changes);
  };
  const reserve = db.transaction((username: string, since: number, at: number, limit: number): boolean => {
    if ((count.get(username, since)?.n ?? 0) >= limit) return false;
    insert(username, at);
    return true;
  });
  return {
    async count(username, since) {
      return count.get(username, since)?.n ?? 0;
    },
    async reserve(username, since, at, limit) {
      return batched(() => reserve(username, since, at, limit));
    },
    async record(username, at) {
      await batched(() => insert(username, at));
    },
    async clear(username) {
      await batched(() => versions.noteBookkeeping(clear.run(username).changes));
    },
  };
}
