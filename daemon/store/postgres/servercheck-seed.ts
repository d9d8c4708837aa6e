import { BUILTIN_CHECKS, BUILTIN_INFO_URL, BUILTIN_SCRIPT, BUILTIN_VERSION } from '../builtin-checks.js';
import type { PgQueryable } from './pool.js';
import { statement } from './statement.js';

const insert = statement<[string, string, string, string, string, string, number, string]>(
  'servercheck_seed_insert',
  `INSERT INTO to_extensions (name, version, info_url, script_file, isactive, description, servercheck_short_name,
                              type_id, last_updated)
   SELECT $1, $2, $3, $4, 1, $5, $6, t.id, $7 FROM types t WHERE t.name = $8 AND t.use_in_table = 'to_extension'
      AND NOT EXISTS (SELECT 1 FROM to_extensions WHERE name = $1 OR servercheck_short_name = $6)
   ON CONFLICT DO NOTHING`,
);

// NOT EXISTS first: every daemon start seeds, and a row already there must not draw an id (ids follow on as in
// SQLite); ON CONFLICT for daemons starting at the same moment.
/**
 * Registers the daemon's own readiness checks as check extensions; rows already there are left alone (SQLite's
 * seedBuiltinChecks). Several daemons starting at once register each check once.
 */
export async function seedBuiltinChecksPg(db: PgQueryable, now: number): Promise<void> {
  for (const c of BUILTIN_CHECKS) {
    await insert.run(
      db,
      c.name,
      BUILTIN_VERSION,
      BUILTIN_INFO_URL,
      BUILTIN_SCRIPT,
      c.description,
      c.shortName,
      now,
      c.type,
    );
  }
}
