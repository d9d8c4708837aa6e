import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSnapshot } from '../../../daemon/services/snapshot/export.js';
import { importSnapshot } from '../../../daemon/services/snapshot/import.js';
import { SnapshotError } from '../../../daemon/store/snapshot-types.js';
import { eachStore } from '../../helpers/store-kinds.js';
import { serversApp, type ServersApp } from '../servers/helpers.js';

/**
 * Issue 30: the topology's small tables (types, statuses, divisions, regions, physical locations, ASNs) and each
 * server's location travel in a snapshot; the importer refuses what the API refuses, with the API's text; and an
 * export imported again gives the same export.
 */

/** A topology with a record in every issue-30 section. */
const TOPOLOGY = {
  types: [{ name: 'EDGE_LAB', description: 'a lab edge group', useInTable: 'cachegroup' }],
  statuses: [{ name: 'MAINT', description: 'in maintenance' }, { name: 'SPARE' }],
  divisions: [{ name: 'west' }],
  regions: [{ name: 'pacific', divisionName: 'west' }],
  physLocations: [
    {
      name: 'sea1',
      shortName: 's1',
      address: '1 Pike St',
      city: 'Seattle',
      state: 'WA',
      zip: '98101',
      poc: 'Ann',
      email: 'ann@example.test',
      region: 'pacific',
    },
  ],
  coordinates: [{ name: 'seattle', latitude: 47.6, longitude: -122.3 }],
  cachegroups: [
    {
      name: 'edge-lab',
      shortName: 'elab',
      type: 'EDGE_LAB',
      coordinate: 'seattle',
      parentCachegroup: 'mid-cg',
      fallbackToClosest: false,
      localizationMethods: ['CZ'],
    },
    { name: 'edge-sea', shortName: 'esea', type: 'EDGE_LOC', parentCachegroup: 'mid-cg', fallbacks: ['edge-cg1'] },
  ],
  asns: [
    { asn: 64500, cachegroup: 'edge-lab' },
    { asn: 64501, cachegroup: 'edge-cg1' },
  ],
  servers: [
    {
      hostName: 'lab1',
      domainName: 'cdn1.example.test',
      ipAddress: '192.0.2.61',
      type: 'EDGE',
      status: 'REPORTED',
      cachegroup: 'edge-cg1',
      cdnName: 'cdn1',
      profile: 'EDGE_PROFILE1',
      physLocation: 'sea1',
      rack: 'R1',
    },
  ],
};

