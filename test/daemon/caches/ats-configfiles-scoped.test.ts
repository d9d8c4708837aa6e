import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateAtsFile } from '../../../daemon/atsconfig/generate.js';
import type { AtsConfigFiles } from '../../../daemon/atsconfig/file-list.js';
import type { AtsConfigFileSet } from '../../../shared/contract/atsconfig.js';
import { scopedFile, serverContext, type AtsTopology } from '../../../daemon/atsconfig/topology.js';
import type { AppContext } from '../../../daemon/context.js';
import { loadTopology } from '../../../daemon/services/caches/ats-topology.js';
import { importSnapshot } from '../../../daemon/services/snapshot/import.js';
import { eachStore } from '../../helpers/store-kinds.js';
import { goldenApp, type GoldenApp } from '../security/fixture.js';

/*
 * Issue 32, finding 0: a cache's files are loaded for that cache alone and kept per data version, and a file at a
 * profile or CDN URI is found without generating every cache's files. The answers must stay byte for byte what
 * the whole-CDN generators (loadTopology, serverContext, scopedFile) give: checked here for every file of every
 * cache of a CDN with two MID tiers, header rewrites on both tiers, regex_remap, dropped query strings,
 * background fetch, an inactive service and a service whose xmlId starts with "mid".
 */

const service = (xmlId: string, extra: Record<string, unknown> = {}) => ({
  xmlId,
  displayName: xmlId,
  longDesc: xmlId,
  active: true,
  cdnName: 'eq-cdn',
  type: 'HTTP',
  tenant: 'root',
  routingName: 'cdn',
  orgServerFqdn: `http://${xmlId.replace(/_/g, '-')}-origin.eq.test`,
  ...extra,
});

let nextAddress = 0;
// Each cache its own address: the importer, like the API, refuses one address twice on a profile.
const cache = (
  hostName: string,
  type: string,
  cachegroup: string,
  profile: string,
  ds: string[],
  status = 'ONLINE',
) => ({
  hostName,
  domainName: 'eq.test',
  ipAddress: `10.9.0.${++nextAddress}`,
  type,
  status,
  ...(status === 'OFFLINE' ? { offlineReason: 'test' } : {}),
  cachegroup,
  cdnName: 'eq-cdn',
  profile,
  deliveryServices: ds,
});

const profile = (name: string, params: Array<[string, string, string]>) => ({
  name,
  type: 'ATS_PROFILE',
  cdnName: 'eq-cdn',
  params: params.map(([n, configFile, value]) => ({ name: n, configFile, value })),
});

const EQ_SNAPSHOT = {
  cdns: [{ name: 'eq-cdn', domainName: 'eq.test', dnssecEnabled: false }],
  cachegroups: [
    { name: 'eq-top', shortName: 'eqtop', type: 'MID_LOC' },
    { name: 'eq-mid-a', shortName: 'eqma', type: 'MID_LOC', parentCachegroup: 'eq-top' },
    { name: 'eq-mid-b', shortName: 'eqmb', type: 'MID_LOC', parentCachegroup: 'eq-top' },
    {
      name: 'eq-edge-1',
      shortName: 'eqe1',
      type: 'EDGE_LOC',
      parentCachegroup: 'eq-mid-a',
      secondaryParentCachegroup: 'eq-mid-b',
    },
    { name: 'eq-edge-2', shortName: 'eqe2', type: 'EDGE_LOC', parentCachegroup: 'eq-mid-b' },
  ],
  profiles: [
    profile('EQ_EDGE_A', [
      ['CONFIG proxy.config.http.server_ports', 'records.config', 'STRING 80'],
      ['Drive_Prefix', 'storage.config', '/var/cache/ats'],
      ['Drive_Letters', 'storage.config', '0'],
    ]),
    profile('EQ_EDGE_B', [['RAM_Drive_Prefix', 'storage.config', '/dev/ram']]),
    profile('EQ_MID', [['location', 'remap.config', '/opt/ats/etc']]),
  ],
  deliveryServices: [
    service('eq-plain'),
    service('eq-rw', { edgeHeaderRewrite: 'set-header X-A 1 [L]', midHeaderRewrite: 'set-header X-M 1 [L]' }),
    service('eq-regex', { regexRemap: '^/a/(.*) http://x.eq.test/$1', qstringIgnore: '2' }),
    service('eq-bg', { rangeRequestHandling: '1', midHeaderRewrite: 'set-header X-M bg [L]' }),
    service('eq-off', { active: false, edgeHeaderRewrite: 'set-header X-Off 1 [L]' }),
    service('mid-eq-rw', { edgeHeaderRewrite: 'set-header X-Ambiguous 1 [L]' }),
    service('eq-unassigned', { edgeHeaderRewrite: 'set-header X-U 1 [L]' }),
  ],
  servers: [
    cache('eq-top-1', 'MID', 'eq-top', 'EQ_MID', []),
    cache('eq-mid-a1', 'MID', 'eq-mid-a', 'EQ_MID', []),
    cache('eq-mid-a2', 'MID', 'eq-mid-a', 'EQ_MID', [], 'OFFLINE'),
    cache('eq-mid-b1', 'MID', 'eq-mid-b', 'EQ_MID', []),
    cache('eq-edge-1a', 'EDGE', 'eq-edge-1', 'EQ_EDGE_A', ['eq-plain', 'eq-rw', 'eq-regex', 'eq-off']),
    cache('eq-edge-1b', 'EDGE', 'eq-edge-1', 'EQ_EDGE_B', ['eq-rw', 'mid-eq-rw']),
    cache('eq-edge-2a', 'EDGE', 'eq-edge-2', 'EQ_EDGE_A', ['eq-bg', 'eq-plain'], 'REPORTED'),
  ],
};

