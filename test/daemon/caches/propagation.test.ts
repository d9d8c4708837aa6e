import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERSIONS } from '../../../daemon/versions.js';
import { cachesApp, type CachesApp } from './helpers.js';
import { revalidateRun, syncdsRun, type CacheTransport } from './simulated-cache.js';

let t: CachesApp;
let cache: CacheTransport;
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
    startTime: '2026-11-21 12:00:00',
    ttl: 24,
  });
  expect(res.statusCode, res.body).toBe(200);
  // A pass reported in the job's own millisecond may have read before it: the caches check in a moment later.
  t.clock.advance(1);
  return (await t.store.propagation.jobTarget(Number(res.json().response.id)))!.jobId;
}
const tiers = async (job: number) => {
  const body = (await t.call('ro_user', 'GET', `/api/1.3/jobs/${job}/propagation`)).json().response;
  return body.tiers
    .map((x: { tier: string; applied: number; total: number }) => `${x.tier} ${x.applied}/${x.total}`)
    .join(', ');
};
const revalPending = async () =>
  (await t.store.servers.list({}, null)).filter((s) => s.revalPending).map((s) => s.hostName);

describe('a purge reaches the MID tier before the EDGE tier, step by step', () => {
  it('flags every cache of the CDN but OFFLINE and PRE_PROD ones, then lets EDGEs apply only after their parents', async () => {
    const job = await purge('/videos/.*\\.m3u8');
    expect(await revalPending()).toEqual(['edge1a', 'edge1b', 'edge2a', 'mid1', 'mid2']);
    expect(await tiers(job)).toBe('MID 0/2, EDGE 0/3');

    // Step 1: the EDGEs check in first, and wait: their parent cache group is still pending.
    for (const edge of ['edge1a', 'edge1b', 'edge2a'])
      expect(await revalidateRun(cache, edge)).toBe('waiting for parents');
    t.clock.advance(60_000);
    // Step 2: one MID applies; the EDGEs still wait for the other.
    expect(await revalidateRun(cache, 'mid1')).toBe('applied');
    expect(await tiers(job)).toBe('MID 1/2, EDGE 0/3');
    expect(await revalidateRun(cache, 'edge1a')).toBe('waiting for parents');
    // Step 3: the second MID applies: the MID tier is done.
    expect(await revalidateRun(cache, 'mid2')).toBe('applied');
    expect(await tiers(job)).toBe('MID 2/2, EDGE 0/3');
    // Step 4: now each EDGE group applies.
    expect(await revalidateRun(cache, 'edge1a')).toBe('applied');
    expect(await tiers(job)).toBe('MID 2/2, EDGE 1/3');
    expect(await revalidateRun(cache, 'edge2a')).toBe('applied');
    expect(await revalidateRun(cache, 'edge1b')).toBe('applied');
    expect(await revalidateRun(cache, 'edge1b')).toBe('nothing to do');
    const done = (await t.call('ro_user', 'GET', `/api/1.3/jobs/${job}/propagation`)).json().response;
    expect(done).toMatchObject({ complete: true, deliveryService: 'ds1', cdnName: 'cdn1', checkInIntervalMinutes: 15 });
    expect(await revalPending()).toEqual([]);
  });

  it('syncds waits the same way for queued updates of the parent tier', async () => {
    const cdn = (await t.store.cdns.byName('cdn1'))!.id;
    await t.call('ops_user', 'POST', `/api/1.3/cdns/${cdn}/queue_update`, { action: 'queue' });
    expect(await syncdsRun(cache, 'edge2a')).toBe('waiting for parents');
    expect(await syncdsRun(cache, 'mid1')).toBe('applied');
    expect(await syncdsRun(cache, 'mid2')).toBe('applied');
    expect(await syncdsRun(cache, 'edge2a')).toBe('applied');
    expect((await t.store.servers.byHostName('edge2a', null))!.updPending).toBe(false);
  });
});

describe('GET jobs/:id/propagation at every version', () => {
  it.each(VERSIONS)(
    '%s: per tier, the pending caches and the overdue ones (no check-in for 2 × the interval)',
    async (v) => {
      const job = await purge(`/overdue-${v}`);
      await revalidateRun(cache, 'mid1');
      await revalidateRun(cache, 'mid2');
      await revalidateRun(cache, 'edge1a');
      t.clock.advance(31 * 60_000);
      await revalidateRun(cache, 'edge1b');
      const res = await t.call('ro_user', 'GET', `/api/${v}/jobs/${job}/propagation`);
      expect(res.statusCode).toBe(200);
      expect(res.json().response.tiers).toEqual([
        { tier: 'MID', total: 2, applied: 2, pending: 0, pendingHosts: [], overdue: [], unavailable: [] },
        {
          tier: 'EDGE',
          total: 3,
          applied: 2,
          pending: 1,
          pendingHosts: ['edge2a'],
          overdue: ['edge2a'],
          unavailable: [],
        },
      ]);
      expect(res.json().response.complete).toBe(false);
      await revalidateRun(cache, 'edge2a');
    },
  );

  it('an unknown job is 404', async () => {
    const res = await t.call('ro_user', 'GET', '/api/1.3/jobs/99999/propagation');
    expect([res.statusCode, res.json().alerts[0].text]).toEqual([404, 'job 99999 not found']);
  });
});
