import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { demoSnapshotFile } from '../../../../daemon/services/snapshot/demo.js';
import { exportSnapshot, snapshotText } from '../../../../daemon/services/snapshot/export.js';
import { importSnapshot } from '../../../../daemon/services/snapshot/import.js';
import { SnapshotError, type SnapshotWrite } from '../../../../daemon/store/snapshot-types.js';
import { bootstrap } from '../../../../daemon/services/auth/bootstrap.js';
import { goldenSnapshotHashed } from '../../snapshot/helpers.js';
import { describeEachStore, type OpenedStore } from './stores.js';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const CACHES_SNAPSHOT = new URL('../../../fixtures/caches.snapshot.json', import.meta.url);
const read = (file: string | URL) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

/** What each store exported, compared across stores at the end of the file. */
const exported = new Map<string, { golden: string; demo: string }>();

async function withStore(open: () => Promise<OpenedStore>, test: (h: OpenedStore) => Promise<void>): Promise<void> {
  const handle = await open();
  try {
    await test(handle);
  } finally {
    await handle.close();
  }
}

/** A write model whose users section refers to a role that does not exist: it fails after cdns were written. */
function failingWrite(): SnapshotWrite {
  const user = {
    username: 'ghost',
    email: 'ghost@example.com',
    fullName: 'Ghost',
    role: 'no-such-role',
    tenant: 'root',
    newUser: false,
    passwordHash: null,
    company: null,
    addressLine1: null,
    addressLine2: null,
    city: null,
    stateOrProvince: null,
    postalCode: null,
    country: null,
    phoneNumber: null,
    publicSshKey: null,
    gid: null,
    uid: null,
  };
  return {
    cdns: [{ name: 'half-written', domainName: 'half.example.com', dnssecEnabled: false }],
    tenants: [],
    types: [],
    statuses: [],
    divisions: [],
    regions: [],
    physLocations: [],
    coordinates: [],
    cachegroups: [],
    asns: [],
    profiles: [],
    users: [user] as unknown as SnapshotWrite['users'],
    deliveryServices: [],
    origins: [],
    servers: [],
    federations: [],
    jobs: [],
  };
}