const HOSTS = EQ_SNAPSHOT.servers.map((s) => s.hostName);
const EXTRA_SCOPED = [
  '/cdns/eq-cdn/configfiles/ats/hdr_rw_mid_eq-rw.config',
  '/cdns/eq-cdn/configfiles/ats/hdr_rw_mid_eq-bg.config',
  '/cdns/eq-cdn/configfiles/ats/hdr_rw_eq-rw.config',
  '/cdns/eq-cdn/configfiles/ats/hdr_rw_eq-off.config',
  '/cdns/eq-cdn/configfiles/ats/hdr_rw_mid-eq-rw.config',
  '/cdns/eq-cdn/configfiles/ats/hdr_rw_eq-unassigned.config',
  '/cdns/eq-cdn/configfiles/ats/regex_remap_eq-regex.config',
  '/cdns/eq-cdn/configfiles/ats/bg_fetch.config',
  '/cdns/eq-cdn/configfiles/ats/drop_qstring.config',
  '/cdns/eq-cdn/configfiles/ats/records.config',
  '/cdns/eq-cdn/configfiles/ats/remap.config',
  '/cdns/eq-cdn/configfiles/ats/nosuch.config',
  '/profiles/EQ_MID/configfiles/ats/hdr_rw_mid_eq-rw.config',
  '/profiles/EQ_MID/configfiles/ats/hdr_rw_eq-rw.config',
  '/profiles/EQ_EDGE_B/configfiles/ats/hdr_rw_mid-eq-rw.config',
  '/profiles/EQ_EDGE_B/configfiles/ats/hdr_rw_mid_eq-rw.config',
  '/profiles/EQ_EDGE_B/configfiles/ats/hdr_rw_eq-rw.config',
  '/profiles/EQ_EDGE_B/configfiles/ats/drop_qstring.config',
  '/profiles/EQ_EDGE_A/configfiles/ats/drop_qstring.config',
  '/profiles/EQ_EDGE_A/configfiles/ats/bg_fetch.config',
  '/profiles/EQ_EDGE_B/configfiles/ats/bg_fetch.config',
  '/profiles/EQ_MID/configfiles/ats/bg_fetch.config',
  '/profiles/EQ_EDGE_A/configfiles/ats/regex_remap_eq-regex.config',
  '/profiles/EQ_EDGE_B/configfiles/ats/regex_remap_eq-regex.config',
  '/profiles/EQ_EDGE_A/configfiles/ats/parent.config',
  '/profiles/EQ_MID/configfiles/ats/cache.config',
];

