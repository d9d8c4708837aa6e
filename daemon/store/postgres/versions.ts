import { freshReader } from './fresh-read.js';
import { statement } from './statement.js';
import type { PgPool } from './pool.js';

const readVersions = statement<[], { name: string; version: number }>(
  'table_versions_all',
  'SELECT name, version FROM table_versions ORDER BY name',
);
const readWalPosition = statement<[], { lsn: string }>(
  'table_versions_wal',
  'SELECT pg_current_wal_insert_lsn()::text AS lsn',
);

/**
 * The PostgreSQL store's data versions (the contract is Store.dataVersion): the per-table counters in
 * `table_versions`, bumped by triggers in every writing transaction of every instance. They are read from the
 * database on every call: a write another instance acknowledged a moment ago must change the very next answer
 * here, and a notification may arrive later than the client's next request.
 */
export function pgDataVersion(pool: PgPool): (tables?: readonly string[] | null) => Promise<string> {
  // One query answers every caller that arrived before it started (fresh-read.ts): still a read per request's
  // moment, never an answer older than the call.
  const versions = freshReader(() => readVersions.all(pool));
  return async (tables) => {
    const rows = await versions();
    if (!tables) return `c${rows.map((r) => r.version).join('.')}`;
    const byName = new Map(rows.map((r) => [r.name, r.version]));
    let value = 't';
    for (const table of tables) {
      const v = byName.get(table);
      // A name with no version (sign-in bookkeeping, or no table at all): a value that moves with every write.
      if (v === undefined) return `w${(await readWalPosition.get(pool))?.lsn ?? ''}`;
      value += `${v}.`;
    }
    return value;
  };
}