describeEachStore('snapshot import, export and bootstrap', (kind) => {
  it('bootstraps once: a second run creates no admin and changes nothing', async () => {
    await withStore(kind.open, async ({ store, exec }) => {
      const first = await bootstrap(store, NOW, 'Adm1nPassw0rd!');
      expect(first).toEqual({ createdAdmin: true, generatedPassword: null });
      const known = await store.snapshot.known();
      const before = snapshotText(await exportSnapshot(store, { withHashes: true }));
      expect(await bootstrap(store, NOW + 1000, undefined)).toEqual({ createdAdmin: false, generatedPassword: null });
      expect(snapshotText(await exportSnapshot(store, { withHashes: true }))).toBe(before);
      expect(await store.snapshot.known()).toEqual(known);
      expect([...known.roles].sort()).toEqual([
        'admin',
        'disallowed',
        'federation',
        'operations',
        'ort',
        'portal',
        'read-only',
      ]);
      expect(await store.bootstrap.hasNoUsers()).toBe(false);
      // Rows inserted later get fresh ids past the seeded fixed ones.
      await exec("INSERT INTO roles (name, description, priv_level) VALUES ('extra', 'x', 1)");
    });
  });

  it('generates the admin password on an empty database', async () => {
    await withStore(kind.open, async ({ store }) => {
      expect(await store.bootstrap.hasNoUsers()).toBe(true);
      const boot = await bootstrap(store, NOW, undefined);
      expect(boot.createdAdmin).toBe(true);
      expect(boot.generatedPassword).toMatch(/^[A-Za-z0-9_-]{20}$/);
      expect((await store.snapshot.passwordHashes(['admin', 'nobody'])).size).toBe(1);
    });
  });

  it('imports the golden and caches snapshots, exports them, and a second import changes nothing', async () => {
    await withStore(kind.open, async ({ store }) => {
      await bootstrap(store, NOW, 'Adm1nPassw0rd!');
      const golden = await goldenSnapshotHashed();
      const summary = await importSnapshot(store, golden, { now: NOW });
      expect(summary.deliveryServices.created).toBe(golden.deliveryServices!.length);
      await importSnapshot(store, read(CACHES_SNAPSHOT), { now: NOW });
      const text = snapshotText(await exportSnapshot(store, { withHashes: true }));
      // The caches snapshot's plain passwords were hashed with random salts: compare stores without hashes.
      const plain = snapshotText(await exportSnapshot(store));
      const again = await importSnapshot(store, JSON.parse(text), { now: NOW + 60_000 });
      for (const section of Object.values(again)) expect(section.created + section.updated).toBe(0);
      expect(snapshotText(await exportSnapshot(store, { withHashes: true }))).toBe(text);
      exported.set(kind.name, { ...(exported.get(kind.name) ?? { demo: '' }), golden: plain });
    });
  });

  it('imports the demo snapshot', async () => {
    await withStore(kind.open, async ({ store }) => {
      await bootstrap(store, NOW, 'Adm1nPassw0rd!');
      const summary = await importSnapshot(store, read(demoSnapshotFile()), { now: NOW });
      expect(summary.users.created).toBeGreaterThan(0);
      const text = snapshotText(await exportSnapshot(store));
      exported.set(kind.name, { ...(exported.get(kind.name) ?? { golden: '' }), demo: text });
    });
  });

  it('refuses bad input and leaves the store unchanged', async () => {
    await withStore(kind.open, async ({ store }) => {
      await bootstrap(store, NOW, 'Adm1nPassw0rd!');
      await importSnapshot(store, await goldenSnapshotHashed(), { now: NOW });
      const before = snapshotText(await exportSnapshot(store, { withHashes: true }));
      const bad = await goldenSnapshotHashed();
      bad.cdns!.push({ name: 'new-cdn', domainName: 'new.example.com' });
      bad.deliveryServices![0]!.cdnName = 'no-such-cdn';
      const error = await importSnapshot(store, bad, { now: NOW + 1 }).catch((err: unknown) => err);
      expect(error).toBeInstanceOf(SnapshotError);
      expect((error as Error).message).toMatch(/no-such-cdn/);
      expect(snapshotText(await exportSnapshot(store, { withHashes: true }))).toBe(before);
    });
  });

  it('writes all or nothing: a failure late in the write leaves no earlier section behind', async () => {
    await withStore(kind.open, async ({ store }) => {
      await bootstrap(store, NOW, 'Adm1nPassw0rd!');
      const before = snapshotText(await exportSnapshot(store, { withHashes: true }));
      await expect(store.snapshot.write(failingWrite(), NOW)).rejects.toThrow(/no-such-role/);
      expect(snapshotText(await exportSnapshot(store, { withHashes: true }))).toBe(before);
      expect((await store.snapshot.known()).cdns.has('half-written')).toBe(false);
    });
  });

  it('answers a constraint the database refuses as a SnapshotError, having written nothing', async () => {
    await withStore(kind.open, async ({ store }) => {
      await bootstrap(store, NOW, 'Adm1nPassw0rd!');
      await importSnapshot(store, await goldenSnapshotHashed(), { now: NOW });
      const before = snapshotText(await exportSnapshot(store, { withHashes: true }));
      // The validation saw no user with this e-mail; the database has one by the time the write runs.
      const taken = (await store.snapshot.known()).users.get('admin')!;
      const write = store.snapshot.write.bind(store.snapshot);
      store.snapshot.write = async (snap, now) => {
        snap.users.find((u) => u.username === 'newcomer')!.email = taken;
        return write(snap, now);
      };
      const doc = {
        users: [{ username: 'newcomer', email: 'newcomer@example.com', role: 'read-only', tenant: 'root' }],
      };
      const error = await importSnapshot(store, doc, { now: NOW }).catch((err: unknown) => err);
      expect(error).toBeInstanceOf(SnapshotError);
      expect((error as Error).message).toMatch(/the database changed during the import/);
      store.snapshot.write = write;
      expect(snapshotText(await exportSnapshot(store, { withHashes: true }))).toBe(before);
    });
  });
});

describe('snapshot export on both stores', () => {
  it('is the same document, byte for byte', () => {
    const sqlite = exported.get('sqlite');
    const postgres = exported.get('postgres');
    expect(sqlite?.golden).toBeTruthy();
    expect(sqlite?.demo).toBeTruthy();
    expect(postgres?.golden).toBe(sqlite?.golden);
    expect(postgres?.demo).toBe(sqlite?.demo);
  });
});