eachStore((kind) => {
  let t: ServersApp;
  beforeAll(async () => {
    t = await serversApp(kind);
  }, 120_000);
  afterAll(async () => t?.close());
  const target = () => (kind === 'sqlite' ? t.db : t.store);

  /** The alert text of a refused API write. */
  const apiRefusal = async (method: 'POST' | 'PUT', url: string, body: unknown): Promise<string> => {
    const res = await t.call('ops_user', method, url, body);
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    return res.json().alerts[0].text as string;
  };
  /** The problems of an import that must fail. */
  const importRefusal = async (doc: unknown): Promise<string> => {
    const err = await importSnapshot(target(), doc, { now: t.clock.now() }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SnapshotError);
    return (err as SnapshotError).errors.join('\n');
  };

  describe('refuses what the API refuses, with the same text', () => {
    it.each([
      ['divisions', '/api/1.5/divisions', { name: 'a\u0000b' }, { name: 'a\u0000b' }],
      ['regions', '/api/1.5/regions', { name: 'r9', division: 999999 }, { name: 'r9', divisionName: 'nowhere' }],
      ['types', '/api/1.5/types', { name: 'T9', useInTable: 'server' }, { name: 'T9', useInTable: 'server' }],
      ['statuses', '/api/1.5/statuses', { description: 'no name' }, { description: 'no name' }],
      ['asns', '/api/1.5/asns', { asn: 64999, cachegroupId: 999999 }, { asn: 64999, cachegroup: 'nowhere' }],
      ['asns', '/api/1.5/asns', { asn: -1, cachegroupId: 1 }, { asn: -1, cachegroup: 'edge-cg1' }],
      ['coordinates', '/api/1.5/coordinates', { name: 'a,b', latitude: 1 }, { name: 'a,b', latitude: 1, longitude: 2 }],
    ])('%s: %j', async (section, url, apiBody, record) => {
      const text = await apiRefusal('POST', url, apiBody);
      expect(await importRefusal({ [section]: [record] })).toContain(text);
    });

    it('physLocations: an unknown region, and a short name another location holds', async () => {
      const location = { name: 'den2', address: 'a', city: 'c', state: 's', zip: 'z' };
      const unknown = await apiRefusal('POST', '/api/1.5/phys_locations', {
        ...location,
        shortName: 'd2',
        regionId: 999999,
      });
      expect(unknown).toBe('region not found');
      expect(await importRefusal({ physLocations: [{ ...location, shortName: 'd2', region: 'nowhere' }] })).toContain(
        unknown,
      );
      const [region] = await t.sql("SELECT id FROM regions WHERE name = 'reg1'");
      const taken = await apiRefusal('POST', '/api/1.5/phys_locations', {
        ...location,
        shortName: 'l1',
        regionId: Number(region.id),
      });
      expect(taken).toBe("phys_location short_name 'l1' already exists.");
      expect(await importRefusal({ physLocations: [{ ...location, shortName: 'l1', region: 'reg1' }] })).toContain(
        taken,
      );
    });

    const server = (over: Record<string, unknown>) => ({
      hostName: 'clash2',
      domainName: 'cdn1.example.test',
      ipAddress: '192.0.2.77',
      type: 'EDGE',
      status: 'REPORTED',
      cachegroup: 'edge-cg1',
      cdnName: 'cdn1',
      profile: 'EDGE_PROFILE1',
      ...over,
    });

    it('servers: an unknown physical location', async () => {
      const text = await apiRefusal('POST', '/api/1.5/servers', server({ physLocation: 'nowhere' }));
      expect(text).toBe('physLocation not found');
      expect(await importRefusal({ servers: [server({ physLocation: 'nowhere' })] })).toContain(text);
    });

    it('servers: an IPv4 address another server of the profile has', async () => {
      const first = await t.call('ops_user', 'POST', '/api/1.5/servers', server({ hostName: 'clash1' }));
      expect(first.statusCode, first.body).toBe(200);
      const text = await apiRefusal('POST', '/api/1.5/servers', server({}));
      expect(text).toMatch(/^ipAddress is not unique across the server \[id:0\] profile \[id:\d+\], \[1\] conflicts$/);
      expect(await importRefusal({ servers: [server({})] })).toContain(text);
      // Two new servers of the file clash with each other too; another profile does not clash.
      const pair = await importRefusal({
        servers: [
          server({ hostName: 'pair1', ipAddress: '192.0.2.78' }),
          server({ hostName: 'pair2', ipAddress: '192.0.2.78' }),
        ],
      });
      expect(pair).toContain('servers[1] (hostName "pair2"): ipAddress is not unique across the server [id:0]');
      await importSnapshot(target(), { servers: [server({ profile: 'EDGE_CDN2', cdnName: 'cdn2' })] });
    });
  });

  it('imports every issue-30 section, serves it through the API, and exports it back losslessly', async () => {
    const summary = await importSnapshot(target(), TOPOLOGY, { now: t.clock.now() });
    for (const section of ['divisions', 'regions', 'physLocations', 'asns', 'cachegroups', 'servers', 'types'] as const)
      expect(summary[section].created, section).toBeGreaterThan(0);
    const region = await t.call('ro_user', 'GET', '/api/1.5/regions?name=pacific');
    expect(region.json().response[0]).toMatchObject({ name: 'pacific', divisionName: 'west' });
    const lab = await t.call('ro_user', 'GET', '/api/1.5/servers?hostName=lab1');
    expect(lab.json().response[0]).toMatchObject({ physLocation: 'sea1', rack: 'R1' });
    const asns = await t.call('ro_user', 'GET', '/api/1.5/asns');
    expect(JSON.stringify(asns.json())).toContain('"asn":64500');

    const doc = await exportSnapshot(target());
    expect(doc.regions).toContainEqual({ name: 'pacific', divisionName: 'west' });
    expect(doc.statuses).toContainEqual({ name: 'SPARE' });
    expect(doc.physLocations).toContainEqual(TOPOLOGY.physLocations[0]);
    expect(doc.asns).toEqual(expect.arrayContaining(TOPOLOGY.asns));
    expect(doc.types).toContainEqual(TOPOLOGY.types[0]);
    expect(doc.servers.find((s) => s.hostName === 'lab1')).toMatchObject({ physLocation: 'sea1', rack: 'R1' });
    expect(doc.cachegroups.find((c) => c.name === 'edge-lab')).toEqual(TOPOLOGY.cachegroups[0]);

    // Into a fresh database of the same kind: the export of the import is the export.
    const other = await serversApp(kind);
    try {
      const summaryAgain = await importSnapshot(kind === 'sqlite' ? other.db : other.store, doc);
      expect(summaryAgain.asns.created).toBe(2);
      expect(await exportSnapshot(kind === 'sqlite' ? other.db : other.store)).toEqual(doc);
    } finally {
      await other.close();
    }
    // And into the same one: nothing changes.
    const again = await importSnapshot(target(), doc, { now: t.clock.now() });
    for (const [section, counts] of Object.entries(again)) expect(counts.updated + counts.created, section).toBe(0);
  }, 120_000);
});
