import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exportSnapshot, snapshotText } from '../../../daemon/services/snapshot/export.js';
import { importSnapshot } from '../../../daemon/services/snapshot/import.js';
import { SnapshotError } from '../../../daemon/store/snapshot-types.js';
import type { Db } from '../../../daemon/store/sqlite/db.js';
import { verifyPassword } from '../../../daemon/services/auth/passwords.js';
import { dumpTables, freshDb, goldenSnapshot, goldenSnapshotHashed } from './helpers.js';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const byKey = (key: string) => (a: Record<string, unknown>, b: Record<string, unknown>) =>
  String(a[key]).localeCompare(String(b[key]));

let db: Db;
beforeEach(async () => {
  db = await freshDb(NOW);
});
afterEach(() => db.close());

describe('importing the golden setup snapshot', () => {
  it('exports the same records, without passwords', async () => {
    const golden = goldenSnapshot();
    await importSnapshot(db, golden, { now: NOW });
    const exported = (await exportSnapshot(db)) as unknown as Record<string, Array<Record<string, unknown>>>;

    for (const section of ['cdns', 'tenants', 'coordinates', 'cachegroups', 'profiles', 'origins', 'federations']) {
      expect(exported[section], section).toEqual(golden[section]);
    }
    const withoutPasswords = golden.users.map(({ localPassword: _p, ...u }) => u).sort(byKey('username'));
    expect(exported.users).toEqual(withoutPasswords);
    expect(exported.deliveryServices).toEqual(golden.deliveryServices.sort(byKey('xmlId')));
    expect(exported.jobs).toEqual([]);
  });

  it('keeps JSON types as the file has them: seed strings stay strings, flags stay booleans', async () => {
    await importSnapshot(db, await goldenSnapshotHashed(), { now: NOW });
    const ds = (await exportSnapshot(db)).deliveryServices[0];
    expect(ds).toMatchObject({
      protocol: '0',
      dscp: '0',
      missLat: '41.0',
      missLong: '-87.0',
      active: true,
      signed: false,
    });
  });

  it('creates each delivery service primary origin from orgServerFqdn, named after the xmlId with its tenant', async () => {
    await importSnapshot(db, await goldenSnapshotHashed(), { now: NOW });
    const rows = db
      .prepare(
        `SELECT o.name, o.fqdn, o.protocol, o.port, o.is_primary, t.name AS tenant FROM origins o
           JOIN tenants t ON t.id = o.tenant_id ORDER BY o.name`,
      )
      .all();
    expect(rows).toEqual([
      { name: 'ds1', fqdn: 'ds1-origin.example.test', protocol: 'http', port: null, is_primary: 1, tenant: 'root' },
      { name: 'ds2', fqdn: 'ds2-origin.example.test', protocol: 'http', port: null, is_primary: 1, tenant: 'tenant-a' },
      { name: 'ds3', fqdn: 'ds3-origin.example.test', protocol: 'http', port: null, is_primary: 1, tenant: 'root' },
    ]);
  });

  it('updates the existing admin in place and sets the passwords the file gives', async () => {
    const adminId = (db.prepare("SELECT id FROM users WHERE username = 'admin'").get() as { id: number }).id;
    await importSnapshot(db, goldenSnapshot(), { now: NOW });
    const admin = db.prepare("SELECT id, email, local_passwd FROM users WHERE username = 'admin'").get() as {
      id: number;
      email: string;
      local_passwd: string;
    };
    expect(admin.id).toBe(adminId);
    expect(admin.email).toBe('admin@example.test');
    const ro = db.prepare("SELECT local_passwd FROM users WHERE username = 'ro_user'").get() as {
      local_passwd: string;
    };
    expect(await verifyPassword('R3adOnlyPassw0rd', ro.local_passwd)).toBe(true);
  });
});

