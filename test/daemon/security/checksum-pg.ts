import { createHash } from 'node:crypto';
import { exportSnapshot } from '../../../daemon/services/snapshot/export.js';
import type { Store } from '../../../daemon/store/index.js';
import type { PgPool } from '../../../daemon/store/postgres/pool.js';

/**
 * databaseChecksum (fixture.ts) on PostgreSQL: the export with hashes through the Store, then every table's rows
 * but the same bookkeeping (sessions, failed logins, sign-in entries of the change log, table versions, and the
 * migrations table PostgreSQL keeps). Compared only with itself: the bytes differ from SQLite's.
 */
export async function databaseChecksumPg(store: Store, pool: PgPool): Promise<string> {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(await exportSnapshot(store, { withHashes: true })));
  const { rows: tables } = await pool.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
        AND table_name NOT IN ('sessions', 'login_failures', 'login_successes', 'table_versions', 'cdnctl_migrations')
      ORDER BY table_name COLLATE "C"`,
  );
  for (const { name } of tables) {
    // Test code over the catalog's own table names: an identifier cannot travel as a parameter.
    const sql = name === 'log' ? "SELECT * FROM log WHERE level <> 'LOGIN'" : `SELECT * FROM "${name}"`;
    const { rows } = await pool.query(sql);
    const lines = rows.map((row) => JSON.stringify(row)).sort();
    hash.update(`${name}:${lines.length}:${lines.join('\n')}`);
  }
  return hash.digest('hex');
}
