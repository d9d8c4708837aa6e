import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  ACCOUNT_FAILURE_LIMIT,
  ADDRESS_FAILURE_LIMIT,
  PAIR_FREE_FAILURES,
  throttleDecision,
} from '../../../../shared/rules/login-throttle.js';
import type { Store } from '../../../../daemon/store/index.js';
import { openPgStore } from '../../../../daemon/store/postgres/index.js';
import type { PgPool } from '../../../../daemon/store/postgres/pool.js';
import { startPgCluster, type PgCluster } from '../../../helpers/pg-cluster.js';
import { CONTRACT_FIXTURE, T0 } from '../contract/fixture.js';
import { userFields } from '../contract/users-fixture.js';

/** Several daemons on one database: one store (with its own pool) each, racing on the same rows. */
const DAEMONS = 4;
let cluster: PgCluster;
let daemons: { store: Store; pool: PgPool }[];

beforeAll(async () => {
  cluster = await startPgCluster();
}, 60_000);
afterAll(() => cluster.stop());
beforeEach(async () => {
  const url = await cluster.createDatabase();
  daemons = [];
  for (let i = 0; i < DAEMONS; i++) daemons.push(await openPgStore(url, { max: 6 }));
  await daemons[0]!.pool.query(CONTRACT_FIXTURE);
  await daemons[0]!.pool.query('SELECT cdnctl_sync_identities()');
});
afterEach(() => Promise.all(daemons.map((d) => d.store.close())));

/** `n` calls spread round robin over the daemons, all started before any is awaited. */
const race = <T>(n: number, call: (store: Store, i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => call(daemons[i % DAEMONS]!.store, i)));

const countRows = async (sql: string) => Number((await daemons[0]!.pool.query<{ n: number }>(sql)).rows[0]!.n);

it('a token is consumed once, whichever daemons race for it', async () => {
  for (let t = 0; t < 10; t++)
    await daemons[0]!.store.tokens.create({
      tokenHash: `tok${t}`,
      userId: 3,
      purpose: 'register',
      createdAt: T0,
      expiresAt: T0 + 1e9,
    });
  const results = await race(80, (store, i) => store.tokens.consume(`tok${i % 10}`, T0 + 1));
  for (let t = 0; t < 10; t++) {
    const winners = results.filter((r, i) => i % 10 === t && r !== null);
    expect(winners, `tok${t}`).toEqual([{ userId: 3, purpose: 'register' }]);
  }
});

it('concurrent failing logins of one pair on several daemons pass the throttle no more often than the free failures', async () => {
  const now = T0 + 60_000;
  const decisions = await race(24, (store) =>
    store.loginFailures.reserve('ops', '198.51.100.7', now - 15 * 60_000, now, (stats) => throttleDecision(stats, now)),
  );
  expect(decisions.filter((d) => d.ok)).toHaveLength(PAIR_FREE_FAILURES);
  expect(await countRows("SELECT count(*) AS n FROM login_failures WHERE address = '198.51.100.7'")).toBe(
    PAIR_FREE_FAILURES,
  );
});

it('concurrent failing logins of many usernames from one address stop at the address limit', async () => {
  const now = T0 + 60_000;
  const decisions = await race(ADDRESS_FAILURE_LIMIT + 12, (store, i) =>
    store.loginFailures.reserve(`user${i}`, '203.0.113.9', now - 15 * 60_000, now, (stats) =>
      throttleDecision(stats, now),
    ),
  );
  expect(decisions.filter((d) => d.ok)).toHaveLength(ADDRESS_FAILURE_LIMIT);
  expect(await countRows("SELECT count(*) AS n FROM login_failures WHERE address = '203.0.113.9'")).toBe(
    ADDRESS_FAILURE_LIMIT,
  );
});

it('concurrent failing logins of one username from many addresses stop at the account limit, but not for a known pair', async () => {
  const now = T0 + 60_000;
  const decisions = await race(ACCOUNT_FAILURE_LIMIT + 12, (store, i) =>
    store.loginFailures.reserve('admin', `198.51.102.${i}`, now - 15 * 60_000, now, (stats) =>
      throttleDecision(stats, now),
    ),
  );
  expect(decisions.filter((d) => d.ok)).toHaveLength(ACCOUNT_FAILURE_LIMIT);
  expect(await countRows("SELECT count(*) AS n FROM login_failures WHERE username = 'admin'")).toBe(
    ACCOUNT_FAILURE_LIMIT,
  );
  const known = await daemons[1]!.store.loginFailures.reserve('admin', '192.0.2.1', now - 15 * 60_000, now, (stats) =>
    throttleDecision(stats, now, true),
  );
  expect(known).toEqual({ ok: true });
});

it('one of several daemons creating the same user wins; the others are told the name or e-mail (any case) is taken', async () => {
  // The same e-mail in eight spellings of case, under eight usernames.
  const spelling = (i: number) =>
    'twin@example.test'.slice(0, i) + 'twin@example.test'.charAt(i).toUpperCase() + 'twin@example.test'.slice(i + 1);
  const byEmail = await race(8, (store, i) => store.users.create(userFields(`twin${i}`, { email: spelling(i) }), T0));
  expect(byEmail.filter((r) => 'id' in r)).toHaveLength(1);
  expect(byEmail.filter((r) => 'taken' in r && r.taken === 'email')).toHaveLength(7);
  // One username under eight e-mails.
  const byName = await race(8, (store, i) =>
    store.users.create(userFields('solo', { email: `solo${i}@example.test` }), T0),
  );
  expect(byName.filter((r) => 'id' in r)).toHaveLength(1);
  expect(byName.filter((r) => 'taken' in r && r.taken === 'username')).toHaveLength(7);
  expect(
    await countRows("SELECT count(*) AS n FROM users WHERE lower(email) = 'twin@example.test' OR username = 'solo'"),
  ).toBe(2);
});

it('reset requests taken by several daemons at once are each taken once', async () => {
  for (let i = 0; i < 40; i++) await daemons[0]!.store.resetRequests.record(`u${i}@x.test`, T0 + i);
  const batches = await race(12, (store) => store.resetRequests.take(5));
  const emails = batches.flat().map((r) => r.email);
  expect(new Set(emails).size).toBe(emails.length);
  expect(emails.sort()).toEqual(Array.from({ length: 40 }, (_, i) => `u${i}@x.test`).sort());
  for (const batch of batches)
    expect(batch.map((r) => r.id)).toEqual([...batch.map((r) => r.id)].sort((a, b) => a - b));
});

it('a session created on one daemon works on the others; logout on one ends it on all', async () => {
  const [a, b, c] = daemons.map((d) => d.store);
  await a!.sessions.create({
    idHash: 'shared',
    userId: 2,
    createdAt: T0,
    expiresAt: T0 + 1e9,
    idleExpiresAt: T0 + 1e9,
  });
  expect((await b!.sessions.find('shared'))?.username).toBe('ops');
  expect((await c!.sessions.find('shared'))?.username).toBe('ops');
  await b!.sessions.touch('shared', T0 + 5e8);
  expect((await a!.sessions.find('shared'))?.idleExpiresAt).toBe(T0 + 5e8);
  await c!.sessions.delete('shared');
  expect(await a!.sessions.find('shared')).toBeNull();
  expect(await b!.sessions.find('shared')).toBeNull();
});