describe('idempotence and updates', () => {
  it('importing the same file twice leaves the same database, timestamps and hashes included', async () => {
    const first = await importSnapshot(db, goldenSnapshot(), { now: NOW });
    expect(first.deliveryServices.created).toBe(3);
    const before = dumpTables(db);
    const second = await importSnapshot(db, goldenSnapshot(), { now: NOW + 60_000 });
    expect(dumpTables(db)).toEqual(before);
    expect(second.deliveryServices).toEqual({ created: 0, updated: 0, unchanged: 3 });
    expect(second.users).toEqual({ created: 0, updated: 0, unchanged: 4 });
  });

  it('a changed record is updated in place: same id, new values, new lastUpdated', async () => {
    await importSnapshot(db, await goldenSnapshotHashed(), { now: NOW });
    const before = db.prepare("SELECT id, last_updated FROM deliveryservices WHERE xml_id = 'ds2'").get() as {
      id: number;
    };
    const doc = await goldenSnapshotHashed();
    Object.assign(doc.deliveryServices[1], {
      displayName: 'DS Two, renamed',
      orgServerFqdn: 'https://new-origin.example.test:8443',
      users: [],
    });
    const summary = await importSnapshot(db, doc, { now: NOW + 1000 });
    expect(summary.deliveryServices).toEqual({ created: 0, updated: 1, unchanged: 2 });
    const after = db.prepare("SELECT id, display_name, last_updated FROM deliveryservices WHERE xml_id = 'ds2'").get();
    expect(after).toEqual({ id: before.id, display_name: 'DS Two, renamed', last_updated: NOW + 1000 });
    const origin = db.prepare("SELECT fqdn, protocol, port FROM origins WHERE name = 'ds2' AND is_primary = 1").get();
    expect(origin).toEqual({ fqdn: 'new-origin.example.test', protocol: 'https', port: 8443 });
    expect(
      db.prepare('SELECT count(*) AS n FROM deliveryservice_users WHERE deliveryservice_id = ?').get(before.id),
    ).toEqual({ n: 0 });
    expect(db.prepare('SELECT count(*) AS n FROM origins').get()).toEqual({ n: 3 });
  });

  it('a tenant listed before its parent is still created under it', async () => {
    await importSnapshot(
      db,
      {
        tenants: [
          { name: 'grandchild', parentName: 'child' },
          { name: 'child', parentName: 'parent' },
          { name: 'parent', parentName: 'root' },
        ],
      },
      { now: NOW },
    );
    expect((await exportSnapshot(db)).tenants).toEqual([
      { name: 'parent', parentName: 'root', active: true },
      { name: 'child', parentName: 'parent', active: true },
      { name: 'grandchild', parentName: 'child', active: true },
    ]);
  });
});

describe('export --with-hashes round trip', () => {
  it('export with hashes, import into an empty database, export again: identical byte for byte', async () => {
    await importSnapshot(db, await goldenSnapshotHashed(), { now: NOW });
    await importSnapshot(
      db,
      {
        origins: [
          {
            name: 'ds1-backup',
            deliveryService: 'ds1',
            fqdn: 'backup.example.test',
            protocol: 'https',
            port: 443,
            cachegroup: 'org-cg1',
          },
        ],
        jobs: [
          {
            deliveryService: 'ds1',
            username: 'ops_user',
            regex: '/img/.*',
            ttl: 12,
            startTime: '2026-11-20 10:00:00',
            enteredTime: '2026-11-20 09:59:00',
          },
        ],
      },
      { now: NOW },
    );
    const first = snapshotText(await exportSnapshot(db, { withHashes: true }));
    expect(first).toContain('localPasswordHash');

    const other = await freshDb(NOW);
    try {
      await importSnapshot(other, JSON.parse(first), { now: NOW + 5000 });
      expect(snapshotText(await exportSnapshot(other, { withHashes: true }))).toBe(first);
      const ro = other.prepare("SELECT local_passwd FROM users WHERE username = 'ro_user'").get() as {
        local_passwd: string;
      };
      expect(await verifyPassword('R3adOnlyPassw0rd', ro.local_passwd)).toBe(true);
    } finally {
      other.close();
    }
  });

  it('leaves hashes out unless asked', async () => {
    await importSnapshot(db, await goldenSnapshotHashed(), { now: NOW });
    const text = snapshotText(await exportSnapshot(db));
    expect(text).not.toContain('SCRYPT');
    expect(text).not.toContain('localPassword');
  });

  it('a job given by regex is stored with the asset URL on the primary origin', async () => {
    await importSnapshot(db, await goldenSnapshotHashed(), { now: NOW });
    await importSnapshot(
      db,
      {
        jobs: [
          { deliveryService: 'ds3', username: 'admin', regex: '/a/.*\\.png', ttl: 5, startTime: '2026-11-21 11:00:00' },
        ],
      },
      { now: NOW },
    );
    expect((await exportSnapshot(db)).jobs).toEqual([
      {
        id: 1,
        deliveryService: 'ds3',
        username: 'admin',
        assetUrl: 'http://ds3-origin.example.test/a/.*\\.png',
        ttl: 5,
        startTime: '2026-11-21 11:00:00',
        enteredTime: '2026-11-21 12:00:00',
        status: 'PENDING',
      },
    ]);
  });
});

describe('a snapshot with an error', () => {
  it('in its last record changes nothing, and the message names that record and field', async () => {
    const doc = await goldenSnapshotHashed();
    doc.federations[0].deliveryServices = ['ds9'];
    const before = dumpTables(db);
    const failure = await importSnapshot(db, doc, { now: NOW }).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(SnapshotError);
    expect((failure as SnapshotError).message).toBe(
      'federations[0] (cname "fed1.example.test."): deliveryServices: unknown delivery service "ds9"',
    );
    expect(dumpTables(db)).toEqual(before);
  });

  it('lists every problem it found, not only the first', async () => {
    const doc = await goldenSnapshotHashed();
    doc.deliveryServices[2].tenant = 'tenant-b';
    doc.users[1].role = 'superuser';
    const failure = (await importSnapshot(db, doc).catch((err: unknown) => err)) as SnapshotError;
    expect(failure.errors).toEqual([
      'users[1] (username "ro_user"): unknown role "superuser"',
      'deliveryServices[2] (xmlId "ds3"): unknown tenant "tenant-b"',
    ]);
    expect(failure.message).toBe(`2 problems: ${failure.errors.join('; ')}`);
  });
});
