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
