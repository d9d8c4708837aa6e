import { afterAll, beforeAll, expect, it } from 'vitest';
import { cachesApp, type CachesApp } from './helpers.js';
import { revalidateRun, type CacheTransport } from './simulated-cache.js';

/*
 * Issue 35: a parent cache the health monitors report down holds no EDGE back, and a job's propagation shows a
 * down cache as unavailable, not pending for ever; reported available again, it is waited for as before.
 */
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

const report = async (caches: Record<string, boolean>) => {
  const body = {
    monitor: 'mon1',
    caches: Object.fromEntries(Object.entries(caches).map(([h, a]) => [h, { isAvailable: a }])),
  };
  const res = await t.call('ops_user', 'POST', '/api/1.3/cdns/cdn1/health/report', body);
  expect(res.statusCode, res.body).toBe(200);
};

it('an EDGE applies a purge while a parent is reported down; the job shows that parent unavailable', async () => {
  const ds1 = (await t.store.deliveryServices.byXmlId('ds1'))!.id;
  const created = await t.call('admin', 'POST', '/api/1.3/user/current/jobs', {
    dsId: ds1,
    regex: '/health/.*',
    startTime: '2026-11-21 12:00:00',
    ttl: 24,
  });
  expect(created.statusCode, created.body).toBe(200);
  const job = Number(created.json().response.id);
  t.clock.advance(1);
  expect(await revalidateRun(cache, 'mid2')).toBe('applied');
  expect(await revalidateRun(cache, 'edge1a')).toBe('waiting for parents');

  await report({ mid1: false, mid2: true, edge1a: true, edge1b: true, edge2a: true });
  expect(await revalidateRun(cache, 'edge1a')).toBe('applied');
  const tiers = (await t.call('ro_user', 'GET', `/api/1.3/jobs/${job}/propagation`)).json().response.tiers;
  expect(tiers[0]).toMatchObject({ tier: 'MID', applied: 1, pending: 0, pendingHosts: [], unavailable: ['mid1'] });
  expect(tiers[1]).toMatchObject({ tier: 'EDGE', applied: 1, pending: 2, unavailable: [] });

  // Back up, the parent is waited for again: its purge is still pending.
  await report({ mid1: true });
  expect(await revalidateRun(cache, 'edge2a')).toBe('waiting for parents');
  const again = (await t.call('ro_user', 'GET', `/api/1.3/jobs/${job}/propagation`)).json().response.tiers;
  expect(again[0]).toMatchObject({ pending: 1, pendingHosts: ['mid1'], unavailable: [] });
});
