export type Outcome = 'created' | 'updated' | 'unchanged';
export type Row = Record<string, string | number | null>;

/**
 * Insert-or-update of one table by its natural key, which writes only when a value differs, so importing the same
 * snapshot twice leaves the same database (timestamps included). Table and column names come from this code,
 * never from the snapshot: every value travels as a bound parameter.
 */
export interface Upserter {
  /** The stored row with this key, or undefined. */
  find(key: Row): (Row & { id: number }) | undefined;
  /** Writes `values` (which include the key columns); answers the row id and what happened. */
  upsert(values: Row, now: number): { id: number; outcome: Outcome };
  /** Sets `last_updated` (tables that have it) when something that belongs to the row, such as its links, changed. */
  touch(id: number, now: number): void;
}
