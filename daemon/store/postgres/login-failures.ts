import { KNOWN_PAIR_MS } from '../../../shared/rules/login-throttle.js';
import { failureStats, type LoginFailureStore } from '../login-failures.js';
import type { PgPool, PgQueryable } from './pool.js';
import { statement } from './statement.js';
import { inTransaction } from './transaction.js';

/**
 * Every daemon judging a login from one address takes this lock first, then the username's (always in this
 * order, so two judgements never wait on each other crosswise), until its transaction ends: the pair's, the
 * address's and the username's failures are read, judged and the new failure recorded before any other attempt
 * from that address or for that username (on whichever daemon) is judged. Held for three reads and an insert,
 * never across a password hash.
 */
const lockAddress = statement<[string]>(
  'login_failures_lock_address',
  "SELECT pg_advisory_xact_lock(hashtext('cdnctl.login_failures'), hashtext($1))",
);
const lockAccount = statement<[string]>(
  'login_failures_lock_account',
  "SELECT pg_advisory_xact_lock(hashtext('cdnctl.login_failures.username'), hashtext($1))",
);
const pair = statement<[string, string, number], { n: number; last: number | null }>(
  'login_failures_pair',
  'SELECT count(*) AS n, max(at) AS last FROM login_failures WHERE username = $1 AND address = $2 AND at > $3',
);
const byAddress = statement<[string, number], { n: number; oldest: number | null }>(
  'login_failures_by_address',
  'SELECT count(*) AS n, min(at) AS oldest FROM login_failures WHERE address = $1 AND at > $2',
);
const byAccount = statement<[string, number], { n: number; oldest: number | null }>(
  'login_failures_by_account',
  'SELECT count(*) AS n, min(at) AS oldest FROM login_failures WHERE username = $1 AND at > $2',
);
const record = statement<[string, string, number]>(
  'login_failures_record',
  'INSERT INTO login_failures (username, address, at) VALUES ($1, $2, $3)',
);
// Keep the table small: a day is far longer than any window the throttle asks about.
const prune = statement<[number]>('login_failures_prune', 'DELETE FROM login_failures WHERE at < $1');
const clear = statement<[string, string]>(
  'login_failures_clear',
  'DELETE FROM login_failures WHERE username = $1 AND address = $2',
);
const remember = statement<[string, string, number]>(
  'login_successes_remember',
  'INSERT INTO login_successes (username, address, at) VALUES ($1, $2, $3) ON CONFLICT (username, address) DO UPDATE SET at = greatest(login_successes.at, excluded.at)',
);
const forget = statement<[number]>('login_successes_forget', 'DELETE FROM login_successes WHERE at < $1');
const known = statement<[string, string, number]>(
  'login_successes_known',
  'SELECT 1 FROM login_successes WHERE username = $1 AND address = $2 AND at > $3',
);

const DAY_MS = 24 * 3600_000;

async function insert(client: PgQueryable, username: string, address: string, at: number): Promise<void> {
  await record.run(client, username, address, at);
  await prune.run(client, at - DAY_MS);
}

/** Failed and successful logins on PostgreSQL, counted atomically across every daemon on the database. */
export function pgLoginFailures(pool: PgPool): LoginFailureStore {
  return {
    async reserve(username, address, since, at, decide) {
      return inTransaction(pool, async (client) => {
        await lockAddress.run(client, address);
        await lockAccount.run(client, username);
        const decision = decide(
          failureStats({
            pair: await pair.get(client, username, address, since),
            address: await byAddress.get(client, address, since),
            account: await byAccount.get(client, username, since),
          }),
        );
        if (decision.ok) await insert(client, username, address, at);
        return decision;
      });
    },
    async record(username, address, at) {
      await inTransaction(pool, async (client) => {
        await lockAddress.run(client, address);
        await lockAccount.run(client, username);
        await insert(client, username, address, at);
      });
    },
    async succeeded(username, address, at) {
      await inTransaction(pool, async (client) => {
        await clear.run(client, username, address);
        await remember.run(client, username, address, at);
        await forget.run(client, at - KNOWN_PAIR_MS);
      });
    },
    async knownPair(username, address, since) {
      return (await known.get(pool, username, address, since)) !== undefined;
    },
  };
}
