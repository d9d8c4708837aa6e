import { afterEach, beforeEach, expect, it } from 'vitest';
import { KNOWN_PAIR_MS, type FailureStats } from '../../../../shared/rules/login-throttle.js';
import { fieldsOf } from '../../../../daemon/store/users.js';
import { CONTRACT_FIXTURE, T0 } from './fixture.js';
import { describeEachStore, type OpenedStore } from './stores.js';

const HOUR = 3600_000;
const logins = async (h: OpenedStore) =>
  (await h.store.changeLog.list({ since: 0, limit: 100, visibleTenantIds: null, username: null })).map(
    (e) => `${e.level} ${e.message} ${e.user}`,
  );

describeEachStore('sessions, tokens, login failures and reset requests', (kind) => {
  let h: OpenedStore;
  beforeEach(async () => {
    h = await kind.open();
    await h.exec(CONTRACT_FIXTURE);
  });
  afterEach(() => h.close());

  it('sessions: create (with its entry), find with the role, touch, delete (with its entry)', async () => {
    await h.store.sessions.create(
      { idHash: 'h1', userId: 2, createdAt: T0, expiresAt: T0 + 8 * HOUR, idleExpiresAt: T0 + HOUR },
      { level: 'LOGIN', message: 'Logged in', user: 2, at: T0 },
    );
    expect(await h.store.sessions.find('h1')).toEqual({
      idHash: 'h1',
      userId: 2,
      createdAt: T0,
      expiresAt: T0 + 8 * HOUR,
      idleExpiresAt: T0 + HOUR,
      username: 'ops',
      roleId: 2,
      roleName: 'operations',
      privLevel: 20,
      tenantId: 2,
    });
    expect(await h.store.sessions.find('nope')).toBeNull();
    await h.store.sessions.touch('h1', T0 + 2 * HOUR);
    expect((await h.store.sessions.find('h1'))?.idleExpiresAt).toBe(T0 + 2 * HOUR);
    // A role change reaches the next lookup.
    await h.store.users.update(2, { ...fieldsOf((await h.store.users.byId(2))!), roleId: 3 }, T0);
    expect(await h.store.sessions.find('h1')).toMatchObject({ roleId: 3, roleName: 'read-only', privLevel: 10 });
    await h.store.sessions.delete('h1', { level: 'LOGIN', message: 'Logged out', user: 2, at: T0 + 1 });
    expect(await h.store.sessions.find('h1')).toBeNull();
    await h.store.sessions.delete('h1');
    expect(await logins(h)).toEqual(['LOGIN Logged out ops', 'LOGIN Logged in ops']);
    await expect(
      h.store.sessions.create({ idHash: 'x', userId: 99, createdAt: T0, expiresAt: T0, idleExpiresAt: T0 }),
    ).rejects.toThrow();
  });

  it('sessions: deleteOthers keeps one (or none), deleteExpired ends the absolutely or idly expired', async () => {
    const make = (idHash: string, userId: number, expiresAt: number, idleExpiresAt: number) =>
      h.store.sessions.create({ idHash, userId, createdAt: T0, expiresAt, idleExpiresAt });
    await make('a', 2, T0 + 10, T0 + 10);
    await make('b', 2, T0 + 10, T0 + 10);
    await make('c', 2, T0 + 10, T0 + 10);
    await make('d', 1, T0 + 10, T0 + 10);
    await h.store.sessions.deleteOthers(2, 'b');
    expect(await Promise.all(['a', 'b', 'c', 'd'].map(async (x) => (await h.store.sessions.find(x)) !== null))).toEqual(
      [false, true, false, true],
    );
    await h.store.sessions.deleteOthers(2, null);
    expect(await h.store.sessions.find('b')).toBeNull();
    await make('absolute', 3, T0 + 5, T0 + 50);
    await make('idle', 3, T0 + 50, T0 + 5);
    await make('live', 3, T0 + 50, T0 + 50);
    expect(await h.store.sessions.deleteExpired(T0 + 4)).toBe(0);
    expect(await h.store.sessions.deleteExpired(T0 + 10)).toBe(3);
    expect(await h.store.sessions.find('live')).not.toBeNull();
    expect(await h.store.sessions.find('idle')).toBeNull();
  });

  it('tokens: consume once, not expired, not revoked; revoke drops one purpose only', async () => {
    const create = (tokenHash: string, purpose: 'register' | 'reset', expiresAt = T0 + HOUR, userId = 3) =>
      h.store.tokens.create({ tokenHash, userId, purpose, createdAt: T0, expiresAt });
    await create('reg', 'register');
    await create('old', 'register', T0 + 10);
    await create('reset', 'reset');
    expect(await h.store.tokens.consume('reg', T0 + 1)).toEqual({ userId: 3, purpose: 'register' });
    expect(await h.store.tokens.consume('reg', T0 + 2)).toBeNull();
    expect(await h.store.tokens.consume('old', T0 + 10)).toBeNull();
    expect(await h.store.tokens.consume('missing', T0)).toBeNull();
    await create('reg2', 'register');
    await h.store.tokens.revoke(3, 'register');
    expect(await h.store.tokens.consume('reg2', T0 + 1)).toBeNull();
    expect(await h.store.tokens.consume('reset', T0 + 1)).toEqual({ userId: 3, purpose: 'reset' });
    await expect(create('reg', 'register')).rejects.toThrow();
  });

  it('loginFailures: reserve judges the window and records when allowed; record; succeeded forgets one pair', async () => {
    const seen: FailureStats[] = [];
    const reserve = (username: string, address: string, since: number, at: number, ok = true) =>
      h.store.loginFailures.reserve(username, address, since, at, (stats) => {
        seen.push(stats);
        return ok ? { ok: true } : { ok: false, retryAfterMs: 42 };
      });
    expect(await reserve('ops', '10.0.0.1', T0 - HOUR, T0)).toEqual({ ok: true });
    await h.store.loginFailures.record('ops', '10.0.0.1', T0 + 10);
    await h.store.loginFailures.record('admin', '10.0.0.1', T0 + 20);
    await h.store.loginFailures.record('ops', '10.0.0.2', T0 + 30);
    expect(await reserve('ops', '10.0.0.1', T0 - HOUR, T0 + 40, false)).toEqual({ ok: false, retryAfterMs: 42 });
    expect(await reserve('ops', '10.0.0.1', T0 + 5, T0 + 50)).toEqual({ ok: true });
    expect(await reserve('nobody', '10.0.0.9', 0, T0 + 60)).toEqual({ ok: true });
    expect(seen).toEqual([
      { pairCount: 0, pairLast: null, addressCount: 0, addressOldest: null, accountCount: 0, accountOldest: null },
      { pairCount: 2, pairLast: T0 + 10, addressCount: 3, addressOldest: T0, accountCount: 3, accountOldest: T0 },
      {
        pairCount: 1,
        pairLast: T0 + 10,
        addressCount: 2,
        addressOldest: T0 + 10,
        accountCount: 2,
        accountOldest: T0 + 10,
      },
      { pairCount: 0, pairLast: null, addressCount: 0, addressOldest: null, accountCount: 0, accountOldest: null },
    ]);
    await h.store.loginFailures.succeeded('ops', '10.0.0.1', T0 + 65);
    seen.length = 0;
    await reserve('ops', '10.0.0.1', 0, T0 + 70);
    await reserve('ops', '10.0.0.2', 0, T0 + 80);
    expect(seen).toEqual([
      {
        pairCount: 0,
        pairLast: null,
        addressCount: 1,
        addressOldest: T0 + 20,
        accountCount: 1,
        accountOldest: T0 + 30,
      },
      {
        pairCount: 1,
        pairLast: T0 + 30,
        addressCount: 1,
        addressOldest: T0 + 30,
        accountCount: 2,
        accountOldest: T0 + 30,
      },
    ]);
    // Failures older than a day are pruned by the next record.
    await h.store.loginFailures.record('x', '10.0.0.3', T0 + 25 * HOUR);
    seen.length = 0;
    await reserve('admin', '10.0.0.1', 0, T0 + 25 * HOUR);
    expect(seen[0]).toMatchObject({ addressCount: 0 });
  });

  it('loginFailures: succeeded remembers the pair (the latest time), knownPair asks after a time; a month later it is forgotten', async () => {
    const known = (username: string, address: string, since: number) =>
      h.store.loginFailures.knownPair(username, address, since);
    expect(await known('ops', '10.0.0.1', 0)).toBe(false);
    await h.store.loginFailures.succeeded('ops', '10.0.0.1', T0 + 100);
    await h.store.loginFailures.succeeded('ops', '10.0.0.1', T0 + 50);
    expect(await known('ops', '10.0.0.1', T0 + 99)).toBe(true);
    expect(await known('ops', '10.0.0.1', T0 + 100)).toBe(false);
    expect(await known('ops', '10.0.0.2', 0)).toBe(false);
    expect(await known('admin', '10.0.0.1', 0)).toBe(false);
    // Another pair's success, past KNOWN_PAIR_MS, prunes the old one even for a caller asking since 0.
    await h.store.loginFailures.succeeded('admin', '10.0.0.1', T0 + 100 + KNOWN_PAIR_MS + 1);
    expect(await known('ops', '10.0.0.1', 0)).toBe(false);
    expect(await known('admin', '10.0.0.1', 0)).toBe(true);
  });

  it('resetRequests: record, take the oldest in order (and remove them), tokensSince', async () => {
    for (const [i, email] of ['a@x.test', 'b@x.test', 'c@x.test'].entries())
      await h.store.resetRequests.record(email, T0 + i);
    const first = await h.store.resetRequests.take(2);
    expect(first.map((r) => [r.email, r.requestedAt])).toEqual([
      ['a@x.test', T0],
      ['b@x.test', T0 + 1],
    ]);
    expect(first[0]!.id).toBeLessThan(first[1]!.id);
    expect(await h.store.resetRequests.take(0)).toEqual([]);
    expect((await h.store.resetRequests.take(10)).map((r) => r.email)).toEqual(['c@x.test']);
    expect(await h.store.resetRequests.take(10)).toEqual([]);
    await h.store.tokens.create({
      tokenHash: 'r',
      userId: 2,
      purpose: 'reset',
      createdAt: T0 + 5,
      expiresAt: T0 + HOUR,
    });
    await h.store.tokens.create({
      tokenHash: 'g',
      userId: 2,
      purpose: 'register',
      createdAt: T0 + 5,
      expiresAt: T0 + HOUR,
    });
    expect(await h.store.resetRequests.tokensSince(2, T0)).toBe(1);
    expect(await h.store.resetRequests.tokensSince(2, T0 + 5)).toBe(0);
  });
});
