/**
 * The key store's own schema (vault.db), apart from the daemon's migrations: an append-only ordered list,
 * versioned with SQLite's user_version. Never edit a shipped entry.
 */
export const vaultMigrations: string[] = [
  // issue 21: the key store
  `CREATE TABLE secret (
     kind TEXT NOT NULL CHECK (kind IN ('url_sig', 'uri_signing', 'ssl')),
     owner TEXT NOT NULL,
     version INTEGER NOT NULL,
     sealed BLOB NOT NULL,
     summary TEXT NOT NULL,
     changed_by TEXT NOT NULL,
     changed_at INTEGER NOT NULL,
     PRIMARY KEY (kind, owner, version)
   ) WITHOUT ROWID;
   CREATE TABLE vault_meta (
     name TEXT PRIMARY KEY,
     value BLOB NOT NULL
   ) WITHOUT ROWID;`,
  // issue 31: DNSSEC keys (kind dnssec, owner the delivery service's xmlId); SQLite cannot alter a CHECK
  `CREATE TABLE secret_new (
     kind TEXT NOT NULL CHECK (kind IN ('url_sig', 'uri_signing', 'ssl', 'dnssec')),
     owner TEXT NOT NULL,
     version INTEGER NOT NULL,
     sealed BLOB NOT NULL,
     summary TEXT NOT NULL,
     changed_by TEXT NOT NULL,
     changed_at INTEGER NOT NULL,
     PRIMARY KEY (kind, owner, version)
   ) WITHOUT ROWID;
   INSERT INTO secret_new SELECT kind, owner, version, sealed, summary, changed_by, changed_at FROM secret;
   DROP TABLE secret;
   ALTER TABLE secret_new RENAME TO secret;`,
];
