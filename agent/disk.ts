import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import type { FileChange } from './diff.js';

/** Where the agent keeps the sets it replaced, inside the ATS config directory; the newest few are kept. */
export const BACKUP_DIR = '.cdnctl-backup';
const BACKUPS_KEPT = 10;

/** The text of each named file in `dir`, or null where there is none. */
export function readCurrent(dir: string, names: Iterable<string>): Map<string, string | null> {
  const current = new Map<string, string | null>();
  for (const name of names) {
    const path = join(dir, name);
    current.set(name, existsSync(path) ? readFileSync(path, 'utf8') : null);
  }
  return current;
}

/** Writes a file whole or not at all: a temp file beside it, then a rename over it. */
export function writeAtomic(path: string, text: string): void {
  const temp = `${path}.cdnctl-${process.pid}.tmp`;
  writeFileSync(temp, text, { mode: 0o644 });
  renameSync(temp, path);
}

/** Copies the files about to change (their previous texts; `.new` lists files that did not exist) to a backup. */
export function backup(dir: string, changes: readonly FileChange[], stamp: string): string {
  const target = join(dir, BACKUP_DIR, stamp);
  mkdirSync(target, { recursive: true });
  for (const c of changes) if (c.before !== null) writeFileSync(join(target, c.name), c.before);
  writeFileSync(
    join(target, '.new'),
    changes
      .filter((c) => c.before === null)
      .map((c) => `${c.name}\n`)
      .join(''),
  );
  const all = readdirSync(join(dir, BACKUP_DIR)).sort();
  for (const old of all.slice(0, Math.max(0, all.length - BACKUPS_KEPT)))
    rmSync(join(dir, BACKUP_DIR, old), { recursive: true, force: true });
  return target;
}

/**
 * Installs the changed files, each atomically, each with a modification time a whole second later than the file it
 * replaces: ATS reads a file again only when its mtime in seconds has grown (regex_revalidate keeps the st_mtime it
 * loaded and skips a file no newer, issue 32), so a second purge written within the same second was never loaded.
 */
export function install(dir: string, changes: readonly FileChange[]): void {
  mkdirSync(dir, { recursive: true });
  for (const c of changes) {
    const path = join(dir, c.name);
    const before = existsSync(path) ? Math.floor(statSync(path).mtimeMs / 1000) : null;
    writeAtomic(path, c.after);
    if (before !== null && Math.floor(statSync(path).mtimeMs / 1000) <= before)
      utimesSync(path, before + 1, before + 1);
  }
}

/** Puts the previous set back after a failed reload: old texts rewritten, files that were new removed. */
export function restore(dir: string, changes: readonly FileChange[]): void {
  for (const c of changes) {
    if (c.before === null) rmSync(join(dir, c.name), { force: true });
    else writeAtomic(join(dir, c.name), c.before);
  }
}
