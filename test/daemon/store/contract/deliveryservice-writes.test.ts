import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DeliveryServiceColumns } from '../../../../daemon/store/deliveryservice-writes.js';
import { CONTRACT_FIXTURE, T0 } from './fixture.js';
import { describeEachStore, type OpenedStore } from './stores.js';

/** Delivery-service writes (issue 31): the same answers and side effects on both stores. */

const columns = (xmlId: string, extra: Partial<DeliveryServiceColumns> = {}): DeliveryServiceColumns => ({
  xmlId,
  displayName: xmlId,
  tenantId: 2,
  cdnId: 2,
  typeId: 1,
  profileId: null,
  active: true,
  ccrDnsTtl: null,
  checkPath: null,
  deepCachingType: 'NEVER',
  dnsBypassCname: null,
  dnsBypassIp: null,
  dnsBypassIp6: null,
  dnsBypassTtl: null,
  dscp: 0,
  edgeHeaderRewrite: null,
  geoLimit: 0,
  geoLimitCountries: null,
  geoLimitRedirectUrl: null,
  geoProvider: 0,
  globalMaxMbps: null,
  globalMaxTps: null,
  httpBypassFqdn: null,
  infoUrl: null,
  initialDispersion: 1,
  ipv6RoutingEnabled: false,
  logsEnabled: false,
  longDesc: null,
  longDesc1: null,
  longDesc2: null,
  maxDnsAnswers: null,
  midHeaderRewrite: null,
  missLat: 39.5,
  missLong: -104.25,
  multiSiteOrigin: false,
  originShield: null,
  protocol: 0,
  qstringIgnore: 0,
  rangeRequestHandling: 0,
  regexRemap: null,
  regionalGeoBlocking: false,
  remapText: null,
  routingName: 'cdn',
  signed: false,
  sslKeyVersion: null,
  trRequestHeaders: null,
  trResponseHeaders: null,
  anonymousBlockingEnabled: false,
  consistentHashQueryParams: ['a', 'b'],
  consistentHashRegex: null,
  ecsEnabled: true,
  fqPacingRate: null,
  maxOriginConnections: 0,
  rangeSliceBlockSize: null,
  signingAlgorithm: null,
  ...extra,
});

describeEachStore('delivery-service writes store', (kind) => {
  let h: OpenedStore;
  let hostType = 0;
  beforeAll(async () => {
    h = await kind.open();
    await h.exec(CONTRACT_FIXTURE);
    await h.exec("INSERT INTO types (id, name, description, use_in_table) VALUES (20, 'HOST_REGEXP', 'host', 'regex')");
    hostType = 20;
  }, 30_000);
  afterAll(() => h.close());

  const writes = () => h.store.deliveryServiceWrites;
  const pending = async () =>
    (await h.store.servers.list({}, null))
      .filter((s) => s.updPending)
      .map((s) => s.hostName)
      .sort();

  it('creates the row, its set-0 host regex and its primary origin, and refuses a taken xmlId', async () => {
    const origin = { protocol: 'https', fqdn: 'o.example.net', port: 8443 };
    const made = await writes().create({ columns: columns('ds-new'), origin, hostRegexTypeId: hostType }, T0 + 1);
    expect(made).toEqual({ id: expect.any(Number), originId: expect.any(Number) });
    const id = (made as { id: number }).id;
    const ds = await h.store.deliveryServices.byId(id);
    expect(ds).toMatchObject({
      xmlId: 'ds-new',
      consistentHashQueryParams: ['a', 'b'],
      ecsEnabled: true,
      missLat: 39.5,
    });
    expect(ds?.primaryOrigin).toEqual(origin);
    expect(await writes().regexes(id)).toEqual([
      {
        id: expect.any(Number),
        deliveryServiceId: id,
        typeId: hostType,
        typeName: 'HOST_REGEXP',
        setNumber: 0,
        pattern: '.*\\.ds-new\\..*',
      },
    ]);
    expect(await writes().create({ columns: columns('ds-new'), origin: null, hostRegexTypeId: hostType }, T0)).toEqual({
      taken: 'xmlId',
    });
  });

  it('updates the columns, moves the primary origin and queues the caches of the DS and their parents', async () => {
    await h.exec('UPDATE servers SET upd_pending = 0');
    const origin = { protocol: 'http', fqdn: 'moved.example.net', port: null };
    expect(await writes().update(1, columns('ds-acme', { displayName: 'Acme changed' }), origin, T0 + 5)).toBe(true);
    const ds = await h.store.deliveryServices.byId(1);
    expect(ds).toMatchObject({ displayName: 'Acme changed', lastUpdated: T0 + 5 });
    expect(await pending()).toEqual(['edge-01', 'edge-02', 'mid-01']);
    expect(await writes().update(999, columns('nope'), null, T0)).toBe(false);
  });

  it('writes the safe fields only', async () => {
    const safe = { displayName: 'Safe', infoUrl: 'http://i', longDesc: null, longDesc1: 'one' };
    expect(await writes().updateSafe(2, safe, T0 + 6)).toBe(true);
    expect(await h.store.deliveryServices.byId(2)).toMatchObject({ ...safe, xmlId: 'ds-video' });
    expect(await writes().updateSafe(999, safe, T0)).toBe(false);
  });

  it('adds, changes and removes regexes; links and unlinks users', async () => {
    const id = await writes().insertRegex(2, { typeId: hostType, setNumber: 1, pattern: 'x' }, T0 + 7);
    expect(await writes().updateRegex(2, id, { typeId: hostType, setNumber: 1, pattern: 'y' }, T0 + 8)).toBe(true);
    expect((await writes().regexes(2)).map((r) => r.pattern)).toEqual(['y']);
    expect(await writes().updateRegex(3, id, { typeId: hostType, setNumber: 1, pattern: 'z' }, T0)).toBe(false);
    expect(await writes().deleteRegex(2, id, T0 + 9)).toBe(true);
    expect(await writes().deleteRegex(2, id, T0 + 9)).toBe(false);
    expect(await writes().assignUser(3, [1, 3], true)).toBe(2);
    expect((await h.store.deliveryServices.list({ userId: 3 })).map((d) => d.id)).toEqual([1, 3]);
    expect(await writes().unassignUser(3, 3)).toBe(true);
    expect(await writes().unassignUser(3, 3)).toBe(false);
    expect(await writes().serverIds(1)).toEqual([2, 3]);
  });

  it('deletes a DS with its links and origins after queueing its caches', async () => {
    await h.exec('UPDATE servers SET upd_pending = 0');
    expect(await writes().remove(2, T0 + 10)).toBe(true);
    expect(await h.store.deliveryServices.byId(2)).toBeNull();
    expect(await pending()).toEqual(['edge-01', 'mid-01']);
    expect(await writes().remove(2, T0)).toBe(false);
  });
});
