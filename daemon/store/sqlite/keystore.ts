import Database from 'better-sqlite3';
import { existsSync, readFileSync } from 'node:fs';
import { guardWrite } from '../faults.js';
import {
  toRecord,
  type KeyFilter,
  type KeyStore,
  type RecordInfo,
  type SealedRecord,
  type SecretAddress,
  type SecretRow,
} from '../keystore.js';
import { vaultMigrations } from './vault-migrations.js';

const toInfo = ({ sealed: _sealed, ...info }: SealedRecord): RecordInfo => info;

/**
 * Opens (creating and migrating) the key store's own SQLite file, `<data-dir>/vault.db`, or `:memory:`. A file that
 * cannot be opened for writing (a read-only filesystem: WAL needs its index file) is opened read-only when its schema
 * is current: the keys are still served, and every write answers 503 like the database's.
 */
export function openVaultDatabase(file: string): Database.Database {
  let db: Database.Database | undefined;
  try {
    db = new Database(file);
    return prepareVaultDatabase(db, file);
  } catch (err) {
    if (db?.open) db.close();
    if (file === ':memory:' || !existsSync(file)) throw err;
    return openReadOnly(file, err);
  }
}

function openReadOnly(file: string, cause: unknown): Database.Database {
  const db = openReadOnlyFile(file);
  db.pragma('busy_timeout = 5000');
  if ((db.pragma('user_version', { simple: true }) as number) !== vaultMigrations.length) {
    db.close();
    throw cause;
  }
  return db;
}

/**
 * The file read-only; when SQLite cannot read it in place (WAL without its index files, none creatable on a read-only
 * filesystem), a read-only copy in memory: nothing can change the file while its filesystem refuses writes.
 */
function openReadOnlyFile(file: string): Database.Database {
  try {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    db.pragma('user_version', { simple: true });
    return db;
  } catch {
    const image = readFileSync(file);
    // Bytes 18 and 19 say WAL (2); an image in memory has no WAL, so it is read as a rollback-journal file (1).
    image[18] = 1;
    image[19] = 1;
    return new Database(image, { readonly: true });
  }
}

function prepareVaultDatabase(db: Database.Database, file: string): Database.Database {
  if (file !== ':memory:') db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > vaultMigrations.length) {
    db.close();
    throw new Error(
      `key store schema version ${current} is newer than this cdnctl knows (${vaultMigrations.length}); upgrade cdnctl`,
    );
  }
  for (let v = current; v < vaultMigrations.length; v++) {
    db.transaction(() => {
      db.exec(vaultMigrations[v]);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
  return db;
}

/** The SQLite key store over an open vault database; a disk fault on a write is a 503, as for the database. */
export function sqliteKeyStore(db: Database.Database): KeyStore {
  const columns = 'kind, owner, version, sealed, summary, changed_by, changed_at';
  const get = db.prepare<[string, string, number], SecretRow>(
    `SELECT ${columns} FROM secret WHERE kind = ? AND owner = ? AND version = ?`,
  );
  const latest = db.prepare<[string, string], SecretRow>(
    `SELECT ${columns} FROM secret WHERE kind = ? AND owner = ? ORDER BY version DESC LIMIT 1`,
  );
  const list = db.prepare<[{ kind: string | null; owner: string | null }], SecretRow>(
    `SELECT ${columns} FROM secret WHERE (@kind IS NULL OR kind = @kind) AND (@owner IS NULL OR owner = @owner) ORDER BY owner, kind, version`,
  );
  const all = db.prepare<[], SecretRow>(`SELECT ${columns} FROM secret ORDER BY kind, owner, version`);
  const put = db.prepare(
    `INSERT OR REPLACE INTO secret (${columns}) VALUES (@kind, @owner, @version, @sealed, @summary, @changedBy, @changedAt)`,
  );
  const putAll = db.transaction((records: readonly SealedRecord[]) => {
    for (const record of records) put.run(record);
  });
  const remove = db.prepare<[string, string]>('DELETE FROM secret WHERE kind = ? AND owner = ?');
  const getMeta = db.prepare<[string], { value: Buffer }>('SELECT value FROM vault_meta WHERE name = ?');
  const setMeta = db.prepare<[string, Buffer]>('INSERT OR REPLACE INTO vault_meta (name, value) VALUES (?, ?)');
  const updateSealed = db.prepare<[Buffer, string, string, number]>(
    'UPDATE secret SET sealed = ? WHERE kind = ? AND owner = ? AND version = ?',
  );
  const reseal = db.transaction((records: readonly SealedRecord[], keyCheck: Buffer) => {
    for (const r of records) {
      if (updateSealed.run(r.sealed, r.kind, r.owner, r.version).changes !== 1)
        throw new Error('a record changed during rotation');
    }
    setMeta.run('key_check', keyCheck);
  });
  return {
    async get(a: SecretAddress) {
      const row = get.get(a.kind, a.owner, a.version);
      return row ? toRecord(row) : null;
    },
    async latest(kind, owner) {
      const row = latest.get(kind, owner);
      return row ? toRecord(row) : null;
    },
    async list(filter: KeyFilter = {}) {
      return list.all({ kind: filter.kind ?? null, owner: filter.owner ?? null }).map((row) => toInfo(toRecord(row)));
    },
    async all() {
      return all.all().map(toRecord);
    },
    async put(record) {
      guardWrite(() => put.run(record));
    },
    async putAll(records) {
      guardWrite(() => putAll(records));
    },
    async remove(kind, owner) {
      return guardWrite(() => remove.run(kind, owner).changes);
    },
    async keyCheck() {
      return getMeta.get('key_check')?.value ?? null;
    },
    async setKeyCheck(sealed) {
      guardWrite(() => setMeta.run('key_check', sealed));
    },
    async reseal(records, keyCheck) {
      guardWrite(() => reseal(records, keyCheck));
    },
    async close() {
      if (db.open) db.close();
    },
  };
}
