import type { Db } from './db.js';
import { BOOKKEEPING_TABLES } from '../table-versions.js';

/**
 * Gives every table (but the bookkeeping ones) a version counter and the triggers that bump it with each row written, for the tables that
 * lack them: those of the migrations that ran just now, whichever issue added them. A new table needs no line of
 * code to be versioned. Names come from the schema itself (never from a request) and are checked all the same.
 * Runs after the migrations, in one transaction; does nothing when every table already has its triggers.
 */
export function ensureVersionTriggers(db: Db): void {
  const present = db
    .prepare<[], number>("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'table_versions'")
    .pluck();
  if (!present.get()) return;
  const tables = db
    .prepare<[], string>(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
         AND name <> 'table_versions' AND sql NOT LIKE 'CREATE VIRTUAL%'`,
    )
    .pluck()
    .all();
  const triggers = new Set(
    db.prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'trigger'").pluck().all(),
  );
  const missing = tables.filter(
    (t) => SAFE_NAME.test(t) && !BOOKKEEPING_TABLES.includes(t) && EVENTS.some((e) => !triggers.has(triggerName(t, e))),
  );
  if (missing.length === 0) return;
  const seed = db.prepare('INSERT OR IGNORE INTO table_versions (name, version) VALUES (?, 0)');
  db.transaction(() => {
    for (const table of missing) {
      seed.run(table);
      for (const event of EVENTS) db.exec(triggerSql(table, event));
    }
  })();
}

const SAFE_NAME = /^[a-z_][a-z0-9_]*$/i;

function triggerSql(table: string, event: (typeof EVENTS)[number]): string {
  return `CREATE TRIGGER IF NOT EXISTS "${triggerName(table, event)}" AFTER ${event.toUpperCase()} ON "${table}"
    BEGIN UPDATE table_versions SET version = version + 1 WHERE name = '${table}'; END;`;
}

const triggerName = (table: string, event: (typeof EVENTS)[number]) => `table_version_${table}_${event}`;
const EVENTS = ['insert', 'update', 'delete'] as const;
