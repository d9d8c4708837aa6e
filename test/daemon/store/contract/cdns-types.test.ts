import { afterAll, beforeAll, expect, it } from 'vitest';
import { CONTRACT_FIXTURE, T0 } from './fixture.js';
import { linguisticCollation } from './reference.js';
import { describeEachStore, type OpenedStore } from './stores.js';

// CDN names whose byte order differs from a linguistic one.
const EXTRA = `
INSERT INTO cdns (id, name, domain_name, dnssec_enabled, last_updated) VALUES
  (3, 'cdn_b', 'b.example.net', 1, ${T0 + 3}), (4, 'Cdn-a', 'a.example.net', 0, ${T0}), (5, 'cdn2', '2.example.net', 0, ${T0});
`;

describeEachStore('CDN and type lookup stores', (kind) => {
  let h: OpenedStore;
  beforeAll(async () => {
    h = await kind.open();
    await linguisticCollation(h, kind);
    await h.exec(CONTRACT_FIXTURE + EXTRA);
  });
  afterAll(() => h.close());

  it('cdns.list answers every CDN ordered by name as bytes', async () => {
    const cdns = await h.store.cdns.list();
    expect(cdns.map((c) => c.name)).toEqual(['ALL', 'Cdn-a', 'cdn1', 'cdn2', 'cdn_b']);
    expect(cdns[4]).toEqual({
      id: 3,
      name: 'cdn_b',
      domainName: 'b.example.net',
      dnssecEnabled: true,
      lastUpdated: T0 + 3,
    });
  });

  it('cdns.byId and byName answer one CDN or null, names matching exactly', async () => {
    expect(await h.store.cdns.byId(2)).toEqual({
      id: 2,
      name: 'cdn1',
      domainName: 'cdn1.example.net',
      dnssecEnabled: false,
      lastUpdated: T0,
    });
    expect(await h.store.cdns.byId(99)).toBeNull();
    expect(await h.store.cdns.byId(2 ** 40)).toBeNull();
    expect((await h.store.cdns.byName('Cdn-a'))?.id).toBe(4);
    expect(await h.store.cdns.byName('cdn-a')).toBeNull();
  });

  it('typeLookup.find answers a type of the given table by id or name, else null', async () => {
    expect(await h.store.typeLookup.find('server', { id: 6 })).toEqual({ id: 6, name: 'EDGE' });
    expect(await h.store.typeLookup.find('cachegroup', { id: 6 })).toBeNull();
    expect(await h.store.typeLookup.find('cachegroup', { name: 'MID_LOC' })).toEqual({ id: 4, name: 'MID_LOC' });
    expect(await h.store.typeLookup.find('server', { name: 'MID_LOC' })).toBeNull();
    expect(await h.store.typeLookup.find('server', { name: 'edge' })).toBeNull();
    expect(await h.store.typeLookup.find('deliveryservice', { id: 99 })).toBeNull();
    expect(await h.store.typeLookup.find('server', { id: 2 ** 40 })).toBeNull();
  });
});
