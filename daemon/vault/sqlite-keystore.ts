import Database from 'better-sqlite3';
import type { KeyFilter, KeyStore, RecordInfo, SealedRecord } from './keystore.js';
import { vaultMigrations } from './migrations.js';
import type { SecretAddress, SecretKind } from './seal.js';

interface Row {
  kind: SecretKind;
  owner: string;
  version: number;
  sealed: Buffer;
  summary: string;
  changed_by: string;
  changed_at: number;
}

const toRecord = (row: Row): SealedRecord => ({
  kind: row.kind,
  owner: row.owner,
  version: row.version,
  sealed: row.sealed,
  summary: row.summary,
  changedBy: row.changed_by,
  changedAt: row.changed_at,
});
const toInfo = ({ sealed: _sealed, ...info }: SealedRecord): RecordInfo => info;

/** Opens (creating and migrating) the key store's own SQLite file, `<data-dir>/vault.db`, or `:memory:`. */
export function openVaultDatabase(file: string): Database.Database {
  const db = new Database(file);
  if (file !== ':memory:') db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > vaultMigrations.length) {
    db.close();
    throw new Error(`key store schema version ${current} is newer than this cdnctl knows (${vaultMigrations.length}); upgrade cdnctl`);
  }
  for (let v = current; v < vaultMigrations.length; v++) {
    db.transaction(() => {
      db.exec(vaultMigrations[v]);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
  return db;
}

/** The SQLite key store over an open vault database. */
export function sqliteKeyStore(db: Database.Database): KeyStore {
  const columns = 'kind, owner, version, sealed, summary, changed_by, changed_at';
  const get = db.prepare<[string, string, number], Row>(`SELECT ${columns} FROM secret WHERE kind = ? AND owner = ? AND version = ?`);
  const latest = db.prepare<[string, string], Row>(`SELECT ${columns} FROM secret WHERE kind = ? AND owner = ? ORDER BY version DESC LIMIT 1`);
  const list = db.prepare<[{ kind: string | null; owner: string | null }], Row>(
    `SELECT ${columns} FROM secret WHERE (@kind IS NULL OR kind = @kind) AND (@owner IS NULL OR owner = @owner) ORDER BY owner, kind, version`,
  );
  const all = db.prepare<[], Row>(`SELECT ${columns} FROM secret ORDER BY kind, owner, version`);
  const put = db.prepare(
    `INSERT OR REPLACE INTO secret (${columns}) VALUES (@kind, @owner, @version, @sealed, @summary, @changedBy, @changedAt)`,
  );
  const putAll = db.transaction((records: readonly SealedRecord[]) => {
    for (const record of records) put.run(record);
  });
  const remove = db.prepare<[string, string]>('DELETE FROM secret WHERE kind = ? AND owner = ?');
  const getMeta = db.prepare<[string], { value: Buffer }>('SELECT value FROM vault_meta WHERE name = ?');
  const setMeta = db.prepare<[string, Buffer]>('INSERT OR REPLACE INTO vault_meta (name, value) VALUES (?, ?)');
  const updateSealed = db.prepare<[Buffer, string, string, number]>('UPDATE secret SET sealed = ? WHERE kind = ? AND owner = ? AND version = ?');
  const reseal = db.transaction((records: readonly SealedRecord[], keyCheck: Buffer) => {
    for (const r of records) {
      if (updateSealed.run(r.sealed, r.kind, r.owner, r.version).changes !== 1) throw new Error('a record changed during rotation');
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
      put.run(record);
    },
    async putAll(records) {
      putAll(records);
    },
    async remove(kind, owner) {
      return remove.run(kind, owner).changes;
    },
    async keyCheck() {
      return getMeta.get('key_check')?.value ?? null;
    },
    async setKeyCheck(sealed) {
      setMeta.run('key_check', sealed);
    },
    async reseal(records, keyCheck) {
      reseal(records, keyCheck);
    },
    async close() {
      if (db.open) db.close();
    },
  };
}
