import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../daemon/store/sqlite/db.js';
import { makeApp, type TestApp } from '../../helpers/app.js';
import { call } from '../origins/client.js';
import { loadFixtures, loginAll, type Fixture, type UserKey } from '../origins/fixtures.js';

let dir: string;
let t: TestApp;
let f: Fixture;
let cookies: Record<UserKey, string>;
let other: Db;
/** Store reads of the cached answers under test, by name. */
const reads = { origins: 0, users: 0, purges: 0 };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cdnctl-inval-'));
  t = await makeApp({ dbFile: join(dir, 'cdnctl.db') });
  f = await loadFixtures(t.db, t.clock.now());
  cookies = await loginAll(t.app);
  other = openDatabase(join(dir, 'cdnctl.db'));
  const { origins, users, jobs } = t.store;
  const list = origins.listJson.bind(origins);
  origins.listJson = async (...args) => (reads.origins++, list(...args));
  const query = users.queryJson.bind(users);
  users.queryJson = async (...args) => (reads.users++, query(...args));
  const running = jobs.runningPurgesOfCdn.bind(jobs);
  jobs.runningPurgesOfCdn = async (...args) => (reads.purges++, running(...args));
});
afterAll(async () => {
  other.close();
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: { cookie: cookies.admin } });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
};
const REGEX = '/api/1.2/cdns/cdn1/configfiles/ats/regex_revalidate.config';
const purge = async (regex: string) => {
  const startTime = new Date(t.clock.now()).toISOString().replace('T', ' ').slice(0, 19);
  const res = await call(t.app, 'POST', '/api/1.2/user/current/jobs', cookies.admin, {
    dsId: f.ds1,
    regex,
    ttl: 24,
    startTime,
  });
  expect(res.status, res.raw).toBe(200);
};
const warm = async () => {
  for (const url of ['/api/1.3/origins', '/api/1.2/users', REGEX]) await get(url);
  return { ...reads };
};

describe('invalidation by what changed', () => {
  it('keeps origins and users cached across a purge, and renders the config file with the new job', async () => {
    const before = await warm();
    await purge('/by-api/.*\\.png');
    const origins = await get('/api/1.3/origins');
    await get('/api/1.2/users');
    const file = await get(REGEX);
    expect(reads.origins).toBe(before.origins);
    expect(reads.users).toBe(before.users);
    expect(reads.purges).toBe(before.purges + 1);
    expect(file).toContain('/by-api/');
    expect(origins).toContain('"ds1"');
  });

  it('keeps them cached across a purge another process commits, and sees the job', async () => {
    const before = await warm();
    other
      .prepare(
        `INSERT INTO jobs (asset_url, ttl_hours, start_time, entered_time, user_id, deliveryservice_id)
         VALUES ('http://ds1-origin.example.test/by-import/.*', 24, ?, ?, ?, ?)`,
      )
      .run(t.clock.now(), t.clock.now(), f.users.admin, f.ds1);
    await get('/api/1.3/origins');
    await get('/api/1.2/users');
    expect(await get(REGEX)).toContain('/by-import/');
    expect(reads.origins).toBe(before.origins);
    expect(reads.users).toBe(before.users);
  });

  it('drops origin lists, not user lists, when an origin changes', async () => {
    const before = await warm();
    const created = await call(t.app, 'POST', '/api/1.3/origins', cookies.admin, {
      name: 'new-origin',
      fqdn: 'new-origin.example.test',
      protocol: 'http',
      deliveryServiceId: f.ds1,
    });
    expect(created.status, created.raw).toBe(200);
    expect(await get('/api/1.3/origins')).toContain('new-origin');
    await get('/api/1.2/users');
    expect(reads.origins).toBe(before.origins + 1);
    expect(reads.users).toBe(before.users);
  });

  it('drops both when a tenant they show changes', async () => {
    const before = await warm();
    t.db.prepare("UPDATE tenants SET name = 'tenant-a2' WHERE name = 'tenant-a'").run();
    expect(await get('/api/1.3/origins')).toContain('tenant-a2');
    expect(await get('/api/1.2/users')).toContain('tenant-a2');
    expect(reads.origins).toBe(before.origins + 1);
    expect(reads.users).toBe(before.users + 1);
  });

  it('keeps every cached answer across a login', async () => {
    const before = await warm();
    await loginAll(t.app);
    await warm();
    expect(reads).toEqual(before);
  });
});
