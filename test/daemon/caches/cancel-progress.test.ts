import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTimestamp } from '../../../shared/time.js';
import { eachStore } from '../../helpers/store-kinds.js';
import { cachesApp, type CachesApp } from './helpers.js';

/*
 * Issue 33, "Beyond the anchors": a cancelled job's rule leaves the caches through the normal control loop, and
 * GET jobs/:id/propagation follows that removal like it followed the job: a cache has dropped the rule once it
 * reported a revalidation pass that started after the cancel; a pass that started before does not count.
 */

const CACHES = ['mid1', 'mid2', 'edge1a', 'edge1b', 'edge2a'];

eachStore((kind) => {
  let t: CachesApp;

  beforeAll(async () => {
    t = await cachesApp(kind);
  }, 60_000);
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

  /** A check-in of a revalidation pass that started at `started` (epoch ms). */
  async function checkIn(host: string, started: number): Promise<void> {
    const res = await t.call('ort_user', 'POST', `/api/1.3/servers/${host}/update`, {
      reval_updated: false,
      reval_started: String(started),
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  async function progress(job: number) {
    const res = await t.call('ro_user', 'GET', `/api/1.3/jobs/${job}/propagation`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().response as {
      cancelledTime?: string;
      complete: boolean;
      tiers: Array<{ tier: string; applied: number; total: number; pendingHosts: string[] }>;
    };
  }
  const tiers = async (job: number) =>
    (await progress(job)).tiers.map((x) => `${x.tier} ${x.applied}/${x.total}`).join(', ');

  describe('the removal of a cancelled job', () => {
    it('counts the caches whose pass started after the cancel, MID then EDGE, until complete', async () => {
      const job = await purge('/cancel-me/.*');
      t.clock.advance(1000);
      for (const host of CACHES) await checkIn(host, t.clock.now());
      expect((await progress(job)).complete).toBe(true);
      expect((await progress(job)).cancelledTime).toBeUndefined();
      t.clock.advance(1000);
      const beforeCancel = t.clock.now();
      t.clock.advance(1000);
      const cancelledAt = t.clock.now();
      const del = await t.call('admin', 'DELETE', `/api/1.4/jobs?id=${job}`);
      expect(del.statusCode, del.body).toBe(200);

      const started = await progress(job);
      expect(started).toMatchObject({
        jobId: job,
        complete: false,
        cancelledTime: `${formatTimestamp(cancelledAt)}+00`,
      });
      expect(await tiers(job)).toBe('MID 0/2, EDGE 0/3');
      t.clock.advance(1000);
      // A pass that read before the cancel still carried the rule: it does not count.
      await checkIn('mid1', beforeCancel);
      expect(await tiers(job)).toBe('MID 0/2, EDGE 0/3');
      await checkIn('mid1', t.clock.now());
      expect(await tiers(job)).toBe('MID 1/2, EDGE 0/3');
      for (const host of CACHES.slice(1)) await checkIn(host, t.clock.now());
      const done = await progress(job);
      expect(await tiers(job)).toBe('MID 2/2, EDGE 3/3');
      expect(done.complete).toBe(true);
      expect(done.tiers.flatMap((x) => x.pendingHosts)).toEqual([]);
    });

    it('a cancelled job of a delivery service the caller cannot see is not found; an unknown id neither', async () => {
      const job = await purge('/hidden-cancel/.*');
      expect((await t.call('admin', 'DELETE', `/api/1.4/jobs?id=${job}`)).statusCode).toBe(200);
      const hidden = await t.call('tenanta_user', 'GET', `/api/1.3/jobs/${job}/propagation`);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().alerts[0].text).toBe(`job ${job} not found`);
      expect((await t.call('ro_user', 'GET', '/api/1.3/jobs/99999/propagation')).statusCode).toBe(404);
    });
  });
});
