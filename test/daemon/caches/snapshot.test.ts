import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSnapshotFile, loadDemo } from '../../../daemon/services/snapshot/demo.js';
import { exportSnapshot } from '../../../daemon/services/snapshot/export.js';
import { importSnapshot } from '../../../daemon/services/snapshot/import.js';
import { SnapshotError } from '../../../daemon/store/snapshot-types.js';
import type { Db } from '../../../daemon/store/sqlite/db.js';
import { GOLDEN_SNAPSHOT } from '../security/fixture.js';
import { dumpTables, freshDb } from '../snapshot/helpers.js';
import { CACHES_SNAPSHOT } from './helpers.js';

const read = (url: URL | string) => JSON.parse(readFileSync(url, 'utf8')) as Record<string, unknown>;

describe('the servers section of a snapshot', () => {
  let db: Db;
  beforeAll(async () => {
    db = await freshDb();
    await importSnapshot(db, read(GOLDEN_SNAPSHOT));
  });
  afterAll(() => db.close());

  it('imports caches with their delivery services, exports them back, and a second import changes nothing', async () => {
    const summary = await importSnapshot(db, read(CACHES_SNAPSHOT));
    expect(summary.servers).toEqual({ created: 7, updated: 0, unchanged: 0 });
    const doc = await exportSnapshot(db);
    expect(doc.servers.find((s) => s.hostName === 'edge1a')).toEqual({
      hostName: 'edge1a',
      domainName: 'cdn1.example.test',
      tcpPort: 80,
      interfaceName: 'eth0',
      interfaceMtu: 1500,
      ipAddress: '127.0.0.1',
      type: 'EDGE',
      status: 'REPORTED',
      cachegroup: 'edge-cg1',
      cdnName: 'cdn1',
      profile: 'EDGE_PROFILE1',
      deliveryServices: ['ds1', 'ds2'],
      agents: ['ort_user'],
    });
    const before = dumpTables(db);
    const again = await importSnapshot(db, doc);
    expect(again.servers).toEqual({ created: 0, updated: 0, unchanged: 7 });
    expect(dumpTables(db)).toEqual(before);
  });

  it('keeps a cache’s running state (pending flags, check-ins) across a re-import', async () => {
    const id = ((await db.prepare("SELECT id FROM servers WHERE host_name = 'mid1'").get()) as { id: number }).id;
    db.prepare('UPDATE servers SET upd_pending = 1, last_check_in = 5 WHERE id = ?').run(id);
    await importSnapshot(db, read(CACHES_SNAPSHOT));
    expect(db.prepare('SELECT upd_pending, last_check_in FROM servers WHERE id = ?').get(id)).toEqual({
      upd_pending: 1,
      last_check_in: 5,
    });
  });

  it('reports every problem with the record and field, and writes nothing', async () => {
    const before = dumpTables(db);
    const bad = {
      servers: [
        {
          hostName: 'x.y',
          domainName: 'cdn1.example.test',
          ipAddress: '300.1.1.1',
          type: 'ROUTER',
          status: 'OFFLINE',
          cachegroup: 'nowhere',
          cdnName: 'cdn1',
          profile: 'EDGE_PROFILE1',
        },
        {
          hostName: 'm9',
          domainName: 'cdn1.example.test',
          type: 'MID',
          cachegroup: 'mid-cg',
          cdnName: 'cdn1',
          profile: 'MID_PROFILE1',
          deliveryServices: ['ds9'],
        },
        {
          hostName: 'e9',
          domainName: 'cdn1.example.test',
          type: 'EDGE',
          cachegroup: 'edge-cg1',
          cdnName: 'ALL',
          profile: 'EDGE_PROFILE1',
          deliveryServices: ['ds1', 'nope'],
        },
      ],
    };
    const err = await importSnapshot(db, bad).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SnapshotError);
    expect((err as SnapshotError).errors).toEqual([
      'servers[0] (hostName "x.y"): hostName: must be a host name without dots',
      'servers[0] (hostName "x.y"): offlineReason: is required for ADMIN_DOWN or OFFLINE status',
      'servers[0] (hostName "x.y"): ipAddress: must be a valid IPv4 address',
      'servers[0] (hostName "x.y"): unknown type "ROUTER"',
      'servers[0] (hostName "x.y"): unknown cachegroup "nowhere"',
      'servers[1] (hostName "m9"): deliveryServices: unknown delivery service "ds9"',
      'servers[2] (hostName "e9"): deliveryServices: "ds1" is in CDN "cdn1", not "ALL"',
      'servers[2] (hostName "e9"): deliveryServices: unknown delivery service "nope"',
    ]);
    expect(dumpTables(db)).toEqual(before);
  });
});

describe('the demo CDN’s caches', () => {
  it('gives each CDN a MID tier and EDGE groups under it, with caches in every status and an ORT user', async () => {
    const db = await freshDb();
    await loadDemo({ store: db, firstStart: true, say: () => undefined });
    const doc = await exportSnapshot(db);
    db.close();
    for (const cdn of ['cdn-na', 'cdn-eu']) {
      const servers = doc.servers.filter((s) => s.cdnName === cdn);
      expect(new Set(servers.filter((s) => s.type === 'MID').map((s) => s.cachegroup)).size, cdn).toBe(1);
      const edgeGroups = new Set(servers.filter((s) => s.type === 'EDGE').map((s) => s.cachegroup));
      expect(edgeGroups.size, cdn).toBeGreaterThanOrEqual(2);
      expect(new Set(servers.map((s) => s.status)), cdn).toEqual(
        new Set(['ONLINE', 'OFFLINE', 'REPORTED', 'ADMIN_DOWN', 'PRE_PROD']),
      );
    }
    expect(doc.users.some((u) => u.role === 'ort')).toBe(true);
    expect(read(demoSnapshotFile()).servers).toBeDefined();
  });
});
