import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrConfig, MonitoringConfig, SnapshotDiff } from '../../../shared/contract/crconfig.js';
import { eachStore } from '../../helpers/store-kinds.js';
import { TO_CRCONFIG, TO_MONITORING, violations } from '../../helpers/to-crconfig-schema.js';
import { snapshotApp } from './cdn-snapshot-setup.js';
import { errors, type TopologyApp } from './helpers.js';

const DEPRECATED =
  'This endpoint is deprecated, please use PUT /snapshots with either the query parameter cdn or cdnID instead';
const VERSIONS = ['1.1', '1.3', '1.5'] as const;

/** The CRConfig and monitoring configuration of cdn1 (issue 35): shapes, publish, diff, privileges, change log. */
eachStore((kind) => {
  let t: TopologyApp;
  beforeAll(async () => {
    t = await snapshotApp(kind);
  }, 180_000);
  afterAll(async () => t?.close());

  const cr = async (path: string) => {
    const res = await t.call('ro_user', 'GET', `/api/1.3/cdns/cdn1/${path}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.response as CrConfig;
  };
  const monitoring = async (suffix = '') => {
    const res = await t.call('ro_user', 'GET', `/api/1.3/cdns/cdn1/configs/monitoring${suffix}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.response as MonitoringConfig;
  };
  const diff = async () =>
    (await t.call('ro_user', 'GET', '/api/1.5/cdns/cdn1/snapshot/diff')).body.response as SnapshotDiff;

  describe('before the first publish', () => {
    it('GET snapshot answers only the stats with the 4.0 tm_path; an unknown CDN is 404', async () => {
      for (const v of VERSIONS) {
        const res = await t.call('ro_user', 'GET', `/api/${v}/cdns/cdn1/snapshot`);
        expect(res.body).toEqual({ response: { stats: { tm_path: '/api/4.0/cdns/cdn1/snapshot' } } });
      }
      const none = await t.call('ro_user', 'GET', '/api/1.3/cdns/nope/snapshot');
      expect(none.status).toBe(404);
      expect(errors(none)).toEqual(['CDN not found']);
      expect((await t.call('ro_user', 'GET', '/api/1.3/cdns/nope/snapshot/new')).status).toBe(404);
      expect((await t.call('ro_user', 'GET', '/api/1.3/cdns/nope/configs/monitoring')).status).toBe(404);
    });

    it('snapshot/new is the CRConfig of the live data, in Traffic Ops 1.x types', async () => {
      const doc = await cr('snapshot/new');
      expect(violations(TO_CRCONFIG, doc)).toEqual([]);
      expect(Object.keys(doc.contentServers!)).toEqual(['edge1a', 'edge1b', 'edge2a', 'mid1', 'mid2']);
      expect(doc.contentServers!.edge1a).toMatchObject({
        cacheGroup: 'edge-cg1',
        fqdn: 'edge1a.cdn1.example.test',
        hashCount: 1998,
        hashId: 'edge1a',
        ip: '127.0.0.1',
        locationId: 'edge-cg1',
        port: 80,
        profile: 'EDGE_PROFILE1',
        status: 'REPORTED',
        type: 'EDGE',
        routingDisabled: 0,
        deliveryServices: { ds1: ['edge1a.ds1.cdn1.example.test'], ds2: ['edge1a.ds2.cdn1.example.test'] },
      });
      expect(doc.monitors).toEqual({
        mon1: expect.objectContaining({ ip: '192.0.2.11', location: 'tr-cg', status: 'ONLINE' }),
        mon2: expect.objectContaining({ fqdn: 'mon2.cdn1.example.test' }),
      });
      expect(doc.contentRouters!.tr1).toMatchObject({ 'api.port': '3333', location: 'tr-cg', port: 80 });
      expect(Object.keys(doc.edgeLocations!)).toEqual(['edge-cg1', 'edge-cg2']);
      expect(doc.edgeLocations!['edge-cg1']).toEqual({
        latitude: 41,
        longitude: -87,
        backupLocations: { fallbackToClosest: 'true' },
        localizationMethods: ['GEO', 'CZ', 'DEEP_CZ'],
      });
      expect(doc.trafficRouterLocations!['tr-cg'].backupLocations).toEqual({ fallbackToClosest: 'false' });
      expect(doc.config).toMatchObject({
        domain_name: 'cdn1.example.test',
        'dnssec.enabled': 'false',
        weightMultiplier: '2000',
        ttls: { NS: '7200' },
      });
      expect(doc.stats).toEqual({
        CDN_name: 'cdn1',
        tm_path: '/tools/write_crconfig/cdn1',
        tm_host: '',
        tm_user: 'ro_user',
        tm_version: expect.any(String),
        date: Math.floor(t.clock.now() / 1000),
      });
    });

    it('a delivery service carries str-bools, the fixed SOA, its domains and match sets', async () => {
      const ds1 = (await cr('snapshot/new')).deliveryServices!.ds1;
      expect(ds1).toMatchObject({
        coverageZoneOnly: 'false',
        sslEnabled: 'false',
        ip6RoutingEnabled: 'false',
        ecsEnabled: 'false',
        anonymousBlockingEnabled: 'false',
        regionalGeoBlocking: 'false',
        protocol: { acceptHttps: 'false', redirectToHttps: 'false' },
        dispersion: { limit: 1, shuffled: 'true' },
        domains: ['ds1.cdn1.example.test'],
        matchsets: [{ protocol: 'HTTP', matchlist: [{ regex: '.*\\.ds1\\..*', 'match-type': 'HOST' }] }],
        missLocation: { lat: 41, long: -87 },
        soa: { admin: 'traffic_ops', expire: '604800', minimum: '30', refresh: '28800', retry: '7200' },
        geolocationProvider: 'maxmindGeolocationService',
        routingName: 'cdn',
      });
      expect(ds1.ttls).toEqual({ A: '', AAAA: '', NS: '3600', SOA: '86400' });
    });

    it('the monitoring configuration is built live, at 1.x shape, with numeric intervals and thresholds', async () => {
      const doc = await monitoring();
      expect(violations(TO_MONITORING, doc)).toEqual([]);
      expect(await monitoring('.json')).toEqual(doc);
      expect(doc.trafficServers.map((s) => `${s.hostName}:${s.status}`)).toEqual([
        'edge1a:REPORTED',
        'edge1b:ONLINE',
        'edge2a:REPORTED',
        'mid1:REPORTED',
        'mid2:ONLINE',
      ]);
      expect(doc.trafficServers[0]).toEqual({
        cacheGroup: 'edge-cg1',
        fqdn: 'edge1a.cdn1.example.test',
        hashId: 'edge1a',
        hostName: 'edge1a',
        interfaceName: 'eth0',
        ip: '127.0.0.1',
        ip6: '',
        port: 80,
        profile: 'EDGE_PROFILE1',
        status: 'REPORTED',
        type: 'EDGE',
      });
      expect(doc.trafficMonitors.map((m) => m.hostName)).toEqual(['mon1', 'mon2']);
      expect(doc.config).toEqual({
        'health.polling.interval': 8000,
        'peers.polling.interval': 5000,
        'tm.dataServer.polling.url': 'https://to/crconfig',
      });
      expect(doc.cacheGroups).toContainEqual({ name: 'tr-cg', coordinates: { latitude: 41, longitude: -87 } });
      const edge = doc.profiles.find((p) => p.name === 'EDGE_PROFILE1')!;
      expect(edge.type).toBe('EDGE');
      expect(edge.parameters).toEqual({
        'health.connection.timeout': 2000,
        'health.polling.url': 'http://${hostname}/_astats',
        'health.polling.format': '',
        'health.polling.type': '',
        'history.count': 30,
        MinFreeKbps: 0,
        health_threshold: { maxKbps: { Val: 10, Comparator: '>=' } },
        'health.threshold.availableBandwidthInKbps': '>1750000.000000',
        'health.threshold.loadavg': '<25.000000',
        'health.threshold.queryTime': '<1000.000000',
      });
      expect(doc.profiles.map((p) => p.name)).toContain('CCR_CDN1');
      expect(doc.deliveryServices).toContainEqual({
        xmlId: 'ds1',
        TotalTpsThreshold: 0,
        status: 'REPORTED',
        TotalKbpsThreshold: 0,
      });
    });

    it('the diff of a never-published CDN adds every key', async () => {
      const d = await diff();
      expect(d.published).toBeNull();
      expect(d.pending).toBe(true);
      expect(d.crconfig.contentServers.added).toEqual(['edge1a', 'edge1b', 'edge2a', 'mid1', 'mid2']);
      expect(d.monitoring.trafficMonitors.added).toEqual(['mon1', 'mon2']);
    });
  });

  describe('publishing', () => {
    it('is refused below operations, with the deprecation warning', async () => {
      for (const who of ['ro_user', 'portal_user'] as const) {
        const res = await t.call(who, 'PUT', '/api/1.3/snapshot/cdn1');
        expect(res.status).toBe(403);
        expect((await t.call(who, 'PUT', `/api/1.3/cdns/${t.ids.cdn.id}/snapshot`)).status).toBe(403);
      }
      expect((await cr('snapshot')).contentServers).toBeUndefined();
    });

    it('answers Traffic Ops texts for a CDN it cannot find', async () => {
      const cases = [
        ['/api/1.3/cdns/x1/snapshot', 400, "getting integer parameters: parameter 'id' not an integer"],
        ['/api/1.3/cdns/99999/snapshot', 404, 'No CDN found with that ID'],
        ['/api/1.3/snapshot/nope', 404, 'No CDN ID found with that name'],
      ] as const;
      for (const [url, status, text] of cases) {
        const res = await t.call('ops_user', 'PUT', url);
        expect(res.status, url).toBe(status);
        expect(res.body.alerts).toEqual([
          { text: DEPRECATED, level: 'warning' },
          { text, level: 'error' },
        ]);
      }
    });

    it('stores both documents, logs it, and serves them unchanged after a later change until the next publish', async () => {
      const res = await t.call('ops_user', 'PUT', '/api/1.3/snapshot/cdn1');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ alerts: [{ text: DEPRECATED, level: 'warning' }], response: 'SUCCESS' });
      expect((await t.changes())[0]).toBe(`CDN: cdn1, ID: ${t.ids.cdn.id}, ACTION: Snapshot of CRConfig and Monitor`);
      const published = await cr('snapshot');
      expect(violations(TO_CRCONFIG, published)).toEqual([]);
      expect(published.stats).toMatchObject({ tm_path: '/api/4.0/cdns/cdn1/snapshot', tm_user: 'ops_user' });
      const preview = await cr('snapshot/new');
      expect({ ...published, stats: null }).toEqual({ ...preview, stats: null });
      const publishedMonitoring = await monitoring();
      expect((await diff()).pending).toBe(false);

      const edge2b = (await t.store.servers.byHostName('edge2b', null))!.id;
      const status = await t.call('ops_user', 'PUT', `/api/1.3/servers/${edge2b}/status`, { status: 'REPORTED' });
      expect(status.status, JSON.stringify(status.body)).toBe(200);
      expect(await cr('snapshot')).toEqual(published);
      expect(await monitoring()).toEqual(publishedMonitoring);
      expect(Object.keys((await cr('snapshot/new')).contentServers!)).toContain('edge2b');

      const d = await diff();
      expect(d.pending).toBe(true);
      expect(d.published).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(d.crconfig.contentServers).toEqual({ added: ['edge2b'], removed: [], changed: [] });
      expect(d.monitoring.trafficServers).toEqual({ added: ['edge2b'], removed: [], changed: [] });
      expect(d.crconfig.deliveryServices).toEqual({ added: [], removed: [], changed: [] });

      const again = await t.call('admin', 'PUT', `/api/1.5/cdns/${t.ids.cdn.id}/snapshot`);
      expect(again.status).toBe(200);
      expect(Object.keys((await cr('snapshot')).contentServers!)).toContain('edge2b');
      expect((await monitoring()).trafficServers.map((s) => s.hostName)).toContain('edge2b');
      expect((await diff()).pending).toBe(false);
    });

    it('a tenant-a operator publishes too: CDNs carry no tenant', async () => {
      const res = await t.call('tenanta_user', 'PUT', '/api/1.3/snapshot/cdn1');
      expect(res.status).toBe(200);
      expect((await cr('snapshot')).stats.tm_user).toBe('tenanta_user');
    });
  });
});
