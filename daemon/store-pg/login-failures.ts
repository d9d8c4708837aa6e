import type { LoginFailureStore } from '../store/login-failures.js';
import type { PgPool } from './pool.js';
import { statement } from './statement.js';
import { inTransaction } from './transaction.js';

/**
 * Every daemon judging a login from one address takes this lock first, until its transaction ends: the pair's
 * and the address's failures are read, judged and the new failure recorded before any other attempt from that
 * address (whatever the username, on whichever daemon) is judged. Held for two reads and an insert, never across
 * a password hash.
 */
const lockAddress = statement<[string]>(
  'login_failures_lock_address',
  "SELECT pg_advisory_xact_lock(hashtext('cdnctl.login_failures'), hashtext($1))",
);
const pair = statement<[string, string, number], { n: number; last: number | null }>(
  'login_failures_pair',
  'SELECT count(*) AS n, max(at) AS last FROM login_failures WHERE username = $1 AND address = $2 AND at > $3',
);
const byAddress = statement<[string, number], { n: number; oldest: number | null }>(
  'login_failures_by_address',
  'SELECT count(*) AS n, min(at) AS oldest FROM login_failures WHERE address = $1 AND at > $2',
);
const record = statement<[string, string, number]>(
  'login_failures_record',
  'INSERT INTO login_failures (username, address, at) VALUES ($1, $2, $3)',
);
// Keep the table small: a day is far longer than any window the throttle asks about.
const prune = statement<[number]>('login_failures_prune', 'DELETE FROM login_failures WHERE at < $1');
const clear = statement<[string, string]>('login_failures_clear', 'DELETE FROM login_failures WHERE username = $1 AND address = $2');

const DAY_MS = 24 * 3600_000;

/** Failed logins on PostgreSQL, counted atomically across every daemon on the database. */
export function pgLoginFailures(pool: PgPool): LoginFailureStore {
  return {
    async reserve(username, address, since, at, decide) {
      return inTransaction(pool, async (client) => {
        await lockAddress.run(client, address);
        const p = await pair.get(client, username, address, since);
        const a = await byAddress.get(client, address, since);
        const decision = decide({
          pairCount: p?.n ?? 0,
          pairLast: p?.last ?? null,
          addressCount: a?.n ?? 0,
          addressOldest: a?.oldest ?? null,
        });
        if (decision.ok) {
          await record.run(client, username, address, at);
          await prune.run(client, at - DAY_MS);
        }
        return decision;
      });
    },
    async record(username, address, at) {
      await inTransaction(pool, async (client) => {
        await lockAddress.run(client, address);
        await record.run(client, username, address, at);
        await prune.run(client, at - DAY_MS);
      });
    },
    async clear(username, address) {
      await clear.run(pool, username, address);
    },
  };
}
