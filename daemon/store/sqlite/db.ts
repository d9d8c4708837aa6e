import Database from 'better-sqlite3';
import { migrationsFor } from '../migrations.js';
import { ensureVersionTriggers } from './table-versions.js';

export type Db = Database.Database;

/** Opens (creating if needed) the SQLite database at `file` with the daemon's pragmas, and migrates it. */
export function openDatabase(file: string, options: { readonly?: boolean } = {}): Db {
  const db = new Database(file, { readonly: options.readonly ?? false });
  applyPragmas(db);
  if (!options.readonly) migrate(db);
  return db;
}

/** WAL so that readers never wait for writers (and import/export work beside a running daemon). */
export function applyPragmas(db: Db): void {
  if (db.name !== ':memory:') db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
}

/** Runs every migration not yet applied, each in its own transaction; returns the schema version reached. */
export function migrate(db: Db): number {
  const migrations = migrationsFor('sqlite');
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > migrations.length) {
    throw new Error(
      `database schema version ${current} is newer than this cdnctl knows (${migrations.length}); upgrade cdnctl`,
    );
  }
  for (let v = current; v < migrations.length; v++) {
    db.transaction(() => {
      db.exec(migrations[v]);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
  ensureVersionTriggers(db);
  return migrations.length;
}
