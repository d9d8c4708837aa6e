import { migrationsFor } from '../migrations.js';
import type { PgPool } from './pool.js';

/** The advisory lock every daemon takes to migrate: a constant of this program ("cdnctl" as a number). */
const MIGRATION_LOCK = 0x63646e63746c;

/**
 * Applies every migration not yet applied, each in its own transaction, under a session advisory lock: several
 * daemons starting at once on one database migrate it once (the others wait, then find nothing to do). Refuses a
 * database migrated by a newer cdnctl. Answers the schema version reached.
 */
export async function migratePg(pool: PgPool): Promise<number> {
  const pgMigrations = migrationsFor('postgres');
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS cdnctl_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const { rows } = await client.query<{ v: number }>(
      'SELECT coalesce(max(version), 0)::integer AS v FROM cdnctl_migrations',
    );
    const current = rows[0]?.v ?? 0;
    if (current > pgMigrations.length) {
      throw new Error(
        `database schema version ${current} is newer than this cdnctl knows (${pgMigrations.length}); upgrade cdnctl`,
      );
    }
    for (let v = current; v < pgMigrations.length; v++) {
      await client.query('BEGIN');
      try {
        await client.query(pgMigrations[v]!);
        await client.query('INSERT INTO cdnctl_migrations (version) VALUES ($1)', [v + 1]);
        await client.query('SELECT cdnctl_ensure_version_triggers()');
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw err;
      }
    }
    return pgMigrations.length;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}
