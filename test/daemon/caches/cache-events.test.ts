import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTimestamp } from '../../../shared/time.js';
import type { CacheMap, CacheMapChange } from '../../../shared/contract/cache-map.js';
import { applyMapChange } from '../../../shared/contract/cache-map.js';
import { existingCacheEventHub } from '../../../daemon/services/caches/cache-events.js';
import { eachStore } from '../../helpers/store-kinds.js';
import { HttpClient } from '../../../shared/client/http.js';
import { watchCacheMap } from '../../../shared/client/cache-map.js';
import { NotLoggedIn } from '../../../shared/client/errors.js';
import { openEventStream, type EventStream } from '../../helpers/sse.js';
import { cachesApp, type CachesApp, type Who } from './helpers.js';
import { revalidateRun, type CacheTransport } from './simulated-cache.js';

/**
 * GET caches/events (issue 33, the live CDN map): as JSON the map now; as text/event-stream a snapshot, then only
 * what changed, noticed by ONE timer per daemon (Store.dataVersion) whatever the number of open streams. The
 * servers list's privilege and tenancy.
 */

let t: CachesApp;
let base: string;
let cache: CacheTransport;

const tree = (map: CacheMap) =>
  map.cachegroups.map(
    (g) => `${g.name}:${g.tier}<${map.cachegroups.find((p) => p.id === g.parentCachegroupId)?.name ?? '-'}`,
  );
const hosts = (map: CacheMap) => map.caches.map((c) => c.hostName);

/** The app's hub (one per daemon, found by its store). */
const hubOf = () => existingCacheEventHub(t.store)!;

