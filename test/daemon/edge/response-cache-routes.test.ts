import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserReadRecord } from '../../../shared/contract/users.js';
import { openDatabase, type Db } from '../../../daemon/store/sqlite/db.js';
import { makeApp, type TestApp } from '../../helpers/app.js';
import { httpCaller, type Caller } from '../../helpers/http-call.js';
import { call as injected } from '../origins/client.js';
import { loadFixtures, loginAll, type Fixture, type UserKey } from '../origins/fixtures.js';

const HOUR = 3600_000;

/**
 * Every case runs twice on a fresh daemon each: through Fastify (inject), and over real HTTP, where repeated GETs
 * are answered before Fastify from the cache (front-door.ts) and must stay exactly as current.
 */
describe.each(['inject', 'http'] as const)('response cache over %s', (transport) => {
  let dir: string;
  let t: TestApp;
  let f: Fixture;
  let cookies: Record<UserKey, string>;
  /** A second connection to the same file, as `cdnctl daemon import` beside a running daemon would open. */
  let other: Db;
  let call: Caller;
  let hits: () => number;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cdnctl-cache-'));
    const lines: string[] = [];
    t = await makeApp({
      dbFile: join(dir, 'cdnctl.db'),
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
    });
    f = await loadFixtures(t.db, t.clock.now());
    cookies = await loginAll(t.app);
    other = openDatabase(join(dir, 'cdnctl.db'));
    call = transport === 'inject' ? injected : await httpCaller(t.app);
    hits = () => lines.filter((line) => line.includes('"reqId":"hit-')).length;
  });
  afterAll(async () => {
    other.close();
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const names = async (url: string, who: UserKey = 'admin') => {
    const res = await call(t.app, 'GET', url, cookies[who]);
    expect(res.status, res.raw).toBe(200);
    return (res.body.response as { name?: string; username?: string }[]).map((r) => r.name ?? r.username);
  };
  const insertOrigin = (db: Db, name: string, dsId: number) =>
    db
      .prepare(
        `INSERT INTO origins (name, fqdn, protocol, deliveryservice_id, tenant_id, last_updated)
         VALUES (?, ?, 'http', ?, NULL, ?)`,
      )
      .run(name, `${name}.example.test`, dsId, t.clock.now());

  describe('response cache: answers stay current', () => {
    it('shows a write made through the API in the next GET', async () => {
      expect(await names('/api/1.3/origins')).toEqual(['ds1', 'ds2', 'ds3']);
      const created = await call(t.app, 'POST', '/api/1.3/origins', cookies.admin, {
        name: 'via-api',
        fqdn: 'via-api.example.test',
        protocol: 'http',
        deliveryServiceId: f.ds1,
      });
      expect(created.status, created.raw).toBe(200);
      expect(await names('/api/1.3/origins')).toEqual(['ds1', 'ds2', 'ds3', 'via-api']);
    });

    it("shows a write made on the daemon's own connection outside any route", async () => {
      await names('/api/1.3/origins');
      insertOrigin(t.db, 'same-connection', f.ds3);
      expect(await names('/api/1.3/origins')).toContain('same-connection');
    });

    it('shows a commit by another connection to the database file (an import beside the daemon)', async () => {
      await names('/api/1.3/origins');
      insertOrigin(other, 'other-connection', f.ds3);
      expect(await names('/api/1.3/origins')).toContain('other-connection');
    });

    it('keeps answers apart by version, query and the tenants the caller sees', async () => {
      const all = await names('/api/1.3/origins?deliveryservice=' + f.ds2);
      expect(await names('/api/1.3/origins?deliveryservice=' + f.ds1)).not.toEqual(all);
      const admin = await names('/api/1.3/origins');
      const tenantA = await names('/api/1.3/origins', 'tenanta');
      expect(tenantA).toEqual(['ds2']);
      expect(admin.length).toBeGreaterThan(tenantA.length);
      expect(await names('/api/1.3/origins')).toEqual(admin);
      const users11 = await call<UserReadRecord[]>(t.app, 'GET', '/api/1.1/users', cookies.admin);
      const users12 = await call<UserReadRecord[]>(t.app, 'GET', '/api/1.2/users', cookies.admin);
      expect(users11.body.response[0]).not.toHaveProperty('tenant');
      expect(users12.body.response[0]).toHaveProperty('tenant');
    });
  });

  describe('response cache: concurrent requests', () => {
    it('answers a burst of identical requests alike, each with its own tenancy', async () => {
      const burst = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          call(t.app, 'GET', '/api/1.3/origins', cookies[i % 2 ? 'admin' : 'tenanta']),
        ),
      );
      for (const [i, res] of burst.entries()) {
        expect(res.status).toBe(200);
        expect(res.raw).toBe(burst[i % 2].raw);
      }
      expect(burst[0].raw).not.toBe(burst[1].raw);
    });

    it('lets waiting requests compute for themselves when the first one answers an error', async () => {
      const burst = await Promise.all(
        Array.from({ length: 6 }, () =>
          call(t.app, 'GET', '/api/1.2/cdns/nope/configfiles/ats/regex_revalidate.config', cookies.admin),
        ),
      );
      expect(burst.map((r) => r.status)).toEqual([404, 404, 404, 404, 404, 404]);
    });
  });

  describe('response cache: sessions and privileges are checked on every request', () => {
    it('refuses a cached answer to a request without a session', async () => {
      await names('/api/1.3/origins', 'ro');
      const res = await call(t.app, 'GET', '/api/1.3/origins');
      expect(res.status).toBe(401);
    });

    it('refuses a cached answer once the session has ended', async () => {
      await names('/api/1.2/users', 'portal');
      const out = await call(t.app, 'POST', '/api/1.2/user/logout', cookies.portal);
      expect(out.status).toBe(200);
      expect((await call(t.app, 'GET', '/api/1.2/users', cookies.portal)).status).toBe(401);
    });

    it("refuses a cached answer once the caller's role no longer allows it", async () => {
      await names('/api/1.3/origins', 'ops');
      other
        .prepare(
          "UPDATE users SET role_id = (SELECT id FROM roles WHERE name = 'disallowed') WHERE username = 'ops_user'",
        )
        .run();
      expect((await call(t.app, 'GET', '/api/1.3/origins', cookies.ops)).status).toBe(401);
    });
  });

  describe('response cache: regex_revalidate.config', () => {
    const file = async () => {
      const url = '/api/1.2/cdns/cdn1/configfiles/ats/regex_revalidate.config';
      // A text file: the injected caller would read it as JSON.
      const res =
        transport === 'inject'
          ? await t.app
              .inject({ method: 'GET', url, headers: { cookie: cookies.admin } })
              .then((r) => ({ status: r.statusCode, raw: r.body }))
          : await call(t.app, 'GET', url, cookies.admin);
      expect(res.status, res.raw).toBe(200);
      return res.raw.split('\n');
    };

    it('serves the file rendered first until a listed job runs out, then renders it anew', async () => {
      const start = t.clock.now();
      for (const [regex, ttl] of [
        ['/short/.*', 1],
        ['/long/.*', 48],
      ] as const) {
        const res = await call(t.app, 'POST', '/api/1.2/user/current/jobs', cookies.admin, {
          dsId: f.ds1,
          regex,
          ttl,
          startTime: new Date(start).toISOString().replace('T', ' ').slice(0, 19),
        });
        expect(res.status, res.raw).toBe(200);
      }
      const first = await file();
      expect(first.filter((l) => l.includes('/short/') || l.includes('/long/'))).toHaveLength(2);
      // Half an hour on, nothing it lists has ended: the same file, generation time included (the session's
      // idle deadline moves meanwhile, which is no reason to render again).
      t.clock.advance(HOUR / 2);
      expect(await file()).toEqual(first);
      t.clock.advance(HOUR / 2);
      const later = await file();
      expect(later[0]).not.toEqual(first[0]);
      expect(later.some((l) => l.includes('/short/'))).toBe(false);
      expect(later.some((l) => l.includes('/long/'))).toBe(true);
    });
  });

  // Runs last: over HTTP the repeated GETs above were answered before Fastify; injected requests never are.
  it('answered the repeated GETs before Fastify only over HTTP', () => {
    if (transport === 'http') expect(hits()).toBeGreaterThan(5);
    else expect(hits()).toBe(0);
  });
});
