import type { Db } from './db.js';

/**
 * Versions of the database's data: values that change with writes through this connection (SQLite's
 * total_changes()) and with every commit by another connection or process (PRAGMA data_version). What is derived
 * from stored data may be kept in memory for as long as the version it was derived under stays the same.
 */
export interface DataVersions {
  /** Moves with every write, sessions included. */
  all(): string;
  /**
   * Moves with every write but the bookkeeping of sign-ins (sessions and failed logins), which no API answer
   * other than authentication reads: a login or a session's idle-deadline update keeps cached answers.
   */
  content(): string;
  /** Declares `changes` rows just written on this connection as sign-in bookkeeping. */
  noteBookkeeping(changes: number): void;
}

const known = new WeakMap<Db, DataVersions>();

/** The data versions of `db`, one shared instance per connection. */
export function dataVersions(db: Db): DataVersions {
  const existing = known.get(db);
  if (existing) return existing;
  const external = db.prepare<[], number>('PRAGMA data_version').pluck();
  const local = db.prepare<[], number>('SELECT total_changes()').pluck();
  let bookkeeping = 0;
  const versions: DataVersions = {
    all: () => `${local.get()!}:${external.get()!}`,
    content: () => `${local.get()! - bookkeeping}:${external.get()!}`,
    noteBookkeeping(changes) {
      bookkeeping += changes;
    },
  };
  known.set(db, versions);
  return versions;
}
