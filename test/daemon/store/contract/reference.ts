import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../../../daemon/store/sqlite/db.js';
import { type Store } from '../../../../daemon/store/index.js';
import { sqliteStore } from '../../../../daemon/store/sqlite/index.js';

/**
 * A SQLite store loaded with `sql`, beside the store under test: answers that must be identical on both stores
 * (listJson's bytes, every order of a list) are compared with its answers for the same rows.
 */
export async function openReference(sql: string): Promise<{ store: Store; close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'cdnctl-reference-'));
  const db = openDatabase(join(dir, 'cdnctl.db'));
  db.exec(sql);
  const store = sqliteStore(db);
  return {
    store,
    async close() {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The text columns whose order a list answers in. */
const ORDERED_TEXT = [
  ['origins', 'name'],
  ['deliveryservices', 'xml_id'],
  ['cdns', 'name'],
  ['parameters', 'name'],
  ['parameters', 'config_file'],
  ['federations', 'cname'],
  ['profiles', 'name'],
] as const;

/**
 * On PostgreSQL, gives the ordered text columns a linguistic collation (en-US, by ICU), as a database created
 * with an en_US locale has: SQLite's byte order must then still come from the store's own queries.
 * The test cluster's default collation (C.UTF-8) would hide a query that forgot it. SQLite: nothing to do.
 */
export async function linguisticCollation(
  handle: { exec(sql: string): Promise<void> },
  kind: { name: string },
): Promise<void> {
  if (kind.name !== 'postgres') return;
  for (const [table, column] of ORDERED_TEXT) {
    await handle.exec(`ALTER TABLE ${table} ALTER COLUMN ${column} TYPE text COLLATE "en-US-x-icu"`);
  }
}
