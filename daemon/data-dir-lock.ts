import { chmodSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { dataFiles, type DaemonInfo } from '../shared/paths.js';
import { writePrivateFile } from './private-file.js';

/**
 * One daemon per data dir: an OS lock on `<data-dir>/daemon.lock`, held for the daemon's whole life. Node has
 * no flock, but SQLite takes POSIX advisory locks (fcntl) on its files: a connection in `locking_mode=EXCLUSIVE`
 * that has written keeps its exclusive lock until it closes. The operating system drops the lock when the
 * process ends, however it ends (SIGKILL included), so a crashed daemon never blocks the next start, and
 * `daemon.json` is only information. `daemon.lock-owner` names the holder for the message of a refused start.
 */

export class DataDirLockedError extends Error {
  constructor(dataDir: string, owner: string) {
    super(`another cdnctl daemon is running on ${dataDir}${owner}; stop it first (cdnctl daemon stop)`);
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  release(): void;
}

const lockFile = (dataDir: string) => join(dataDir, 'daemon.lock');
const ownerFile = (dataDir: string) => join(dataDir, 'daemon.lock-owner');

/** Opens the lock database and takes its exclusive lock; null when another process holds it. */
function take(dataDir: string): Database.Database | null {
  const db = new Database(lockFile(dataDir));
  chmodSync(lockFile(dataDir), 0o600);
  try {
    db.pragma('busy_timeout = 0');
    db.pragma('locking_mode = EXCLUSIVE');
    db.pragma('journal_mode = MEMORY');
    db.exec('CREATE TABLE IF NOT EXISTS holder (pid INTEGER)');
    // A write takes the EXCLUSIVE lock; in this locking mode it is kept after the commit, until close.
    db.transaction(() => {
      db.exec('DELETE FROM holder');
      db.prepare('INSERT INTO holder (pid) VALUES (?)').run(process.pid);
    })();
    return db;
  } catch (err) {
    db.close();
    const code = (err as { code?: unknown }).code;
    if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') return null;
    throw err;
  }
}

/** The pid the lock's holder wrote when it took the lock, or null. */
export function lockOwnerPid(dataDir: string): number | null {
  try {
    const pid = (JSON.parse(readFileSync(ownerFile(dataDir), 'utf8')) as { pid: unknown }).pid;
    return typeof pid === 'number' && Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Who holds the lock, as far as its files tell: ` (pid N, at URL)`, or '' when they do not say. */
export function lockOwner(dataDir: string): string {
  const pid = lockOwnerPid(dataDir);
  if (pid === null) return '';
  let url = '';
  try {
    const info = JSON.parse(readFileSync(dataFiles(dataDir).daemonJson, 'utf8')) as DaemonInfo;
    if (info.pid === pid) url = `, at ${info.url}`;
  } catch {
    // not listening yet
  }
  return ` (pid ${pid}${url})`;
}

/** Takes the data dir's lock for this process, or throws DataDirLockedError naming the daemon that holds it. */
export function lockDataDir(dataDir: string): DataDirLock {
  const db = take(dataDir);
  if (!db) {
    // The holder names itself right after it takes the lock: give a simultaneous start a moment to.
    let owner = lockOwner(dataDir);
    for (let i = 0; i < 20 && owner === ''; i++) {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
      owner = lockOwner(dataDir);
    }
    throw new DataDirLockedError(dataDir, owner);
  }
  writePrivateFile(ownerFile(dataDir), `${JSON.stringify({ pid: process.pid, since: new Date().toISOString() })}\n`);
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      rmSync(ownerFile(dataDir), { force: true });
      db.close();
    },
  };
}

/** True when a live process holds the data dir's lock (a daemon runs on it). Takes and drops the lock otherwise. */
export function dataDirLocked(dataDir: string): boolean {
  if (!existsSync(dataDir)) return false;
  const db = take(dataDir);
  if (!db) return true;
  db.close();
  return false;
}
