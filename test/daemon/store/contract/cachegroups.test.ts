import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Cachegroup } from '../../../../daemon/store/cachegroups.js';
import { CONTRACT_FIXTURE, T0 } from './fixture.js';
import { describeEachStore, type OpenedStore } from './stores.js';

const EDGE_DEN: Cachegroup = {
  id: 2,
  name: 'edge-den',
  shortName: 'eden',
  typeId: 3,
  typeName: 'EDGE_LOC',
  latitude: 39.7,
  longitude: -104.9,
  parentCachegroupId: 1,
  parentCachegroupName: 'mid-den',
  secondaryParentCachegroupId: null,
  secondaryParentCachegroupName: null,
  fallbackToClosest: true,
  localizationMethods: [],
  fallbacks: [],
  lastUpdated: T0,
};

describeEachStore('cache groups store', (kind) => {
  let h: OpenedStore;
  beforeAll(async () => {
    h = await kind.open();
    await h.exec(CONTRACT_FIXTURE);
    await h.exec(`INSERT INTO cachegroups (id, name, short_name, type_id, coordinate_id, parent_cachegroup_id, secondary_parent_cachegroup_id, last_updated) VALUES
      (3, 'alpha', 'a', 3, NULL, 2, 1, ${T0 + 1}), (4, 'Zulu', 'z', 4, NULL, NULL, NULL, ${T0 + 2})`);
  }, 30_000);
  afterAll(() => h.close());

  it('list answers whole records, by name in byte order (capitals first)', async () => {
    const all = await h.store.cachegroups.list({});
    expect(all.map((c) => c.name)).toEqual(['Zulu', 'alpha', 'edge-den', 'mid-den']);
    expect(all[2]).toEqual(EDGE_DEN);
    expect(all[1]).toEqual({
      id: 3,
      name: 'alpha',
      shortName: 'a',
      typeId: 3,
      typeName: 'EDGE_LOC',
      latitude: null,
      longitude: null,
      parentCachegroupId: 2,
      parentCachegroupName: 'edge-den',
      secondaryParentCachegroupId: 1,
      secondaryParentCachegroupName: 'mid-den',
      fallbackToClosest: true,
      localizationMethods: [],
      fallbacks: [],
      lastUpdated: T0 + 1,
    });
  });

  it('list filters by id, name and type', async () => {
    const names = async (f: { id?: number; name?: string; type?: number }) =>
      (await h.store.cachegroups.list(f)).map((c) => c.name);
    expect(await names({ id: 1 })).toEqual(['mid-den']);
    expect(await names({ name: 'alpha' })).toEqual(['alpha']);
    expect(await names({ name: 'ALPHA' })).toEqual([]);
    expect(await names({ type: 3 })).toEqual(['alpha', 'edge-den']);
    expect(await names({ type: 3, id: 1 })).toEqual([]);
  });

  it('byId answers one cache group, null for none', async () => {
    expect(await h.store.cachegroups.byId(2)).toEqual(EDGE_DEN);
    expect(await h.store.cachegroups.byId(99)).toBeNull();
  });
});
