import type { Db } from './sqlite/db.js';

/**
 * Versions of the database's data. Every table has a version of its own, a counter in `table_versions` that
 * SQLite triggers bump in the transaction of every write to the table (table-versions.ts): writes through the
 * daemon, raw SQL on its connection and commits by other processes (`cdnctl daemon import` beside the daemon)
 * all move it, and nothing has to remember to. What is derived from stored data may be kept in memory for as
 * long as the versions of the tables it was derived from stay the same.
 *
 * Reading the counters costs a query, so they are read again only when something was written: SQLite's
 * total_changes() moves with every write on this connection and PRAGMA data_version with every commit by another
 * (the cross-process catch-all). A PostgreSQL store keeps the same table, bumped by statement-level triggers in
 * the writing transaction, so every instance reads the same versions (and may learn of a bump by LISTEN/NOTIFY
 * instead of a look per request).
 */
export interface DataVersions {
  /** Moves with every write, sessions included. */
  all(): string;
  /**
   * Moves with every write but the bookkeeping of sign-ins (sessions and failed logins), which no API answer
   * other than authentication reads: a login or a session's idle-deadline update keeps cached answers.
   */
  content(): string;
  /**
   * The versions of `tables`, as one value. A table with no version of its own (a name no table has) answers
   * all(): an answer that names it is dropped by any write, never served stale.
   */
  of(tables: readonly string[]): string;
  /** Kept for callers that declare sign-in bookkeeping; the versions no longer need it. */
  noteBookkeeping(changes: number): void;
}

interface Snapshot {
  local: number;
  external: number;
  tables: Map<string, number>;
  content: string;
  /** of() answers per list of tables (routes pass the same constant array every time). */
  memo: WeakMap<readonly string[], string>;
}

const known = new WeakMap<Db, DataVersions>();

/** The data versions of `db`, one shared instance per connection. */
export function dataVersions(db: Db): DataVersions {
  const existing = known.get(db);
  if (existing) return existing;
  const external = db.prepare<[], number>('PRAGMA data_version').pluck();
  const local = db.prepare<[], number>('SELECT total_changes()').pluck();
  const hasTable = db
    .prepare<[], number>("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'table_versions'")
    .pluck();
  const rows = hasTable.get() ? db.prepare<[], { name: string; version: number }>('SELECT name, version FROM table_versions') : null;
  let snapshot: Snapshot | null = null;

  const current = (): Snapshot => {
    const l = local.get()!;
    const e = external.get()!;
    if (snapshot && snapshot.local === l && snapshot.external === e) return snapshot;
    const tables = new Map<string, number>();
    for (const row of rows?.all() ?? []) tables.set(row.name, row.version);
    const content = [...tables]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([, v]) => v)
      .join('.');
    snapshot = { local: l, external: e, tables, content: rows ? `c${content}` : `a${l}:${e}`, memo: new WeakMap() };
    return snapshot;
  };

  const versions: DataVersions = {
    all: () => `a${local.get()!}:${external.get()!}`,
    content: () => current().content,
    of(tables) {
      const s = current();
      const memo = s.memo.get(tables);
      if (memo !== undefined) return memo;
      let value = 't';
      for (const table of tables) {
        const v = s.tables.get(table);
        if (v === undefined) return versions.all();
        value += `${v}.`;
      }
      s.memo.set(tables, value);
      return value;
    },
    noteBookkeeping() {},
  };
  known.set(db, versions);
  return versions;
}
