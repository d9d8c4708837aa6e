import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrap } from '../../../../daemon/services/auth/bootstrap.js';
import { dataVersions } from '../../../../daemon/store/sqlite/data-version.js';
import { openDatabase, type Db } from '../../../../daemon/store/sqlite/db.js';
import { type Store } from '../../../../daemon/store/index.js';
import { sqliteStore } from '../../../../daemon/store/sqlite/index.js';

let dir: string;
let db: Db;
let other: Db;
let store: Store;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cdnctl-dv-'));
  db = openDatabase(join(dir, 'cdnctl.db'));
  await bootstrap(db, Date.now(), 'Adm1nPassw0rd!');
  other = openDatabase(join(dir, 'cdnctl.db'));
  store = sqliteStore(db);
});
afterAll(() => {
  other.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const adminId = () => (db.prepare("SELECT id FROM users WHERE username = 'admin'").get() as { id: number }).id;

describe('data versions', () => {
  it('stay the same while nothing is written', async () => {
    const before = await store.dataVersion();
    db.prepare('SELECT count(*) FROM users').get();
    expect(await store.dataVersion()).toBe(before);
  });

  it('move with a write on the same connection', async () => {
    const before = await store.dataVersion();
    db.prepare("UPDATE users SET full_name = 'Changed' WHERE username = 'admin'").run();
    expect(await store.dataVersion()).not.toBe(before);
  });

  it('move with a commit by another connection', async () => {
    const before = await store.dataVersion();
    other.prepare("UPDATE users SET full_name = 'Changed elsewhere' WHERE username = 'admin'").run();
    expect(await store.dataVersion()).not.toBe(before);
  });

  it('keep the content version through sign-in bookkeeping, but not the full one', async () => {
    const content = await store.dataVersion();
    const all = dataVersions(db).all();
    const now = Date.now();
    await store.sessions.create({
      idHash: 'h1',
      userId: adminId(),
      createdAt: now,
      expiresAt: now + 1000,
      idleExpiresAt: now + 1000,
    });
    await store.sessions.touch('h1', now + 2000);
    await store.loginFailures.record('nobody', '127.0.0.1', now);
    await store.loginFailures.succeeded('nobody', '127.0.0.1', now);
    await store.sessions.delete('h1');
    expect(await store.dataVersion()).toBe(content);
    expect(dataVersions(db).all()).not.toBe(all);
  });
});

describe('remembered sessions', () => {
  it('are forgotten once the session is deleted, by this connection or another', async () => {
    const now = Date.now();
    for (const hash of ['mine', 'theirs']) {
      await store.sessions.create({
        idHash: hash,
        userId: adminId(),
        createdAt: now,
        expiresAt: now + 60_000,
        idleExpiresAt: now + 60_000,
      });
      expect(await store.sessions.find(hash)).not.toBeNull();
    }
    await store.sessions.delete('mine');
    expect(await store.sessions.find('mine')).toBeNull();
    other.prepare("DELETE FROM sessions WHERE id_hash = 'theirs'").run();
    expect(await store.sessions.find('theirs')).toBeNull();
  });

  it('show a role change made elsewhere at the next lookup', async () => {
    const now = Date.now();
    await store.sessions.create({
      idHash: 'role',
      userId: adminId(),
      createdAt: now,
      expiresAt: now + 60_000,
      idleExpiresAt: now + 60_000,
    });
    expect((await store.sessions.find('role'))?.privLevel).toBe(30);
    other
      .prepare("UPDATE users SET role_id = (SELECT id FROM roles WHERE name = 'read-only') WHERE username = 'admin'")
      .run();
    expect((await store.sessions.find('role'))?.privLevel).toBe(10);
  });
});
