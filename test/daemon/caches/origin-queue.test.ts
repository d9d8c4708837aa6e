import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { importSnapshot } from '../../../daemon/services/snapshot/import.js';
import { eachStore } from '../../helpers/store-kinds.js';
import { goldenApp, type GoldenApp } from '../security/fixture.js';

/*
 * Issue 32: an origin change queues updates on exactly the caches whose files read its delivery service — the
 * caches assigned to it and the MIDs of their parent and secondary parent cache groups — and on no other cache
 * of the CDN. cdn1 (golden + caches snapshots): mid1, mid2 in mid-cg over edge-cg1 (edge1a, edge1b: ds1, ds2)
 * and edge-cg2 (edge2a, edge2b: ds3; edge2c: none); added here: mid3 in mid-cg2, the secondary parent of
 * edge-cg3 (edge3a: ds3), whose primary parent is mid-cg.
 */

const EXTRA = {
  cachegroups: [
    { name: 'mid-cg2', shortName: 'mid2', type: 'MID_LOC' },
    {
      name: 'edge-cg3',
      shortName: 'edge3',
      type: 'EDGE_LOC',
      parentCachegroup: 'mid-cg',
      secondaryParentCachegroup: 'mid-cg2',
    },
  ],
  servers: [
    ['mid3', 'MID', 'mid-cg2', 'MID_PROFILE1', []],
    ['edge3a', 'EDGE', 'edge-cg3', 'EDGE_PROFILE1', ['ds3']],
  ].map(([hostName, type, cachegroup, profile, deliveryServices]) => ({
    hostName,
    domainName: 'cdn1.example.test',
    ipAddress: '127.0.0.1',
    type,
    status: 'ONLINE',
    cachegroup,
    cdnName: 'cdn1',
    profile,
    deliveryServices,
  })),
};

const HOSTS = ['mid1', 'mid2', 'mid3', 'edge1a', 'edge1b', 'edge2a', 'edge2b', 'edge2c', 'edge3a'];

eachStore((kind) => {
  let t: GoldenApp;
  let ops: string;
  const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: ops }, ...(payload ? { payload } : {}) });
  const queued = async () => {
    const out: string[] = [];
    for (const host of HOSTS) if ((await t.store.servers.byHostName(host, null))!.updPending) out.push(host);
    return out;
  };
  const dsId = async (xmlId: string) => (await t.store.deliveryServices.byXmlId(xmlId))!.id;

  beforeAll(async () => {
    t = await goldenApp({ storeKind: kind });
    await importSnapshot(t.kind === 'sqlite' ? t.db : t.store, EXTRA, { now: t.clock.now() });
    ops = await t.session('ops_user');
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.store.serverFlags.setUpdPending({}, null, false, t.clock.now());
  });

  describe('origin writes queue the caches of their delivery service only', () => {
    it("POST origins on ds1: ds1's EDGEs and the MIDs above them", async () => {
      const res = await call('POST', '/api/1.3/origins', {
        name: 'queue-o1',
        fqdn: 'queue-o1.example.test',
        protocol: 'http',
        deliveryServiceId: await dsId('ds1'),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await queued()).toEqual(['mid1', 'mid2', 'edge1a', 'edge1b']);
    });

    it("PUT origins on ds3: ds3's EDGEs, their primary and secondary parents' MIDs", async () => {
      const created = await call('POST', '/api/1.3/origins', {
        name: 'queue-o3',
        fqdn: 'queue-o3.example.test',
        protocol: 'http',
        deliveryServiceId: await dsId('ds3'),
      });
      const id = (created.json() as { response: { id: number } }).response.id;
      await t.store.serverFlags.setUpdPending({}, null, false, t.clock.now());
      const res = await call('PUT', `/api/1.3/origins?id=${id}`, {
        name: 'queue-o3',
        fqdn: 'queue-o3b.example.test',
        protocol: 'https',
        deliveryServiceId: await dsId('ds3'),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await queued()).toEqual(['mid1', 'mid2', 'mid3', 'edge2a', 'edge2b', 'edge3a']);
      await t.store.serverFlags.setUpdPending({}, null, false, t.clock.now());
      expect((await call('DELETE', `/api/1.3/origins?id=${id}`)).statusCode).toBe(200);
      expect(await queued()).toEqual(['mid1', 'mid2', 'mid3', 'edge2a', 'edge2b', 'edge3a']);
    });

    it('a refused write queues nothing', async () => {
      const res = await call('POST', '/api/1.3/origins', {
        name: 'queue-bad',
        fqdn: 'not a host',
        protocol: 'http',
        deliveryServiceId: await dsId('ds1'),
      });
      expect(res.statusCode).toBe(400);
      expect(await queued()).toEqual([]);
    });
  });
});
