import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OriginStore } from '../../../daemon/store/origins.js';
import { makeApp, type TestApp } from '../../helpers/app.js';
import { loadFixtures, loginAll, type Fixture, type UserKey } from '../origins/fixtures.js';

/** A budget of 60 KB: answers above 15 KB are kept gzip-only. */
const BUDGET = 60_000;
let dir: string;
let t: TestApp;
let f: Fixture;
let cookies: Record<UserKey, string>;
/** How many times GET origins read its list from the store. */
let computations = 0;
/** Makes the next computation fail (as a fault of the store would). */
let failNext = false;
let plainBytes = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cdnctl-large-'));
  t = await makeApp({ dbFile: join(dir, 'cdnctl.db'), responseCacheBytes: BUDGET });
  f = await loadFixtures(t.db, t.clock.now());
  cookies = await loginAll(t.app);
  const insert = t.db.prepare(
    `INSERT INTO origins (name, fqdn, protocol, deliveryservice_id, tenant_id, last_updated) VALUES (?, ?, 'http', ?, NULL, ?)`,
  );
  t.db.transaction(() => {
    for (let i = 0; i < 400; i++) insert.run(`bulk-${i}`, `bulk-${i}.example.test`, f.ds1, t.clock.now());
  })();
  const origins = t.store.origins;
  const list = origins.listJson.bind(origins);
  const slowList: OriginStore['listJson'] = async (query, before, after) => {
    computations++;
    // Long enough for every request of a burst to arrive while the first computes.
    await new Promise((resolve) => setTimeout(resolve, 30));
    if (failNext) {
      failNext = false;
      throw new Error('the store failed');
    }
    return list(query, before, after);
  };
  origins.listJson = slowList;
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, gzip: boolean) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { cookie: cookies.admin, ...(gzip ? { 'accept-encoding': 'gzip' } : {}) },
  });
const names = (json: string) => (JSON.parse(json).response as { name: string }[]).map((o) => o.name);

describe('large answers', () => {
  it('computes a large answer once for a burst of requests, and hands it to every one of them', async () => {
    computations = 0;
    const burst = await Promise.all(Array.from({ length: 16 }, (_, i) => get('/api/1.3/origins', i % 2 === 0)));
    expect(computations).toBe(1);
    const plain = burst[1].body;
    plainBytes = Buffer.byteLength(plain);
    expect(plainBytes).toBeGreaterThan(BUDGET);
    expect(names(plain)).toHaveLength(403);
    for (const [i, res] of burst.entries()) {
      expect(res.statusCode).toBe(200);
      if (i % 2 === 0) {
        expect(res.headers['content-encoding']).toBe('gzip');
        expect(gunzipSync(res.rawPayload).toString()).toBe(plain);
      } else {
        expect(res.headers['content-encoding']).toBeUndefined();
        expect(res.body).toBe(plain);
      }
    }
  });

  it('keeps an answer larger than the whole budget in its gzip form, and serves it from there', async () => {
    computations = 0;
    const zipped = await get('/api/1.3/origins', true);
    const plain = await get('/api/1.3/origins', false);
    expect(computations).toBe(0);
    expect(zipped.rawPayload.length).toBeLessThan(BUDGET);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    expect(Buffer.byteLength(plain.body)).toBe(plainBytes);
  });

  it('streams the decompressed answer over HTTP to a client without gzip', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const answer = await new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
      (resolve, reject) => {
        const req = httpRequest(`${address}/api/1.3/origins`, { headers: { cookie: cookies.admin } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
          );
          res.on('error', reject);
        });
        req.on('error', reject);
        req.end();
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['content-type']).toMatch(/application\/json/);
    expect(answer.headers.vary).toMatch(/Accept-Encoding/);
    expect(names(answer.body)).toHaveLength(403);
  });

  it('lets one waiting request compute, not each, when the computation they waited for failed', async () => {
    computations = 0;
    failNext = true;
    const url = `/api/1.3/origins?deliveryservice=${f.ds1}`;
    const burst = await Promise.all(Array.from({ length: 8 }, () => get(url, true)));
    expect(burst.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 500]);
    expect(computations).toBe(2);
  });

  it('shows a write to what the answer is built from in the next answer', async () => {
    t.db
      .prepare(
        `INSERT INTO origins (name, fqdn, protocol, deliveryservice_id, tenant_id, last_updated) VALUES ('late', 'late.example.test', 'http', ?, NULL, ?)`,
      )
      .run(f.ds2, t.clock.now());
    const res = await get('/api/1.3/origins', true);
    expect(names(gunzipSync(res.rawPayload).toString())).toContain('late');
  });
});