/** The answer the whole-CDN generators give for an URI (null: 404). */
function reference(topology: AtsTopology, uri: string): string | null {
  const [, scope, owner, file] = /^\/api\/[\d.]+\/(servers|profiles|cdns)\/([^/]+)\/configfiles\/ats\/(.+)$/.exec(
    uri,
  ) as unknown as [string, 'servers' | 'profiles' | 'cdns', string, string];
  const name = decodeURIComponent(file);
  if (scope === 'servers') {
    const ctx = serverContext(topology, decodeURIComponent(owner));
    return ctx && generateAtsFile(ctx, name);
  }
  return scopedFile(topology, scope, decodeURIComponent(owner), name);
}

eachStore((kind) => {
  let t: GoldenApp;
  let cookie: string;
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const topology = async () => {
    const ctx = { store: t.store, clock: t.clock.now } as unknown as AppContext;
    return (await loadTopology(ctx, (await t.store.cdns.byName('eq-cdn'))!)).topology;
  };

  beforeAll(async () => {
    t = await goldenApp({ storeKind: kind });
    await importSnapshot(t.kind === 'sqlite' ? t.db : t.store, EQ_SNAPSHOT, { now: t.clock.now() });
    cookie = await t.session('ops_user');
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('the scoped generation gives the whole-CDN answers, byte for byte', () => {
    it('every listed file of every cache, at its apiUri', async () => {
      const topo = await topology();
      for (const host of HOSTS) {
        const list = (await get(`/api/1.3/servers/${host}/configfiles/ats`)).json() as {
          configFiles: Array<{ apiUri: string }>;
        };
        expect(list.configFiles.length, host).toBeGreaterThan(10);
        for (const { apiUri } of list.configFiles) {
          const res = await get(apiUri);
          expect(res.statusCode, `${host} ${apiUri}`).toBe(200);
          expect(res.body, `${host} ${apiUri}`).toBe(reference(topo, apiUri));
        }
      }
    });

    it('the whole set of every cache: each listed file, its text what its apiUri serves, with its checksum', async () => {
      for (const host of HOSTS) {
        const list = (await get(`/api/1.3/servers/${host}/configfiles/ats`)).json() as AtsConfigFiles;
        const res = await get(`/api/1.3/servers/${host}/configfiles/ats/all`);
        expect(res.statusCode, host).toBe(200);
        const set = res.json() as AtsConfigFileSet;
        expect(set.info).toEqual(list.info);
        expect(set.configFiles.map(({ text: _t, checksum: _c, ...entry }) => entry)).toEqual(list.configFiles);
        for (const file of set.configFiles) {
          const one = await get(file.apiUri);
          expect(file.text, `${host} ${file.apiUri}`).toBe(one.body);
          expect(file.checksum, `${host} ${file.apiUri}`).toBe(one.headers['whole-content-sha512']);
        }
      }
      const again = (await get('/api/1.3/servers/eq-mid-a1/configfiles/ats/all')).json() as AtsConfigFileSet;
      expect(again.configFiles.length).toBeGreaterThan(10);
      const missing = await get('/api/1.3/servers/nosuch/configfiles/ats/all');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ alerts: [{ level: 'error', text: "server 'nosuch' not found" }] });
    });

    it('the whole set follows a write to what its files read', async () => {
      const url = '/api/1.3/servers/eq-mid-b1/configfiles/ats/all';
      const parentOf = (set: AtsConfigFileSet) => set.configFiles.find((f) => f.fnameOnDisk === 'parent.config')!;
      const before = parentOf((await get(url)).json() as AtsConfigFileSet);
      const edge = (await t.store.servers.byHostName('eq-edge-2a', null))!;
      // eq-unassigned is on no cache: on eq-edge-2a it comes into its MID's files.
      const ds = (await t.store.deliveryServices.byXmlId('eq-unassigned'))!;
      const holders = (await t.store.servers.list({ dsId: ds.id }, null)).map((s) => s.id);
      await t.store.servers.assignToDeliveryService(ds.id, [...holders, edge.id]);
      try {
        const after = parentOf((await get(url)).json() as AtsConfigFileSet);
        expect(after.checksum).not.toBe(before.checksum);
        expect(after.text).toBe(reference(await topology(), after.apiUri));
      } finally {
        await t.store.servers.assignToDeliveryService(ds.id, holders);
      }
    });

    it('every file of a MID and an EDGE at its server URI, and files at profile and CDN URIs no list names', async () => {
      const topo = await topology();
      for (const path of EXTRA_SCOPED) {
        const res = await get(`/api/1.2${path}`);
        const expected = reference(topo, `/api/1.2${path}`);
        expect(res.statusCode, path).toBe(expected === null ? 404 : 200);
        if (expected !== null) expect(res.body, path).toBe(expected);
      }
    });

    it('a write to what a file reads shows at once; a check-in keeps the files', async () => {
      const url = '/api/1.3/servers/eq-mid-a1/configfiles/ats/parent.config';
      const before = (await get(url)).body;
      const edge = (await t.store.servers.byHostName('eq-edge-1b', null))!;
      await t.store.serverFlags.checkIn(edge.id, { updated: false }, t.clock.now());
      expect((await get(url)).body).toBe(before);
      const ds = (await t.store.deliveryServices.byXmlId('eq-bg'))!;
      await t.store.servers.assignToDeliveryService(ds.id, [edge.id]);
      const after = (await get(url)).body;
      expect(after).not.toBe(before);
      expect(after).toBe(reference(await topology(), url));
    });
  });

  it('a file at a CDN URI follows a write to the assignments it was found through', async () => {
    const files = ['bg_fetch.config', 'hdr_rw_mid_eq-bg.config'].map(
      (f) => `/api/1.3/cdns/eq-cdn/configfiles/ats/${f}`,
    );
    for (const url of files) expect((await get(url)).statusCode, url).toBe(200);
    const bg = (await t.store.deliveryServices.byXmlId('eq-bg'))!;
    const holders = (await t.store.servers.list({ dsId: bg.id }, null)).map((s) => s.id);
    await t.store.servers.assignToDeliveryService(bg.id, []);
    try {
      for (const url of files) expect((await get(url)).statusCode, url).toBe(404);
    } finally {
      await t.store.servers.assignToDeliveryService(bg.id, holders);
    }
    for (const url of files) expect((await get(url)).body, url).toBe(reference(await topology(), url));
  });

  it("finds a service's file at a CDN or profile URI without reading every server or every holder", async () => {
    const counted = { list: 0, holdersOf: 0 };
    const list = t.store.servers.list.bind(t.store.servers);
    const holdersOf = t.store.cacheConfig.holdersOf.bind(t.store.cacheConfig);
    t.store.servers.list = (...args) => (counted.list++, list(...args));
    t.store.cacheConfig.holdersOf = (id) => (counted.holdersOf++, holdersOf(id));
    try {
      // A write first: no answer kept from the tests before.
      await t.store.servers.assignToDeliveryService((await t.store.deliveryServices.byXmlId('eq-unassigned'))!.id, []);
      for (const file of ['drop_qstring.config', 'bg_fetch.config', 'hdr_rw_eq-rw.config', 'hdr_rw_mid_eq-rw.config'])
        expect((await get(`/api/1.3/cdns/eq-cdn/configfiles/ats/${file}`)).statusCode, file).toBe(200);
      expect((await get('/api/1.3/profiles/EQ_EDGE_A/configfiles/ats/drop_qstring.config')).statusCode).toBe(200);
      expect(counted).toEqual({ list: 0, holdersOf: 0 });
    } finally {
      t.store.servers.list = list;
      t.store.cacheConfig.holdersOf = holdersOf;
    }
  });

  it("never reads the whole CDN's assignments for a file", async () => {
    let calls = 0;
    const original = t.store.servers.assignmentsOfCdn.bind(t.store.servers);
    t.store.servers.assignmentsOfCdn = (cdnId) => {
      calls++;
      return original(cdnId);
    };
    try {
      for (const file of ['remap.config', 'parent.config', 'hdr_rw_mid_eq-rw.config'])
        expect((await get(`/api/1.3/servers/eq-mid-b1/configfiles/ats/${file}`)).statusCode).toBe(200);
      expect((await get('/api/1.3/cdns/eq-cdn/configfiles/ats/hdr_rw_mid_eq-rw.config')).statusCode).toBe(200);
      expect((await get('/api/1.3/profiles/EQ_EDGE_A/configfiles/ats/records.config')).statusCode).toBe(200);
      expect(calls).toBe(0);
    } finally {
      t.store.servers.assignmentsOfCdn = original;
    }
  });
});
