import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrap } from '../../../../daemon/services/auth/bootstrap.js';
import { migrate, openDatabase, type Db } from '../../../../daemon/store/sqlite/db.js';
import { type Store } from '../../../../daemon/store/index.js';
import { sqliteStore } from '../../../../daemon/store/sqlite/index.js';

let dir: string;
let db: Db;
let other: Db;
let store: Store;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cdnctl-tv-'));
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

const ORIGINS = ['origins', 'deliveryservices', 'tenants'];
const JOBS = ['jobs'];
const adminId = () => (db.prepare("SELECT id FROM users WHERE username = 'admin'").get() as { id: number }).id;

describe('table versions', () => {
  it('move only for the tables written, on this connection', async () => {
    const origins = await store.dataVersion(ORIGINS);
    const users = await store.dataVersion(['users']);
    db.prepare("UPDATE users SET full_name = 'Changed' WHERE username = 'admin'").run();
    expect(await store.dataVersion(ORIGINS)).toBe(origins);
    expect(await store.dataVersion(['users'])).not.toBe(users);
  });

  it('move for the tables another process writes, and only for them', async () => {
    const origins = await store.dataVersion(ORIGINS);
    const tenants = await store.dataVersion(['tenants']);
    other.prepare("INSERT INTO tenants (name, active, parent_id, last_updated) VALUES ('t-other', 1, NULL, 0)").run();
    expect(await store.dataVersion(['tenants'])).not.toBe(tenants);
    expect(await store.dataVersion(ORIGINS)).not.toBe(origins);
    const jobs = await store.dataVersion(JOBS);
    other.prepare("UPDATE tenants SET active = 0 WHERE name = 't-other'").run();
    expect(await store.dataVersion(JOBS)).toBe(jobs);
  });

  it('leave "everything but sign-in bookkeeping" alone when a session is written', async () => {
    const content = await store.dataVersion();
    await store.sessions.create({ idHash: 'h1', userId: adminId(), createdAt: 1, expiresAt: 2, idleExpiresAt: 2 });
    expect(await store.dataVersion()).toBe(content);
    db.prepare("DELETE FROM tenants WHERE name = 't-other'").run();
    expect(await store.dataVersion()).not.toBe(content);
  });

  it('fail safe for a name that is no table: every write moves it', async () => {
    const unknown = await store.dataVersion(['no_such_table']);
    expect(await store.dataVersion(['no_such_table'])).toBe(unknown);
    await store.sessions.create({ idHash: 'h2', userId: adminId(), createdAt: 1, expiresAt: 2, idleExpiresAt: 2 });
    expect(await store.dataVersion(['no_such_table'])).not.toBe(unknown);
    const sessions = await store.dataVersion(['sessions']);
    await store.sessions.create({ idHash: 'h3', userId: adminId(), createdAt: 1, expiresAt: 2, idleExpiresAt: 2 });
    expect(await store.dataVersion(['sessions'])).not.toBe(sessions);
  });

  it('version a table a later migration adds without a line of code for it', async () => {
    // What another issue's migration does: a new table. Opening (migrating) the database again versions it.
    other.exec('CREATE TABLE servers_tv_test (id INTEGER PRIMARY KEY, host TEXT NOT NULL)');
    migrate(other);
    const servers = await store.dataVersion(['servers_tv_test']);
    const origins = await store.dataVersion(ORIGINS);
    other.prepare("INSERT INTO servers_tv_test (host) VALUES ('edge-1')").run();
    expect(await store.dataVersion(['servers_tv_test'])).not.toBe(servers);
    expect(await store.dataVersion(ORIGINS)).toBe(origins);
    const triggers = db
      .prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'servers_tv_test'")
      .get() as { n: number };
    expect(triggers.n).toBe(3);
  });

  it('give every table of the schema its triggers, but the sign-in bookkeeping', () => {
    const unversioned = db
      .prepare(
        `SELECT name FROM sqlite_master t WHERE type = 'table' AND name NOT LIKE 'sqlite%'
           AND name NOT IN ('table_versions', 'sessions', 'login_failures', 'login_successes')
           AND (SELECT count(*) FROM sqlite_master g WHERE g.type = 'trigger' AND g.tbl_name = t.name) < 3`,
      )
      .all();
    expect(unversioned).toEqual([]);
  });
});
