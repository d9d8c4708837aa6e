import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../daemon/app.js';
import { StoreUnavailableError } from '../../../daemon/http/errors.js';
import { outboxMailer } from '../../../daemon/services/mail/outbox.js';
import { openDatabase } from '../../../daemon/store/sqlite/db.js';
import { guardWrite } from '../../../daemon/store/faults.js';
import { sqliteStore } from '../../../daemon/store/sqlite/index.js';
import { openDataDirVault } from '../../../daemon/services/vault/open.js';
import { testClock } from '../../helpers/app.js';
import { databaseChecksum, goldenApp, type GoldenApp } from '../security/fixture.js';
import { tempRoot } from './child-daemon.js';
import {
  expectEveryReadServed,
  expectEveryWriteAccepted,
  expectEveryWriteRefused,
  prepareForFaults,
  writesWithoutRequest,
  type FaultFixtures,
} from './fault-writes.js';

/**
 * Disk faults: the disk fills up, or the database can only be opened read-only. Writes answer 503 with an alert
 * on every write path, reads keep working, nothing is corrupted, and writes work again once the fault clears.
 */

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const isRoot = process.getuid?.() === 0;

/** Whether this process may mount a tmpfs (root, with the capability): tried once on a scratch directory. */
function tmpfsMountable(): boolean {
  if (!isRoot) return false;
  const probe = tempRoot('mount-probe');
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}
const canMount = tmpfsMountable();

