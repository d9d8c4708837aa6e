import { chmodSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from './store/sqlite/db.js';
import { type Store } from './store/index.js';
import { sqliteStore } from './store/sqlite/index.js';
import { isPostgresUrl, redactDatabaseUrl } from './store/postgres/redact.js';
import type { KeyStore } from './store/keystore.js';

/** The store a daemon or a CLI command works on, and how to name it where people read (never with a secret). */
export interface OpenedStore {
  store: Store;
  /** `sqlite <file>` or `postgres <redacted URL>`: for `daemon status`, logs and messages. */
  description: string;
  /** SQLite only: the database file did not exist before (a new data dir). */
  newFile: boolean;
  /**
   * PostgreSQL only: the key store in the shared database (issue 18), so every daemon on it serves the same keys;
   * absent, the data dir's vault.db is the key store.
   */
  keyStore?: KeyStore;
}

/** The `database` of `<dataDir>/config.json`, or null (no file, no such key). */
export function configuredDatabase(dataDir: string): string | null {
  const file = join(dataDir, 'config.json');
  if (!existsSync(file)) return null;
  let config: { database?: unknown };
  try {
    config = JSON.parse(readFileSync(file, 'utf8')) as { database?: unknown };
  } catch (err) {
    throw new Error(`cannot read ${file}: ${(err as Error).message}`);
  }
  if (config.database === undefined || config.database === null || config.database === '') return null;
  if (typeof config.database !== 'string') throw new Error(`${file}: "database" must be a postgres:// URL`);
  return config.database;
}

/** Refuses anything but a PostgreSQL URL, without repeating it (it may carry a password). */
export function checkDatabaseUrl(url: string): void {
  if (!isPostgresUrl(url)) throw new Error('the database must be a postgres://USER:PASS@HOST:PORT/DB URL');
}

/** `message` with the URL's password (and any secret query value) replaced, wherever the driver quoted it. */
export function withoutSecrets(message: string, url: string): string {
  let out = message.split(url).join(redactDatabaseUrl(url));
  try {
    const parsed = new URL(url);
    const secrets = [parsed.password, decodeURIComponent(parsed.password)];
    for (const [key, value] of parsed.searchParams) if (/pass|secret|key/i.test(key)) secrets.push(value);
    for (const secret of secrets.filter((s) => s.length > 0)) out = out.split(secret).join('***');
  } catch {
    // An unparsable URL was never used to connect; nothing of it is in the message but what split() replaced.
  }
  return out;
}

/** Opens the SQLite file `file` (created and migrated if needed), owner-only. */
export function openSqliteFile(file: string): OpenedStore {
  const newFile = !existsSync(file);
  const db = openDatabase(file);
  for (const suffix of ['', '-wal', '-shm']) if (existsSync(file + suffix)) chmodSync(file + suffix, 0o600);
  return { store: sqliteStore(db), description: `sqlite ${file}`, newFile };
}

/** Connects to the PostgreSQL database at `url` and migrates it; errors name the URL redacted. */
export async function openPostgres(url: string): Promise<OpenedStore> {
  checkDatabaseUrl(url);
  const description = `postgres ${redactDatabaseUrl(url)}`;
  try {
    // The driver loads only when a database URL is in use: SQLite daemons and `daemon status` do not pay for it.
    const [{ openPgStore }, { pgKeyStore }] = await Promise.all([
      import('./store/postgres/index.js'),
      import('./store/postgres/keystore.js'),
    ]);
    const { store, pool } = await openPgStore(url);
    return { store, description, newFile: false, keyStore: pgKeyStore(pool) };
  } catch (err) {
    throw new Error(
      `cannot open the database ${redactDatabaseUrl(url)}: ${withoutSecrets((err as Error).message, url)}`,
    );
  }
}

/** The data dir's store: PostgreSQL when a URL is given, else the SQLite file. */
export async function openStore(url: string | null, sqliteFile: string): Promise<OpenedStore> {
  return url ? openPostgres(url) : openSqliteFile(sqliteFile);
}
