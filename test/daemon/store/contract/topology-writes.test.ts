import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CachegroupFields } from '../../../../daemon/store/cachegroups.js';
import { CONTRACT_FIXTURE, T0 } from './fixture.js';
import { describeEachStore, type OpenedStore } from './stores.js';

/** The CDN and cache-group writes of issue 30, the same on both stores. */
describeEachStore('CDN and cache-group writes', (kind) => {
  let h: OpenedStore;
  beforeAll(async () => {
    h = await kind.open();
    await h.exec(CONTRACT_FIXTURE);
  }, 180_000);
  afterAll(() => h.close());

  const entry = (message: string) => ({ message, user: 1, at: T0 + 5 });
  const group = (over: Partial<CachegroupFields> = {}): CachegroupFields => ({
    name: 'edge-new',
    shortName: 'enew',
    typeId: 3,
    latitude: 1,
    longitude: 2,
    parentCachegroupId: 1,
    secondaryParentCachegroupId: null,
    fallbackToClosest: false,
    localizationMethods: ['CZ', 'GEO'],
    fallbackIds: [2],
    ...over,
  });

  it('cdns: insert, update, usage, delete; each with its change-log entry', async () => {
    const fields = { name: 'cdn2', domainName: 'cdn2.example.net', dnssecEnabled: true };
    const id = await h.store.cdns.insert(fields, T0 + 1, (newId) => entry(`created ${newId}`));
    expect(await h.store.cdns.byId(id)).toEqual({ id, ...fields, lastUpdated: T0 + 1 });
    expect(await h.store.cdns.update(id, { ...fields, dnssecEnabled: false }, T0 + 2, entry('updated'))).toBe(true);
    expect(await h.store.cdns.update(999, fields, T0 + 2)).toBe(false);
    expect((await h.store.cdns.byId(id))?.dnssecEnabled).toBe(false);
    expect(await h.store.cdns.usage(2)).toEqual({
      servers: 3,
      deliveryServices: expect.any(Number),
      profiles: 2,
      federations: 1,
    });
    expect(await h.store.cdns.usage(id)).toEqual({ servers: 0, deliveryServices: 0, profiles: 0, federations: 0 });
    expect(await h.store.cdns.delete(id, (ok) => (ok ? entry('deleted') : null))).toBe(true);
    expect(await h.store.cdns.delete(id)).toBe(false);
    const log = await h.store.changeLog.list({ since: 0, limit: 10, visibleTenantIds: null, username: null });
    expect(log.map((e) => e.message)).toEqual(expect.arrayContaining([`created ${id}`, 'updated', 'deleted']));
  });

  it('cachegroups: insert with coordinate, methods and fallbacks; update queues on a parent change; delete', async () => {
    const id = await h.store.cachegroups.insert(group(), T0 + 1);
    expect(await h.store.cachegroups.byId(id)).toMatchObject({
      name: 'edge-new',
      latitude: 1,
      longitude: 2,
      parentCachegroupName: 'mid-den',
      fallbackToClosest: false,
      localizationMethods: ['CZ', 'GEO'],
      fallbacks: ['edge-den'],
    });
    expect(await h.store.cachegroups.update(id, group({ shortName: 'e2' }), T0 + 2)).toEqual({
      found: true,
      queued: [],
    });
    expect(
      await h.store.cachegroups.update(
        2,
        {
          ...group({ name: 'edge-den', shortName: 'eden' }),
          fallbackIds: [],
          secondaryParentCachegroupId: id,
          latitude: null,
        },
        T0 + 3,
      ),
    ).toEqual({
      found: true,
      queued: ['edge-01', 'edge-02'],
    });
    expect(await h.store.cachegroups.update(999, group(), T0)).toEqual({ found: false, queued: [] });
    expect(await h.store.cachegroups.usage(id)).toEqual({
      servers: 0,
      children: 0,
      secondaryChildren: 1,
      asns: 0,
      origins: 0,
    });
    expect(await h.store.cachegroups.typeById(3)).toEqual({ name: 'EDGE_LOC', useInTable: 'cachegroup' });
    expect((await h.store.cachegroups.servers(2)).map((s) => s.hostName)).toEqual(['edge-01', 'edge-02']);
    await h.store.cachegroups.linkParameters([{ cachegroupId: id, parameterId: 1 }], T0 + 4);
    expect((await h.store.cachegroups.parameters(id)).map((p) => p.id)).toEqual([1]);
    expect((await h.store.cachegroups.unassignedParameters(id)).map((p) => p.id)).toEqual([2, 3]);
    expect(await h.store.cachegroups.parameterLinks({ parameter: 1 })).toEqual([
      { cachegroupId: id, cachegroupName: 'edge-new', parameterId: 1, lastUpdated: T0 + 4 },
    ]);
    expect(await h.store.cachegroups.unlinkParameter(id, 1)).toBe(true);
    expect(await h.store.cachegroups.unlinkParameter(id, 1)).toBe(false);
    await h.store.cachegroups.update(
      2,
      { ...group({ name: 'edge-den', shortName: 'eden' }), fallbackIds: [], secondaryParentCachegroupId: null },
      T0 + 5,
    );
    expect(await h.store.cachegroups.delete(id)).toBe(true);
    expect(await h.store.cachegroups.byId(id)).toBeNull();
  });
});
