import type { Db } from './db.js';

const readers = new WeakMap<Db, () => string>();

/**
 * A reader of the database's data version: a value that changes with every write through this connection
 * (SQLite's total_changes()) and every commit by another connection or process (PRAGMA data_version). What is
 * derived from stored data may be kept in memory for as long as it stays the same.
 *
 * Own writes are counted on every call. Another process's commit is read at most once per turn of the event
 * loop (the pragma costs a read transaction): a commit that lands during a turn is seen from the next one, as if
 * it had landed a moment later.
 */
export function dataVersionReader(db: Db): () => string {
  const known = readers.get(db);
  if (known) return known;
  const external = db.prepare<[], number>('PRAGMA data_version').pluck();
  const local = db.prepare<[], number>('SELECT total_changes()').pluck();
  let externalThisTurn: number | null = null;
  const forget = () => {
    externalThisTurn = null;
  };
  const reader = () => {
    if (externalThisTurn === null) {
      externalThisTurn = external.get()!;
      setImmediate(forget);
    }
    return `${local.get()!}:${externalThisTurn}`;
  };
  readers.set(db, reader);
  return reader;
}