eachStore((kind) => {
  beforeAll(async () => {
    t = await cachesApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    cache = async (method, path, body) => {
      const res = await t.call('ort_user', method, path, body);
      return { status: res.statusCode, json: res.json() };
    };
  });
  afterAll(async () => t?.close());

  const stream = (who: Who, version = '1.3') =>
    openEventStream(`${base}/api/${version}/caches/events`, { cookie: t.cookie[who] });
  const parse = <T>(data: string) => JSON.parse(data) as T;

  describe('GET caches/events as JSON', () => {
    it('answers the map: cache groups by tier (MID over EDGE), each cache with its health and pending work', async () => {
      for (const version of ['1.1', '1.3', '1.5']) {
        const res = await t.call('ro_user', 'GET', `/api/${version}/caches/events`);
        expect(res.statusCode, res.body).toBe(200);
        const map = res.json().response as CacheMap;
        expect(tree(map)).toEqual(['edge-cg1:EDGE<mid-cg', 'edge-cg2:EDGE<mid-cg', 'mid-cg:MID<-']);
        expect(hosts(map)).toEqual(['edge1a', 'edge1b', 'edge2a', 'edge2b', 'edge2c', 'mid1', 'mid2']);
        // None has checked in: every one is overdue; no purge runs.
        expect(new Set(map.caches.map((c) => c.health))).toEqual(new Set(['overdue']));
        expect(map.jobs).toEqual([]);
        expect(map.checkInIntervalMinutes).toBe(15);
      }
    });

    it('shows a caller of another tenant only the caches of its delivery services (and their CDN’s MIDs)', async () => {
      const map = (await t.call('tenanta_user', 'GET', '/api/1.3/caches/events')).json().response as CacheMap;
      expect(hosts(map)).toEqual(['edge1a', 'edge1b', 'mid1', 'mid2']);
      expect(tree(map)).toEqual(['edge-cg1:EDGE<mid-cg', 'mid-cg:MID<-']);
    });

    it('refuses a caller without a session', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/1.3/caches/events' });
      expect(res.statusCode).toBe(401);
      const streamed = await openEventStream(`${base}/api/1.3/caches/events`);
      expect(streamed.response.statusCode).toBe(401);
      streamed.close();
    });
  });

  describe("the CLI's client on the stream (the terminal's caches screen)", () => {
    it('hears the snapshot, then a change when a cache is queued; ends when aborted', async () => {
      const http = new HttpClient({ baseUrl: base, version: '1.3', cookie: t.cookie.admin });
      const heard: number[] = [];
      const stop = new AbortController();
      let count = 0;
      const woke: Array<() => void> = [];
      const next = (n: number) => new Promise<void>((resolve) => (count >= n ? resolve() : woke.push(resolve)));
      const following = watchCacheMap(
        http,
        () => {
          heard.push(++count);
          woke.splice(0).forEach((f) => f());
        },
        stop.signal,
      );
      await next(1);
      await t.store.serverFlags.setUpdPending({ hostName: 'edge2b' }, null, true, t.clock.now());
      await next(2);
      stop.abort();
      await following;
      expect(heard.slice(0, 2)).toEqual([1, 2]);
      await t.store.serverFlags.setUpdPending({ hostName: 'edge2b' }, null, false, t.clock.now());
      await http.close();
    });

    it('without a session rejects as a JSON call would', async () => {
      const http = new HttpClient({ baseUrl: base, version: '1.3' });
      await expect(watchCacheMap(http, () => undefined, new AbortController().signal)).rejects.toBeInstanceOf(
        NotLoggedIn,
      );
      await http.close();
    });
  });

  describe('GET caches/events as an event stream', () => {
    let admin: EventStream;
    let tenantA: EventStream;

    afterAll(() => {
      admin?.close();
      tenantA?.close();
    });

    it('sends the snapshot first, to each caller its own', async () => {
      admin = await stream('admin');
      tenantA = await stream('tenanta_user');
      expect(admin.response.statusCode).toBe(200);
      expect(admin.response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      const first = await admin.next(() => true);
      expect(first.event).toBe('snapshot');
      expect(hosts(parse<CacheMap>(first.data))).toHaveLength(7);
      expect(hosts(parse<CacheMap>((await tenantA.next(() => true)).data))).toEqual([
        'edge1a',
        'edge1b',
        'mid1',
        'mid2',
      ]);
    });

    it('pushes a purge, then MID then EDGE applying it, sending only what changed', async () => {
      let map = parse<CacheMap>(admin.events[0].data);
      const ds1 = (await t.store.deliveryServices.byXmlId('ds1'))!.id;
      const from = admin.events.length;
      const created = await t.call('admin', 'POST', '/api/1.3/user/current/jobs', {
        dsId: ds1,
        regex: '/live/.*',
        startTime: formatTimestamp(t.clock.now()),
        ttl: 24,
      });
      expect(created.statusCode, created.body).toBe(200);
      const jobId = Number(created.json().response.id);
      const purge = await admin.next((e) => e.event === 'change' && e.data.includes('"jobs":[{'), from);
      const change = parse<CacheMapChange>(purge.data);
      expect(change.jobs.map((j) => [j.id, j.assetUrl.endsWith('/live/.*'), j.tiers])).toEqual([
        [
          jobId,
          true,
          [
            { tier: 'MID', total: 2, applied: 0 },
            { tier: 'EDGE', total: 3, applied: 0 },
          ],
        ],
      ]);
      map = applyMapChange(map, change);
      expect(map.caches.filter((c) => c.pendingJobs.includes(jobId)).map((c) => c.hostName)).toEqual([
        'edge1a',
        'edge1b',
        'edge2a',
        'mid1',
        'mid2',
      ]);
      // Tenant A does not see ds1's job, but sees its caches' revalidation turn pending.
      const seen = await tenantA.next((e) => e.event === 'change');
      expect(parse<CacheMapChange>(seen.data).jobs).toEqual([]);

      // mid1 applies it: one cache changes, and the job's MID count.
      t.clock.advance(1000);
      const before = admin.events.length;
      expect(await revalidateRun(cache, 'mid1')).toBe('applied');
      const mid = parse<CacheMapChange>((await admin.next((e) => e.event === 'change', before)).data);
      expect(mid.caches.map((c) => [c.hostName, c.pendingJobs, c.health])).toEqual([['mid1', [], 'current']]);
      expect(mid.jobs[0].tiers).toEqual([
        { tier: 'MID', total: 2, applied: 1 },
        { tier: 'EDGE', total: 3, applied: 0 },
      ]);
      map = applyMapChange(map, mid);
      for (const host of ['mid2', 'edge1a', 'edge1b', 'edge2a']) {
        t.clock.advance(1000);
        const at = admin.events.length;
        expect(await revalidateRun(cache, host)).toBe('applied');
        map = applyMapChange(map, parse<CacheMapChange>((await admin.next((e) => e.event === 'change', at)).data));
      }
      expect(map.jobs.map((j) => [j.id, j.complete])).toEqual([[jobId, true]]);
      expect(map.caches.filter((c) => c.pendingJobs.length > 0)).toEqual([]);
    });

    it('pushes the monitors’ verdict: a cache they report down turns `down`, and back when they see it again', async () => {
      const report = async (available: boolean) => {
        const at = admin.events.length;
        const res = await t.call('ops_user', 'POST', '/api/1.3/cdns/cdn1/health/report', {
          monitor: 'mon1',
          caches: { edge1a: { isAvailable: available } },
        });
        expect(res.statusCode, res.body).toBe(200);
        const change = parse<CacheMapChange>((await admin.next((e) => e.event === 'change', at)).data);
        return change.caches.map((c) => [c.hostName, c.isAvailable, c.health]);
      };
      expect(await report(false)).toEqual([['edge1a', false, 'down']]);
      expect(await report(true)).toEqual([['edge1a', true, 'current']]);
      const json = (await t.call('ro_user', 'GET', '/api/1.3/caches/events')).json().response as CacheMap;
      expect(json.caches.find((c) => c.hostName === 'edge1a')?.isAvailable).toBe(true);
    });

    it('runs one timer for every open stream, and none once they close', async () => {
      const hub = hubOf();
      const started = hub.stats.timersStarted;
      expect(hub.timerRunning).toBe(true);
      const third = await stream('ops_user');
      await third.next((e) => e.event === 'snapshot');
      expect(hub.streams).toBe(3);
      // The third stream joined the running timer: no new one.
      third.close();
      admin.close();
      tenantA.close();
      await new Promise<void>((resolve) => {
        const check = () => (hub.streams === 0 ? resolve() : setImmediate(check));
        check();
      });
      expect(hub.timerRunning).toBe(false);
      expect(hub.stats.timersStarted).toBe(started);
    });
  });
});
