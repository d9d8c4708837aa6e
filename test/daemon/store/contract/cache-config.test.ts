import { afterAll, beforeAll, expect, it } from 'vitest';
import { CONTRACT_FIXTURE } from './fixture.js';
import { describeEachStore, type OpenedStore } from './stores.js';

/*
 * CacheConfigStore (issue 32): the scoped reads of the cache configuration files, on each backend. The fixture's
 * CDN 2 has mid-01 (MID, mid-den) over edge-01 and edge-02 (EDGE, edge-den); ds-acme is on both edges, ds-video
 * on edge-01.
 */

describeEachStore('cache config reads', (kind) => {
  let h: OpenedStore;
  beforeAll(async () => {
    h = await kind.open();
    await h.exec(CONTRACT_FIXTURE);
  }, 30_000);
  afterAll(() => h.close());
  const hosts = (servers: Array<{ hostName: string }>) => servers.map((s) => s.hostName);

  it('serversInCachegroups: the CDN’s servers of those groups, by host name', async () => {
    const c = h.store.cacheConfig;
    expect(hosts(await c.serversInCachegroups(2, [2, 1]))).toEqual(['edge-01', 'edge-02', 'mid-01']);
    expect(hosts(await c.serversInCachegroups(2, [2]))).toEqual(['edge-01', 'edge-02']);
    expect(await c.serversInCachegroups(1, [1, 2])).toEqual([]);
    expect(await c.serversInCachegroups(2, [])).toEqual([]);
  });

  it('cachesInCachegroups: the same servers, with the fields the configuration files read', async () => {
    const c = h.store.cacheConfig;
    const full = await c.serversInCachegroups(2, [2, 1]);
    const light = await c.cachesInCachegroups(2, [2, 1]);
    expect(light).toEqual(
      full.map((s) => ({
        id: s.id,
        hostName: s.hostName,
        domainName: s.domainName,
        tcpPort: s.tcpPort,
        ipAddress: s.ipAddress,
        ip6Address: s.ip6Address,
        type: s.type,
        status: s.status,
        cachegroup: s.cachegroup,
        cachegroupId: s.cachegroupId,
        profile: s.profile,
        profileId: s.profileId,
        cdnName: s.cdnName,
      })),
    );
    expect(hosts(await c.cachesInCachegroups(2, [2]))).toEqual(['edge-01', 'edge-02']);
    expect(await c.cachesInCachegroups(1, [1, 2])).toEqual([]);
    expect(await c.cachesInCachegroups(2, [])).toEqual([]);
  });

  it('deliveryServiceIdsOfServers: each service once, in id order', async () => {
    const c = h.store.cacheConfig;
    expect(await c.deliveryServiceIdsOfServers([3, 2])).toEqual([1, 2]);
    expect(await c.deliveryServiceIdsOfServers([3])).toEqual([1]);
    expect(await c.deliveryServiceIdsOfServers([1])).toEqual([]);
    expect(await c.deliveryServiceIdsOfServers([])).toEqual([]);
  });

  it('firstCache: by host name, of a profile and a tier when named', async () => {
    const c = h.store.cacheConfig;
    expect((await c.firstCache(2, null, null))?.hostName).toBe('edge-01');
    expect((await c.firstCache(2, 'MID_ATS', null))?.hostName).toBe('mid-01');
    expect((await c.firstCache(2, null, 'MID'))?.hostName).toBe('mid-01');
    expect((await c.firstCache(2, 'EDGE_ATS', 'EDGE'))?.hostName).toBe('edge-01');
    expect(await c.firstCache(2, 'MID_ATS', 'EDGE')).toBeNull();
    expect(await c.firstCache(1, null, null)).toBeNull();
  });

  it('serverById, serverByHostName and holdersOf answer the records servers.list answers', async () => {
    const c = h.store.cacheConfig;
    const [edge] = await h.store.servers.list({ hostName: 'edge-01' }, null);
    expect(await c.serverById(2)).toEqual(edge);
    expect(await c.serverByHostName('edge-01')).toEqual(edge);
    expect(await c.serverById(99)).toBeNull();
    expect(await c.serverByHostName('nope')).toBeNull();
    expect(await c.holdersOf(1)).toEqual(await h.store.servers.list({ dsId: 1 }, null));
    expect(await c.holdersOf(3)).toEqual([]);
  });

  it('firstHolder: the first holder by host name, of the CDN, a profile and a tier when named', async () => {
    const c = h.store.cacheConfig;
    const first = (await c.holdersOf(1)).filter((s) => s.cdnId === 2 && s.type.startsWith('EDGE'))[0];
    expect(await c.firstHolder(1, 2, null, 'EDGE')).toEqual(first);
    expect((await c.firstHolder(1, 2, 'EDGE_ATS', null))?.hostName).toBe('edge-01');
    expect((await c.firstHolder(2, 2, null, 'EDGE'))?.hostName).toBe('edge-01');
    expect(await c.firstHolder(1, 2, 'MID_ATS', null)).toBeNull();
    expect(await c.firstHolder(1, 2, null, 'MID')).toBeNull();
    expect(await c.firstHolder(1, 1, null, null)).toBeNull();
    expect(await c.firstHolder(3, 2, null, null)).toBeNull();
  });

  it('holderCachegroupIds: the cache groups of a service’s caches in the CDN, each once', async () => {
    const c = h.store.cacheConfig;
    expect(await c.holderCachegroupIds(1, 2)).toEqual([2]);
    expect(await c.holderCachegroupIds(2, 2)).toEqual([2]);
    expect(await c.holderCachegroupIds(1, 1)).toEqual([]);
    expect(await c.holderCachegroupIds(3, 2)).toEqual([]);
  });
});
