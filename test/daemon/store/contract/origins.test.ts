import { afterAll, beforeAll, expect, it } from 'vitest';
import { originRecord } from '../../../../daemon/format/origins.js';
import type { Store } from '../../../../daemon/store/index.js';
import type { OriginFields, OriginFilterKey, OriginListQuery } from '../../../../daemon/store/origins.js';
import { CONTRACT_FIXTURE, T0 } from './fixture.js';
import { linguisticCollation, openReference } from './reference.js';
import { describeEachStore, type OpenedStore } from './stores.js';

// Names whose byte order differs from a linguistic one, nullable columns on both sides, and texts JSON must escape.
const ODD = `quote " back \\ nl
tab\t ctl ${'\u0001'}${'\u001f'} é 😀 ${'\u2028'} </script>`;
const EXTRA = `
INSERT INTO origins (id, name, fqdn, protocol, is_primary, port, ip_address, ip6_address, deliveryservice_id, coordinate_id, cachegroup_id, profile_id, tenant_id, last_updated) VALUES
  (10, 'Zeta', 'z.acme.test', 'http', 0, NULL, NULL, NULL, 1, NULL, 2, 2, NULL, ${T0 + 1999}),
  (11, 'alpha', '${ODD.replace(/'/g, "''")}', 'https', 0, 443, '192.0.2.1', NULL, 1, 1, NULL, NULL, 3, ${T0 + 86_400_000}),
  (12, '_under', 'u.acme.test', 'http', 0, 80, NULL, '2001:db8::2', 2, NULL, 1, 3, 2, ${T0 - 1}),
  (13, 'Éclair', 'e.video.test', 'http', 0, NULL, NULL, NULL, 2, 1, 2, NULL, 3, ${T0}),
  (14, 'beta-2', 'b.globex.test', 'http', 0, 8080, NULL, NULL, 3, NULL, NULL, 2, NULL, ${T0}),
  (15, 'beta_2', 'b2.acme.test', 'http', 0, NULL, NULL, NULL, 1, NULL, 1, NULL, 1, ${T0}),
  (16, 'beta2', 'b3.acme.test', 'http', 0, NULL, NULL, NULL, 1, NULL, NULL, NULL, 4, ${T0});
`;

const KEYS: OriginFilterKey[] = [
  'cachegroup',
  'coordinate',
  'deliveryservice',
  'id',
  'name',
  'profileId',
  'primary',
  'tenant',
];
const TENANCIES: (number[] | null)[] = [null, [1, 2, 3, 4], [2, 3], [3], [2], []];
const PAGES: [limit: number, offset: number][] = [
  [-1, 0],
  [2, 1],
  [1, 0],
  [-1, 5],
  [3, 100],
  [0, 0],
];
const FILTERS: OriginListQuery['filters'][] = [
  {},
  { cachegroup: 2 },
  { coordinate: 1 },
  { deliveryservice: 1 },
  { id: 11 },
  { name: 'Éclair' },
  { profileId: 2 },
  { primary: true },
  { primary: false },
  { tenant: 3 },
  { deliveryservice: 1, primary: false, cachegroup: 1 },
  { name: 'nobody' },
];

const query = (over: Partial<OriginListQuery> = {}): OriginListQuery => ({
  filters: {},
  orderBy: 'id',
  descending: false,
  limit: -1,
  offset: 0,
  visibleTenantIds: null,
  ...over,
});

/** Every list variant the contract compares: filters, each order both ways, tenancy, pages. */
function* variants(): Generator<OriginListQuery> {
  for (const orderBy of KEYS) {
    for (const descending of [false, true]) {
      for (const visibleTenantIds of TENANCIES) {
        for (const [limit, offset] of PAGES) yield query({ orderBy, descending, visibleTenantIds, limit, offset });
      }
    }
  }
  for (const filters of FILTERS) {
    for (const visibleTenantIds of [null, [2, 3]]) yield query({ filters, orderBy: 'name', visibleTenantIds });
  }
}

const fields = (over: Partial<OriginFields> = {}): OriginFields => ({
  name: 'new-origin',
  fqdn: 'new.acme.test',
  protocol: 'https',
  port: 8443,
  ipAddress: '192.0.2.99',
  ip6Address: null,
  deliveryServiceId: 1,
  cachegroupId: 2,
  coordinateId: null,
  profileId: 2,
  tenantId: 2,
  ...over,
});

const names = async (store: Store, q: OriginListQuery) => (await store.origins.list(q)).map((o) => o.name);
const BIG = 2 ** 40;
const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

