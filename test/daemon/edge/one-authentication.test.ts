import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from '../../helpers/app.js';
import { call } from '../origins/client.js';
import { loadFixtures, loginAll, type Fixture, type UserKey } from '../origins/fixtures.js';

/**
 * A cached GET that misses passes the front door (daemon/edge/front-door.ts) and then Fastify's route hook: the
 * front door's session lookup is handed on, so the request reads its session once, not once in each.
 */

const REGEX = '/api/1.2/cdns/cdn1/configfiles/ats/regex_revalidate.config';

let t: TestApp;
let f: Fixture;
let cookies: Record<UserKey, string>;
let base: string;
/** Session lookups in the store since the last reset. */
let lookups = 0;

beforeAll(async () => {
  t = await makeApp();
  f = await loadFixtures(t.db, t.clock.now());
  cookies = await loginAll(t.app);
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  const sessions = t.store.sessions;
  const find = sessions.find.bind(sessions);
  sessions.find = async (...args) => (lookups++, find(...args));
});
afterAll(async () => {
  await t.close();
});

/** One GET over HTTP (through the front door) and the session lookups it made. */
async function get(url: string, cookie: string): Promise<{ status: number; body: string; lookups: number }> {
  lookups = 0;
  const res = await request(`${base}${url}`, { headers: { cookie } });
  const body = await res.body.text();
  return { status: res.statusCode, body, lookups };
}

async function purge(regex: string): Promise<void> {
  const startTime = new Date(t.clock.now()).toISOString().replace('T', ' ').slice(0, 19);
  const res = await call(t.app, 'POST', '/api/1.2/user/current/jobs', cookies.admin, {
    dsId: f.ds1,
    regex,
    ttl: 24,
    startTime,
  });
  expect(res.status, res.raw).toBe(200);
}

describe('a cached GET reads its session once', () => {
  it('on a miss of a URL the front door knows, and on the hit after it', async () => {
    expect((await get(REGEX, cookies.admin)).status).toBe(200);
    await purge('/once/.*\\.png');
    const miss = await get(REGEX, cookies.admin);
    expect(miss.status).toBe(200);
    expect(miss.body).toContain('/once/');
    expect(miss.lookups).toBe(1);
    const hit = await get(REGEX, cookies.admin);
    expect(hit.body).toBe(miss.body);
    expect(hit.lookups).toBe(1);
  });

  it('for a caller whose answer is not kept yet, while a bad cookie still gets 401', async () => {
    const url = '/api/1.3/origins';
    expect((await get(url, cookies.admin)).status).toBe(200);
    const refused = await get(url, 'mojolicious=not-a-session');
    expect(refused.status).toBe(401);
    await purge('/again/.*\\.png');
    const reader = await get(url, cookies.ro);
    expect(reader.status).toBe(200);
    expect(reader.lookups).toBe(1);
  });
});
