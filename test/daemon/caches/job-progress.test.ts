import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTimestamp } from '../../../shared/time.js';
import { cachesApp, type CachesApp } from './helpers.js';
import { revalidateRun, type CacheTransport } from './simulated-cache.js';

/**
 * Issue 33 item 2: a job's progress is its own and never goes backwards. A cache has applied job N once it reported
 * a revalidation pass that started after job N existed; a later job raising reval_pending again does not undo that.
 */

let t: CachesApp;
let cache: CacheTransport;
const CACHES = ['mid1', 'mid2', 'edge1a', 'edge1b', 'edge2a'];

beforeAll(async () => {
  t = await cachesApp();
  cache = async (method, path, body) => {
    const res = await t.call('ort_user', method, path, body);
    return { status: res.statusCode, json: res.json() };
  };
});
afterAll(async () => t?.close());

async function purge(regex: string): Promise<number> {
  const ds1 = (await t.store.deliveryServices.byXmlId('ds1'))!.id;
  const res = await t.call('admin', 'POST', '/api/1.3/user/current/jobs', {
    dsId: ds1,
    regex,
    startTime: formatTimestamp(t.clock.now()),
    ttl: 24,
  });
  expect(res.statusCode, res.body).toBe(200);
  return Number(res.json().response.id);
}

const tiers = async (job: number) => {
  const body = (await t.call('ro_user', 'GET', `/api/1.3/jobs/${job}/propagation`)).json().response;
  return body.tiers
    .map((x: { tier: string; applied: number; total: number }) => `${x.tier} ${x.applied}/${x.total}`)
    .join(', ');
};

async function applyEverywhere(): Promise<void> {
  for (const host of CACHES) {
    t.clock.advance(1000);
    expect(['applied', 'nothing to do']).toContain(await revalidateRun(cache, host));
  }
}

describe('job progress is per job and monotonic', () => {
  it('job 8 stays applied everywhere after job 9 raises reval_pending on the same CDN', async () => {
    const first = await purge('/first/.*');
    await applyEverywhere();
    expect(await tiers(first)).toBe('MID 2/2, EDGE 3/3');
    t.clock.advance(1000);
    const second = await purge('/second/.*');
    expect(await tiers(second)).toBe('MID 0/2, EDGE 0/3');
    expect(await tiers(first)).toBe('MID 2/2, EDGE 3/3');
    t.clock.advance(1000);
    expect(await revalidateRun(cache, 'mid1')).toBe('applied');
    expect(await tiers(second)).toBe('MID 1/2, EDGE 0/3');
    expect(await tiers(first)).toBe('MID 2/2, EDGE 3/3');
  });

  it('a pass that started before a job existed does not count for it, and an older pass never undoes a newer one', async () => {
    await applyEverywhere();
    // mid1's pass reads its state: the answer says when the daemon took that read.
    const read = await t.call('ort_user', 'GET', '/api/1.3/servers/mid1/update_status');
    const passStart = Number(read.headers['x-cdnctl-read-time']);
    expect(passStart).toBe(t.clock.now());
    t.clock.advance(1000);
    const late = await purge('/late/.*');
    t.clock.advance(1000);
    // mid1's pass read before the job existed: it reports that start with its check-in.
    const report = await t.call('ort_user', 'POST', '/api/1.3/servers/mid1/update', {
      reval_updated: false,
      reval_started: String(passStart),
    });
    expect(report.statusCode, report.body).toBe(200);
    expect(await tiers(late)).toBe('MID 0/2, EDGE 0/3');
    t.clock.advance(1000);
    const newer = await t.call('ort_user', 'POST', '/api/1.3/servers/mid1/update', {
      reval_updated: false,
      reval_started: String(t.clock.now() - 500),
    });
    expect(newer.statusCode).toBe(200);
    expect(await tiers(late)).toBe('MID 1/2, EDGE 0/3');
    // A report of an even older pass arriving now does not take the cache back.
    const stale = await t.call('ort_user', 'POST', '/api/1.3/servers/mid1/update', {
      reval_updated: false,
      reval_started: formatTimestamp(passStart),
    });
    expect(stale.statusCode).toBe(200);
    expect(await tiers(late)).toBe('MID 1/2, EDGE 0/3');
  });

  it('a reval_started that is no time is a 400 naming the field', async () => {
    const bad = await t.call('ort_user', 'POST', '/api/1.3/servers/mid1/update', {
      reval_updated: false,
      reval_started: 'yesterday',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().alerts[0].text).toBe("'reval_started' must be a time (RFC 3339, an HTTP date or epoch ms)");
  });
});