/** Without a tmpfs of our own the fault cannot be made; what it relies on is checked directly instead. */
function checkMappingInstead(code: string, why: string): void {
  console.warn(
    `not making the ${why} fault for real: mounting a tmpfs needs root (uid ${process.getuid?.()}) with CAP_SYS_ADMIN`,
  );
  const fault = Object.assign(new Error(`SQLite failed with ${code}`), { code });
  expect(() =>
    guardWrite(() => {
      throw fault;
    }),
  ).toThrow(StoreUnavailableError);
}
/** Undone last-first after each test: the app closes before its filesystem is unmounted. */
const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});
const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/** A small tmpfs of its own (root only), unmounted by the test's cleanup. */
function mountTmpfs(dir: string, size: string): void {
  mkdirSync(dir, { recursive: true });
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0700`, 'tmpfs', dir]);
  cleanups.push(() => {
    try {
      execFileSync('umount', [dir]);
    } catch {
      execFileSync('umount', ['-l', dir]);
    }
  });
}

/** Writes zeros until the filesystem refuses (ENOSPC); answers the filler file. */
function fillDisk(dir: string): string {
  const file = join(dir, 'filler');
  const fd = openSync(file, 'w');
  const chunk = Buffer.alloc(256 * 1024);
  try {
    for (let i = 0; i < 100_000; i++) {
      try {
        writeSync(fd, chunk);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
        if (chunk.length === 1) return file;
        // Fill the last pages too, with smaller and smaller writes.
        return fillRest(fd, file);
      }
    }
  } finally {
    closeSync(fd);
  }
  throw new Error('the filesystem never filled up');
}

function fillRest(fd: number, file: string): string {
  for (let size = 128 * 1024; size >= 1; size = Math.floor(size / 2)) {
    const chunk = Buffer.alloc(size);
    for (let i = 0; i < 64; i++) {
      try {
        writeSync(fd, chunk);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
        break;
      }
    }
  }
  return file;
}

/** The daemon app over an existing database file, as a restarted daemon opens it (no first-start writes). */
async function openApp(dbFile: string, now: number, outbox: string) {
  const db = openDatabase(dbFile);
  const store = sqliteStore(db);
  const clock = testClock(now);
  const { vault } = await dataDirVault(dirname(dbFile));
  const app = await buildApp({ store, clock: clock.now, mailer: outboxMailer(outbox), vault });
  await app.ready();
  return {
    app,
    db,
    clock,
    vault,
    async close() {
      await app.close();
      await store.close();
      await vault.close();
    },
  };
}

/** The key store of the data dir (`vault.db` and its key file beside the database), as the daemon opens it. */
async function dataDirVault(dataDir: string) {
  const opened = await openDataDirVault({ dataDir, env: {} });
  expect(opened.vault.state, `the key store of ${dataDir}`).toEqual({ available: true });
  return opened;
}

it('has a valid request for every write route, to send during the faults', () => {
  expect(
    writesWithoutRequest(),
    'write routes without a valid request: add them to VALID_WRITES in test/reliability/fault-writes.ts',
  ).toEqual([]);
});

describe('the disk fills up', () => {
  it(
    'answers every write 503 with an alert, keeps serving reads, corrupts nothing, and writes again once space is freed',
    { timeout: 120_000 },
    async () => {
      if (!canMount) {
        // The one case that needs root: only root can mount a small tmpfs to fill.
        checkMappingInstead('SQLITE_FULL', 'full-disk');
        return;
      }
      const root = tempRoot('diskfull');
      roots.push(root);
      const mount = join(root, 'mnt');
      mountTmpfs(mount, '16m');
      mkdirSync(join(mount, 'data'), { mode: 0o700 });
      // The key store lives beside the database, on the disk that fills up.
      const { vault } = await dataDirVault(join(mount, 'data'));
      const t: GoldenApp = await goldenApp({ dbFile: join(mount, 'data', 'cdnctl.db'), vault });
      cleanups.push(() => t.close());
      const f: FaultFixtures = await prepareForFaults(t);
      const before = await t.checksum();
      const keysBefore = JSON.stringify(await vault.exportAll());

      const filler = fillDisk(mount);
      // Five minutes on, every authenticated request wants to move its session's idle deadline: a write.
      t.clock.advance(5 * 60_000);
      await expectEveryReadServed(t.app, f);
      await expectEveryWriteRefused(t.app, f);
      expect(await t.checksum(), 'the refused writes changed stored records').toBe(before);
      expect(JSON.stringify(await vault.exportAll()), 'the refused writes changed the key store').toBe(keysBefore);
      // A session that expired meanwhile is still refused as such, though it cannot be deleted now.
      t.clock.advance(2 * 3600_000);
      const expired = await t.app.inject({ method: 'GET', url: '/api/1.3/user/current', headers: { cookie: f.admin } });
      expect(expired.statusCode).toBe(401);
      expect(t.db.pragma('integrity_check', { simple: true })).toBe('ok');

      rmSync(filler);
      // Two hours passed: the resumed writes need sessions of now.
      f.admin = await t.session('admin');
      f.logoutCookies = [await t.session('ro_user'), await t.session('ro_user')];
      f.extension = await t.session('extension');
      f.agent = await t.session('ort_user');
      await expectEveryWriteAccepted(t.app, f);
      expect(t.db.pragma('integrity_check', { simple: true })).toBe('ok');
    },
  );
});

describe('the database can only be opened read-only', () => {
  it(
    'answers every write 503 with an alert, keeps serving reads, corrupts nothing, and writes again once writable and reopened',
    { timeout: 120_000 },
    async () => {
      const root = tempRoot('readonly');
      roots.push(root);
      const mount = join(root, 'mnt');
      if (isRoot && !canMount) {
        // Root ignores file modes, and without a tmpfs to remount there is no other read-only fault to make.
        checkMappingInstead('SQLITE_READONLY', 'read-only');
        return;
      }
      if (canMount) mountTmpfs(mount, '16m');
      else mkdirSync(mount, { recursive: true });
      const dataDir = join(mount, 'data');
      mkdirSync(dataDir, { mode: 0o700 });
      const dbFile = join(dataDir, 'cdnctl.db');

      const t = await goldenApp({ dbFile, vault: (await dataDirVault(dataDir)).vault });
      let f: FaultFixtures;
      let before: string;
      let keysBefore: string;
      try {
        f = await prepareForFaults(t);
        before = await t.checksum();
        keysBefore = JSON.stringify(await t.vault.exportAll());
      } finally {
        await t.close();
      }
      // A crash leaves the write-ahead log and its index behind; a read-only database needs them to be read.
      const crash = spawnSync(
        process.execPath,
        [
          '-e',
          `const D = require('better-sqlite3'); const db = new D(${JSON.stringify(dbFile)}); db.prepare("INSERT INTO login_failures (username, at) VALUES ('crash', 0)").run(); process.kill(process.pid, 'SIGKILL');`,
        ],
        { cwd: REPO },
      );
      expect(crash.signal).toBe('SIGKILL');
      expect(readdirSync(dataDir).sort()).toEqual([
        'cdnctl.db',
        'cdnctl.db-shm',
        'cdnctl.db-wal',
        'vault.db',
        'vault.key',
      ]);

      // The fault. Root ignores file modes, so there the whole filesystem goes read-only; otherwise the modes do.
      const makeReadOnly = (on: boolean) => {
        if (canMount) execFileSync('mount', ['-o', `remount,${on ? 'ro' : 'rw'}`, mount]);
        else {
          for (const name of readdirSync(dataDir)) chmodSync(join(dataDir, name), on ? 0o400 : 0o600);
          chmodSync(dataDir, on ? 0o500 : 0o700);
        }
      };
      makeReadOnly(true);
      cleanups.push(() => {
        if (existsSync(dataDir)) makeReadOnly(false);
      });

      const faulty = await openApp(dbFile, testClock().now(), join(root, 'outbox'));
      try {
        faulty.clock.advance(5 * 60_000);
        await expectEveryReadServed(faulty.app, f);
        await expectEveryWriteRefused(faulty.app, f);
        expect(await databaseChecksum(faulty.db), 'the refused writes changed stored records').toBe(before);
        expect(JSON.stringify(await faulty.vault.exportAll()), 'the refused writes changed the key store').toBe(
          keysBefore,
        );
        expect(faulty.db.pragma('integrity_check', { simple: true })).toBe('ok');
      } finally {
        await faulty.close();
      }

      makeReadOnly(false);
      const restarted = await openApp(dbFile, testClock().now() + 10 * 60_000, join(root, 'outbox'));
      try {
        await expectEveryWriteAccepted(restarted.app, f);
        expect(restarted.db.pragma('integrity_check', { simple: true })).toBe('ok');
      } finally {
        await restarted.close();
      }
    },
  );
});
