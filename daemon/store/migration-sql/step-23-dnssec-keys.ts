// Step 23 (issue 31): the key store takes DNSSEC keys (kind `dnssec`, one record per delivery service, owner its
// xmlId): a delivery service created on a CDN with dnssecEnabled gets its keys there (reference wave3 §5.3 step 5).
// On PostgreSQL the key store is a table of this database (step 9); SQLite keeps it in vault.db, whose own list
// (daemon/store/sqlite/vault-migrations.ts) makes the same change, so SQLite has no step here (null).

export const POSTGRES_23 = `
  ALTER TABLE secret DROP CONSTRAINT secret_kind_check;
  ALTER TABLE secret ADD CONSTRAINT secret_kind_check CHECK (kind IN ('url_sig', 'uri_signing', 'ssl', 'dnssec'));
  `;
