import { BUILTIN_CHECKS, BUILTIN_INFO_URL, BUILTIN_SCRIPT, BUILTIN_VERSION } from '../builtin-checks.js';
import type { Db } from './db.js';

/** Registers the daemon's own readiness checks as check extensions; rows already there are left alone. */
export function seedBuiltinChecks(db: Db, now: number): void {
  const insert = db.prepare(
    `INSERT OR IGNORE INTO to_extensions (name, version, info_url, script_file, isactive, description,
                                          servercheck_short_name, type_id, last_updated)
     SELECT ?, ?, ?, ?, 1, ?, ?, t.id, ? FROM types t WHERE t.name = ? AND t.use_in_table = 'to_extension'`,
  );
  for (const c of BUILTIN_CHECKS) {
    insert.run(c.name, BUILTIN_VERSION, BUILTIN_INFO_URL, BUILTIN_SCRIPT, c.description, c.shortName, now, c.type);
  }
}
