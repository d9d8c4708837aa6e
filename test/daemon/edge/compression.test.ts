import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_GZIP_BYTES, acceptsGzip } from '../../../daemon/edge/compression.js';
import { ResponseCache } from '../../../daemon/edge/response-cache.js';
import { makeApp, type TestApp } from '../../helpers/app.js';
import { call } from '../origins/client.js';
import { loadFixtures, loginAll, type Fixture, type UserKey } from '../origins/fixtures.js';

describe('acceptsGzip', () => {
  it.each([
    ['gzip', true],
    ['gzip, deflate, br', true],
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', true],
    ['x-gzip', true],
    ['*', true],
    ['GZIP', true],
    ['identity', false],
    ['deflate, br', false],
    ['gzip;q=0', false],
    ['*, gzip;q=0', false],
    ['*;q=0', false],
    ['gzip;q=abc', false],
    ['', false],
  ])('%j → %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });

  it('is false without the header', () => {
    expect(acceptsGzip(undefined)).toBe(false);
  });
});

describe('ResponseCache keeps the gzip form beside the answer', () => {
  it('compresses once, counts its bytes in the budget, and answers null when gzip would not be smaller', async () => {
    const cache = new ResponseCache({ maxBytes: 1_000_000, clock: () => 0, dataVersion: async () => 'v' });
    const body = Buffer.from(
      JSON.stringify({ response: Array.from({ length: 200 }, (_, id) => ({ id, name: `origin-${id}` })) }),
    );
    const entry = { version: 'v', body, headers: {}, expiresAt: null };
    cache.put('k', entry);
    const gz = await cache.gzipped('k', entry);
    expect(gz).not.toBeNull();
    expect(gunzipSync(gz!).equals(body)).toBe(true);
    expect(await cache.gzipped('k', entry)).toBe(gz);
    expect(cache.size.bytes).toBe(body.length + gz!.length);

    const tiny = { version: 'v', body: Buffer.from('{}'), headers: {}, expiresAt: null };
    cache.put('t', tiny);
    expect(await cache.gzipped('t', tiny)).toBeNull();
    expect(cache.size.bytes).toBe(body.length + gz!.length + 2);
  });

  it('evicts by the size of both forms', async () => {
    const body = Buffer.from('x'.repeat(600));
    const cache = new ResponseCache({ maxBytes: 1220, largeBytes: 1000, clock: () => 0, dataVersion: async () => 'v' });
    const first = { version: 'v', body, headers: {}, expiresAt: null };
    const second = { version: 'v', body, headers: {}, expiresAt: null };
    cache.put('a', first);
    cache.put('b', second);
    expect(cache.size.entries).toBe(2);
    await cache.gzipped('a', first);
    // 600 + 600 + the gzip of `a` exceeds 1220: the least recently used entry goes.
    expect(cache.size.entries).toBe(1);
    expect(cache.get('a', 'v')).toBeUndefined();
  });
});

describe('GET answers over the API', () => {
  let dir: string;
  let t: TestApp;
  let f: Fixture;
  let cookies: Record<UserKey, string>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cdnctl-gzip-'));
    t = await makeApp({ dbFile: join(dir, 'cdnctl.db') });
    f = await loadFixtures(t.db, t.clock.now());
    cookies = await loginAll(t.app);
    for (let i = 0; i < 8; i++) {
      const created = await call(t.app, 'POST', '/api/1.3/origins', cookies.admin, {
        name: `gz-${i}`,
        fqdn: `gz-${i}.example.test`,
        protocol: 'http',
        deliveryServiceId: f.ds1,
      });
      expect(created.status, created.raw).toBe(200);
    }
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { cookie: cookies.admin, ...headers } });

  it('answers gzip to a client that accepts it, on the first request and from the cache alike', async () => {
    const plain = await get('/api/1.3/origins');
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(MIN_GZIP_BYTES);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);

    // A query not asked yet: the first answer is computed, the second comes from the cache.
    const url = `/api/1.3/origins?deliveryservice=${f.ds1}`;
    for (const _ of ['computed', 'cached']) {
      const zipped = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(zipped.statusCode).toBe(200);
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers.vary).toMatch(/Accept-Encoding/);
      expect(Number(zipped.headers['content-length'])).toBe(zipped.rawPayload.length);
      expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      const names = JSON.parse(gunzipSync(zipped.rawPayload).toString()).response.map((o: { name: string }) => o.name);
      expect(names).toContain('gz-7');
    }
  });

  it('answers as it is to a client that refuses gzip, or for a small answer', async () => {
    const refused = await get('/api/1.3/origins', { 'accept-encoding': 'gzip;q=0, identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(refused.body).response.length).toBeGreaterThan(8);

    const small = await get('/api/1.3/origins?name=gz-3', { 'accept-encoding': 'gzip' });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(MIN_GZIP_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body).response).toHaveLength(1);
  });

  it('never compresses an error', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/1.3/origins', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body).alerts[0].level).toBe('error');
  });

  it('shows a write in the next gzip answer', async () => {
    await get('/api/1.3/origins', { 'accept-encoding': 'gzip' });
    const created = await call(t.app, 'POST', '/api/1.3/origins', cookies.admin, {
      name: 'gz-after',
      fqdn: 'gz-after.example.test',
      protocol: 'http',
      deliveryServiceId: f.ds1,
    });
    expect(created.status, created.raw).toBe(200);
    const zipped = await get('/api/1.3/origins', { 'accept-encoding': 'gzip' });
    expect(
      JSON.parse(gunzipSync(zipped.rawPayload).toString()).response.map((o: { name: string }) => o.name),
    ).toContain('gz-after');
  });
});
