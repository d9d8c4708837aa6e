import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goldenApp, PASSWORDS, type GoldenApp, type Username } from './fixture.js';

/**
 * The change log (Traffic Ops' GET logs and logs/newcount): every successful write appends an entry in its own
 * transaction, entries hold no secret, readers see only entries about tenants they see (docs/api/behavior.md,
 * "Change log").
 */

interface Entry {
  id: number;
  lastUpdated: string;
  level: string;
  message: string;
  ticketNum: number | null;
  user: string;
}

const START = '2026-11-21 12:00:00';
const NEW_PASSWORD = 'N3wSecr3tPassw0rd!';

let t: GoldenApp;
const cookies = {} as Record<Username, string>;
beforeAll(async () => {
  t = await goldenApp();
  for (const u of ['admin', 'ops_user', 'tenanta_user', 'ro_user', 'tenanta_admin'] as Username[]) {
    cookies[u] = await t.session(u);
  }
});
afterAll(async () => {
  await t?.close();
});

const as = (u: Username, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: InjectOptions['payload']) =>
  t.app.inject({ method, url, headers: { cookie: cookies[u] }, ...(payload === undefined ? {} : { payload }) });

async function logs(u: Username, query = ''): Promise<Entry[]> {
  const res = await as(u, 'GET', `/api/1.1/logs${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (JSON.parse(res.body) as { response: Entry[] }).response;
}

const messages = (entries: Entry[]) => entries.map((e) => e.message);

describe('what is logged', () => {
  beforeAll(async () => {
    const origin = await as('admin', 'POST', '/api/1.3/origins', {
      name: 'logged-origin',
      fqdn: 'logged.example.test',
      protocol: 'http',
      deliveryServiceId: t.ids.deliveryServices.ds1,
    });
    expect(origin.statusCode, origin.body).toBe(200);
    const purge = await as('tenanta_user', 'POST', '/api/1.2/user/current/jobs', {
      dsId: t.ids.deliveryServices.ds2,
      regex: '/logged/.*\\.jpg',
      startTime: START,
      ttl: 2,
    });
    expect(purge.statusCode, purge.body).toBe(200);
    const user = await as('admin', 'POST', '/api/1.3/users', {
      username: 'logged_user',
      email: 'logged@example.test',
      fullName: 'Logged User',
      localPasswd: 'L0ggedUserPassw0rd',
      confirmLocalPasswd: 'L0ggedUserPassw0rd',
      role: 3,
      tenantId: t.ids.tenants.root,
    });
    expect(user.statusCode, user.body).toBe(200);
    const change = await as('ro_user', 'PUT', '/api/1.3/user/current', {
      user: { localPasswd: NEW_PASSWORD, confirmLocalPasswd: NEW_PASSWORD },
    });
    expect(change.statusCode, change.body).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/1.3/user/login',
      payload: { u: 'ops_user', p: PASSWORDS.ops_user },
    });
    expect(login.statusCode).toBe(200);
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    expect((await t.app.inject({ method: 'POST', url: '/api/1.3/user/logout', headers: { cookie } })).statusCode).toBe(
      200,
    );
  });

  it('answers Traffic Ops’ fields, newest first, with the acting user', async () => {
    const entries = await logs('admin');
    expect(Object.keys(entries[0])).toEqual(['id', 'lastUpdated', 'level', 'message', 'ticketNum', 'user']);
    const origin = entries.find((e) => e.message.startsWith('ORIGIN: logged-origin'));
    expect(origin).toMatchObject({ level: 'APICHANGE', user: 'admin', ticketNum: null });
    expect(origin?.message).toMatch(/^ORIGIN: logged-origin, ID: \d+, ACTION: Created origin, keys: \{ id:\d+ \}$/);
    expect(origin?.lastUpdated).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\+00$/);
    const ids = entries.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('logs purges, users, profile and password changes, logins and logouts, and the import', async () => {
    const all = messages(await logs('admin'));
    expect(all).toContainEqual(
      expect.stringMatching(
        /^DS: ds2, ID: \d+, ACTION: Created content invalidation job #\d+: .*\/logged\/\.\*\\\.jpg \(TTL 2h\)$/,
      ),
    );
    expect(all).toContainEqual(
      expect.stringMatching(/^USER: logged_user, ID: \d+, ACTION: Created user, keys: \{ id:\d+ \}$/),
    );
    expect(all).toContainEqual(
      expect.stringMatching(/^USER: ro_user, ID: \d+, ACTION: Updated own profile and changed own password$/),
    );
    expect(all.some((m) => m.startsWith('SNAPSHOT: ACTION: Imported snapshot'))).toBe(true);
    const sessions = (await logs('admin')).filter((e) => e.level === 'LOGIN' && e.user === 'ops_user');
    expect(messages(sessions)).toEqual([
      expect.stringMatching(/^USER: ops_user, ID: \d+, ACTION: Logged out$/),
      expect.stringMatching(/^USER: ops_user, ID: \d+, ACTION: Logged in$/),
    ]);
  });

  it('never holds a secret', async () => {
    const raw = JSON.stringify(t.db.prepare('SELECT * FROM log').all());
    for (const secret of [NEW_PASSWORD, 'L0ggedUserPassw0rd', PASSWORDS.ops_user, '$scrypt', 'mojolicious']) {
      expect(raw).not.toContain(secret);
    }
  });

  it('logs a refused write not at all', async () => {
    const before = (await logs('admin')).length;
    const dup = await as('admin', 'POST', '/api/1.3/origins', {
      name: 'logged-origin',
      fqdn: 'again.example.test',
      protocol: 'http',
      deliveryServiceId: t.ids.deliveryServices.ds1,
    });
    expect(dup.statusCode).toBe(400);
    expect((await logs('admin')).length).toBe(before);
  });

  it('filters by username, limit and days, and refuses bad numbers', async () => {
    expect(new Set((await logs('admin', '?username=tenanta_user')).map((e) => e.user))).toEqual(
      new Set(['tenanta_user']),
    );
    expect(await logs('admin', '?limit=2')).toHaveLength(2);
    expect(await logs('admin', '?days=0')).toEqual([]);
    for (const bad of ['days=x', 'limit=-1', 'days=1.5']) {
      const res = await as('admin', 'GET', `/api/1.1/logs?${bad}`);
      expect(res.statusCode, bad).toBe(400);
    }
  });
});

describe('tenancy', () => {
  it('shows a tenant-a reader only entries about tenant-a', async () => {
    const seen = messages(await logs('tenanta_admin'));
    expect(seen.some((m) => m.startsWith('DS: ds2,'))).toBe(true);
    for (const hidden of [
      'ORIGIN: logged-origin',
      'USER: logged_user',
      'USER: ro_user',
      'SNAPSHOT:',
      'USER: ops_user',
    ]) {
      expect(
        seen.some((m) => m.startsWith(hidden)),
        hidden,
      ).toBe(false);
    }
  });

  it('counts only visible entries in newcount', async () => {
    const first = await as('tenanta_admin', 'GET', '/api/1.2/logs');
    const seen = String(first.headers['set-cookie']).split(';')[0];
    expect(seen).toMatch(/^last_seen_log=/);
    const count = async (u: Username, cookie: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/1.2/logs/newcount',
        headers: { cookie: `${cookies[u]}; ${cookie}` },
      });
      expect(res.statusCode).toBe(200);
      return (JSON.parse(res.body) as { response: { newLogcount: number } }).response.newLogcount;
    };
    expect(await count('tenanta_admin', seen)).toBe(0);
    t.clock.advance(1000);
    await as('admin', 'DELETE', `/api/1.3/origins?id=${t.ids.origins.root}`);
    await as('tenanta_user', 'POST', '/api/1.2/user/current/jobs', {
      dsId: t.ids.deliveryServices.ds2,
      regex: '/x/.*',
      startTime: START,
      ttl: 1,
    });
    expect(await count('tenanta_admin', seen)).toBe(1);
    expect(await count('admin', seen)).toBe(2);
    expect(await count('admin', 'other=1')).toBe(0);
  });
});

describe('one transaction with the write', () => {
  it('stores no write whose entry cannot be appended', async () => {
    const u = await goldenApp();
    try {
      const cookie = await u.session('admin');
      u.db.exec("CREATE TRIGGER refuse_log BEFORE INSERT ON log BEGIN SELECT RAISE(ABORT, 'log refused'); END");
      const res = await u.app.inject({
        method: 'POST',
        url: '/api/1.3/origins',
        headers: { cookie },
        payload: {
          name: 'unlogged',
          fqdn: 'unlogged.example.test',
          protocol: 'http',
          deliveryServiceId: u.ids.deliveryServices.ds1,
        },
      });
      expect(res.statusCode).toBe(500);
      expect(u.db.prepare("SELECT count(*) AS n FROM origins WHERE name = 'unlogged'").get()).toEqual({ n: 0 });
      const purge = await u.app.inject({
        method: 'POST',
        url: '/api/1.2/user/current/jobs',
        headers: { cookie },
        payload: { dsId: u.ids.deliveryServices.ds1, regex: '/y/.*', startTime: START, ttl: 1 },
      });
      expect(purge.statusCode).toBe(500);
      expect(u.db.prepare("SELECT count(*) AS n FROM jobs WHERE asset_url LIKE '%/y/.*'").get()).toEqual({ n: 0 });
    } finally {
      await u.close();
    }
  });
});