describeEachStore('origins store', (kind) => {
  let h: OpenedStore;
  let reference: Awaited<ReturnType<typeof openReference>>;
  beforeAll(async () => {
    h = await kind.open();
    await linguisticCollation(h, kind);
    await h.exec(CONTRACT_FIXTURE + EXTRA);
    reference = await openReference(CONTRACT_FIXTURE + EXTRA);
  });
  afterAll(async () => {
    await h.close();
    await reference.close();
  });

  it('get answers an origin with the names it refers to joined in, or null', async () => {
    expect(await h.store.origins.get(2)).toEqual({
      id: 2,
      name: 'video-origin',
      fqdn: 'video.acme.test',
      protocol: 'https',
      isPrimary: true,
      port: null,
      ipAddress: '192.0.2.7',
      ip6Address: null,
      deliveryServiceId: 2,
      deliveryService: 'ds-video',
      deliveryServiceTenantId: 3,
      cachegroupId: 1,
      cachegroup: 'mid-den',
      coordinateId: 1,
      coordinate: 'coord-den',
      profileId: 3,
      profile: 'MID_ATS',
      tenantId: 3,
      tenant: 'acme-video',
      lastUpdated: T0,
    });
    expect((await h.store.origins.get(11))?.fqdn).toBe(ODD);
    expect(await h.store.origins.get(999)).toBeNull();
  });

  it('orders names as bytes, NULLs first ascending and last descending, ties by id', async () => {
    const all = await names(h.store, query());
    expect(await names(h.store, query({ orderBy: 'name' }))).toEqual([...all].sort(byteOrder));
    expect(await names(h.store, query({ orderBy: 'name', descending: true }))).toEqual(
      [...all].sort(byteOrder).reverse(),
    );
    const ids = async (q: OriginListQuery) => (await h.store.origins.list(q)).map((o) => o.id);
    expect(await ids(query({ orderBy: 'cachegroup' }))).toEqual([1, 3, 11, 14, 16, 2, 12, 15, 10, 13]);
    expect(await ids(query({ orderBy: 'cachegroup', descending: true }))).toEqual([
      10, 13, 2, 12, 15, 1, 3, 11, 14, 16,
    ]);
    expect(await ids(query({ orderBy: 'primary', descending: true, limit: 3 }))).toEqual([1, 2, 3]);
  });

  it('filters, restricts to visible tenants and pages as SQLite does', async () => {
    expect(await names(h.store, query({ filters: { deliveryservice: 1, primary: false }, orderBy: 'name' }))).toEqual([
      'Zeta',
      'alpha',
      'beta2',
      'beta_2',
    ]);
    // Visible: the delivery service's tenant is, and the origin's own tenant is or it has none.
    expect(await names(h.store, query({ visibleTenantIds: [2] }))).toEqual(['acme-origin', 'Zeta']);
    expect(await names(h.store, query({ visibleTenantIds: [] }))).toEqual([]);
    expect(await names(h.store, query({ limit: 2, offset: 1 }))).toEqual(['video-origin', 'globex-origin']);
    expect(await names(h.store, query({ limit: -1, offset: 9 }))).toEqual(['beta2']);
  });

  it('list answers what the SQLite store answers for every filter, order, tenancy and page', async () => {
    for (const q of variants()) {
      expect(await h.store.origins.list(q), JSON.stringify(q)).toEqual(await reference.store.origins.list(q));
    }
  });

  it("listJson's bytes are SQLite's, and the records originRecord makes, for every variant", async () => {
    for (const q of variants()) {
      const bytes = await h.store.origins.listJson(q, '{"response":', '}');
      expect(bytes.equals(await reference.store.origins.listJson(q, '{"response":', '}')), JSON.stringify(q)).toBe(
        true,
      );
      expect(bytes.toString('utf8')).toBe(
        `{"response":${JSON.stringify((await h.store.origins.list(q)).map(originRecord))}}`,
      );
    }
    expect((await h.store.origins.listJson(query({ visibleTenantIds: [] }))).toString()).toBe('[]');
    const one = await h.store.origins.listJson(query({ filters: { id: 11 } }));
    expect(JSON.parse(one.toString())[0]).toMatchObject({
      fqdn: ODD,
      lastUpdated: '2023-11-15 22:13:20+00',
      port: 443,
    });
  });

  it('hasCachegroup and hasCoordinate answer whether the row exists', async () => {
    expect(await h.store.origins.hasCachegroup(1)).toBe(true);
    expect(await h.store.origins.hasCachegroup(99)).toBe(false);
    expect(await h.store.origins.hasCoordinate(1)).toBe(true);
    expect(await h.store.origins.hasCoordinate(2)).toBe(false);
  });

  it('an id beyond 32 bits finds nothing', async () => {
    expect(await h.store.origins.get(BIG)).toBeNull();
    expect(await h.store.origins.hasCachegroup(BIG)).toBe(false);
    expect(await h.store.origins.hasCoordinate(BIG)).toBe(false);
    for (const key of ['cachegroup', 'coordinate', 'deliveryservice', 'id', 'profileId', 'tenant'] as const) {
      expect(await h.store.origins.list(query({ filters: { [key]: BIG } }))).toEqual([]);
      expect((await h.store.origins.listJson(query({ filters: { [key]: BIG } }))).toString()).toBe('[]');
    }
    expect(await h.store.origins.delete(BIG)).toBe(false);
  });

  const withFresh = async (test: (store: Store) => Promise<void>) => {
    const fresh = await kind.open();
    try {
      await fresh.exec(CONTRACT_FIXTURE);
      await test(fresh.store);
    } finally {
      await fresh.close();
    }
  };

  it('insert answers the new id, or null when another origin has that name; the change sees the result', () =>
    withFresh(async (store) => {
      const seen: (number | null)[] = [];
      const change = (id: number | null) => (seen.push(id), null);
      const id = await store.origins.insert(fields(), T0 + 5000, change);
      expect(id).toBeGreaterThan(3);
      expect(await store.origins.get(id!)).toMatchObject({
        name: 'new-origin',
        isPrimary: false,
        port: 8443,
        cachegroup: 'edge-den',
        profile: 'EDGE_ATS',
        tenant: 'acme',
        lastUpdated: T0 + 5000,
      });
      expect(await store.origins.insert(fields({ fqdn: 'other.test' }), T0, change)).toBeNull();
      expect(await store.origins.insert(fields({ name: 'acme-origin' }), T0, change)).toBeNull();
      expect(seen).toEqual([id, null, null]);
      expect((await store.origins.list(query())).length).toBe(4);
    }));

  it('of concurrent inserts of one name exactly one succeeds', () =>
    withFresh(async (store) => {
      const ids = await Promise.all(
        Array.from({ length: 8 }, (_, i) => store.origins.insert(fields({ fqdn: `f${i}.test` }), T0)),
      );
      expect(ids.filter((id) => id !== null)).toHaveLength(1);
      expect(await names(store, query({ filters: { name: 'new-origin' } }))).toEqual(['new-origin']);
    }));

  it('update replaces the writable columns, or answers false when another origin has the name', () =>
    withFresh(async (store) => {
      const seen: boolean[] = [];
      const change = (ok: boolean) => (seen.push(ok), null);
      expect(
        await store.origins.update(
          3,
          fields({ name: 'globex-origin', deliveryServiceId: 3, tenantId: 4 }),
          T0 + 7,
          change,
        ),
      ).toBe(true);
      expect(await store.origins.get(3)).toMatchObject({
        name: 'globex-origin',
        fqdn: 'new.acme.test',
        port: 8443,
        isPrimary: false,
        lastUpdated: T0 + 7,
      });
      expect(await store.origins.update(3, fields({ name: 'acme-origin', deliveryServiceId: 3 }), T0 + 8, change)).toBe(
        false,
      );
      expect((await store.origins.get(3))?.lastUpdated).toBe(T0 + 7);
      // A primary origin keeps its flag through an update.
      expect(await store.origins.update(1, fields({ name: 'acme-renamed' }), T0 + 9, change)).toBe(true);
      expect(await store.origins.get(1)).toMatchObject({ name: 'acme-renamed', isPrimary: true });
      // No such origin: false only when another origin has the name.
      expect(await store.origins.update(999, fields({ name: 'acme-renamed' }), T0, change)).toBe(false);
      expect(await store.origins.update(999, fields({ name: 'free' }), T0, change)).toBe(true);
      expect(await store.origins.get(999)).toBeNull();
      expect(seen).toEqual([true, false, true, false, true]);
    }));

  it('of concurrent renames to one name exactly one succeeds', () =>
    withFresh(async (store) => {
      await store.origins.insert(fields({ name: 'second' }), T0);
      const ids = [3, (await store.origins.list(query({ filters: { name: 'second' } })))[0]!.id];
      const results = await Promise.all(
        ids.map((id) => store.origins.update(id, fields({ name: 'taken', deliveryServiceId: 3 }), T0)),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await names(store, query({ filters: { name: 'taken' } }))).toEqual(['taken']);
    }));

  it('keeps one primary origin per delivery service', () =>
    withFresh(async (store) => {
      // Moving the primary origin of ds-acme onto ds-video, whose primary it is not, is refused by the database.
      await expect(
        store.origins.update(1, fields({ name: 'acme-origin', deliveryServiceId: 2 }), T0),
      ).rejects.toThrow();
      expect(await store.origins.get(1)).toMatchObject({ deliveryServiceId: 1, isPrimary: true });
    }));

  it('delete removes a non-primary origin only', () =>
    withFresh(async (store) => {
      const seen: boolean[] = [];
      const change = (ok: boolean) => (seen.push(ok), null);
      expect(await store.origins.delete(1, change)).toBe(false);
      expect(await store.origins.delete(3, change)).toBe(true);
      expect(await store.origins.delete(3, change)).toBe(false);
      expect(await store.origins.get(3)).toBeNull();
      expect(await store.origins.get(1)).not.toBeNull();
      expect(seen).toEqual([false, true, false]);
    }));
});
