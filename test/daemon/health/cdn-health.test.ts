import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachStore } from '../../helpers/store-kinds.js';
import { snapshotApp } from '../topology/cdn-snapshot-setup.js';
import { errors, type TopologyApp, type Who } from '../topology/helpers.js';

const VERSIONS = ['1.1', '1.3', '1.5'] as const;
const NOTHING = { totalOffline: 0, totalOnline: 0, cachegroups: null };

/*
 * Issue 35: what the health monitors publish (POST cdns/:name/health/report, ours) and Traffic Ops' health reads
 * answered from it (cdns/health, cdns/:name/health, deliveryservices/:id/health), with isAvailable on the server
 * records. cdn1: edge1a and edge2a are its REPORTED EDGE caches, edge1b is ONLINE, mid1/mid2 its MIDs.
 */
eachStore((kind) => {
  let t: TopologyApp;
  beforeAll(async () => {
    t = await snapshotApp(kind);
  }, 180_000);
  afterAll(async () => t?.close());

  const report = (who: Who, body: unknown, cdn = 'cdn1') =>
    t.call(who, 'POST', `/api/1.3/cdns/${cdn}/health/report`, body);
  const states = (caches: Record<string, boolean>) =>
    Object.fromEntries(Object.entries(caches).map(([h, a]) => [h, { isAvailable: a }]));
  const availability = async (host: string) => {
    const res = await t.call('ro_user', 'GET', `/api/1.3/servers?hostName=${host}`);
    return (res.body.response as Array<{ isAvailable: boolean | null }>)[0].isAvailable;
  };

  describe('before any monitor reported', () => {
    it('the health reads answer zeros and null cache groups, at every version; servers carry isAvailable null', async () => {
      for (const v of VERSIONS) {
        for (const path of ['cdns/health', 'cdns/cdn1/health', 'cdns/nope/health', 'cdns/cdn1/health.json']) {
          const res = await t.call('ro_user', 'GET', `/api/${v}/${path}`);
          expect(res.status, `${v} ${path}`).toBe(200);
          expect(res.body).toEqual({ response: NOTHING });
        }
      }
      expect(await availability('edge1a')).toBeNull();
    });
  });

  describe('a report', () => {
    it('records the caches of the CDN it names, skips others, and the reads count the REPORTED EDGE caches', async () => {
      const res = await report('ops_user', {
        monitor: 'mon1',
        caches: states({ edge1a: false, edge2a: true, mid1: false, nope: false }),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toEqual({
        alerts: [{ level: 'success', text: 'health of 3 caches of cdn1 recorded.' }],
        response: { cdn: 'cdn1', monitor: 'mon1', recorded: ['edge1a', 'edge2a', 'mid1'] },
      });
      expect(await availability('edge1a')).toBe(false);
      expect(await availability('edge2a')).toBe(true);
      expect(await availability('edge1b')).toBeNull();
      const expected = {
        totalOffline: 1,
        totalOnline: 1,
        cachegroups: [
          { offline: 1, online: 0, name: 'edge-cg1' },
          { offline: 0, online: 1, name: 'edge-cg2' },
        ],
      };
      for (const path of ['cdns/health', 'cdns/cdn1/health'])
        expect((await t.call('ro_user', 'GET', `/api/1.5/${path}`)).body.response).toEqual(expected);
    });

    it("a delivery service's health counts a cache reported down as offline", async () => {
      const ds1 = (await t.store.deliveryServices.byXmlId('ds1'))!.id;
      const res = await t.call('ro_user', 'GET', `/api/1.3/deliveryservices/${ds1}/health`);
      expect(res.body.response).toEqual({
        totalOffline: 1,
        totalOnline: 1,
        cachegroups: [{ offline: 1, online: 1, name: 'edge-cg1' }],
      });
    });

    it('a later report replaces the earlier judgement', async () => {
      expect((await report('admin', { monitor: 'mon2', caches: states({ edge1a: true }) })).status).toBe(200);
      expect(await availability('edge1a')).toBe(true);
      const res = await t.call('ro_user', 'GET', '/api/1.3/cdns/cdn1/health');
      expect(res.body.response).toMatchObject({ totalOffline: 0, totalOnline: 2 });
    });
  });

  describe('refusals', () => {
    it.each([
      [{ caches: {} }, "'monitor' cannot be blank"],
      [{ monitor: ' ', caches: {} }, "'monitor' cannot be blank"],
      [{ monitor: 'mon1' }, "'caches' must be an object of host name to {isAvailable}"],
      [{ monitor: 'mon1', caches: [] }, "'caches' must be an object of host name to {isAvailable}"],
      [{ monitor: 'mon1', caches: { edge1a: true } }, "'caches' must be an object of host name to {isAvailable}"],
      [
        { monitor: 'mon1', caches: { edge1a: { isAvailable: 'yes' } } },
        "'caches' must be an object of host name to {isAvailable}",
      ],
      [null, "'monitor' cannot be blank"],
    ])('400 for %j', async (body, text) => {
      const res = await report('ops_user', body);
      expect(res.status).toBe(400);
      expect(errors(res)).toEqual([text]);
    });

    it('an unknown CDN is 404 CDN not found', async () => {
      const res = await report('ops_user', { monitor: 'mon1', caches: {} }, 'nope');
      expect(res.status).toBe(404);
      expect(errors(res)).toEqual(['CDN not found']);
    });

    it('read-only and portal callers may not report (403); nothing changes', async () => {
      for (const who of ['ro_user', 'portal_user'] as const) {
        const res = await report(who, { monitor: 'mon1', caches: states({ edge1a: false }) });
        expect(res.status).toBe(403);
      }
      expect(await availability('edge1a')).toBe(true);
    });

    it("a tenant's caller records only the caches its tenants see (edge1a), the others are skipped", async () => {
      const res = await report('tenanta_user', { monitor: 'mon1', caches: states({ edge1a: false, edge2a: false }) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((res.body.response as { recorded: string[] }).recorded).toEqual(['edge1a']);
      expect(await availability('edge2a')).toBe(true);
      expect(await availability('edge1a')).toBe(false);
    });
  });
});
