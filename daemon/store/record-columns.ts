/**
 * A record of the API defined once as columns: for each key of its contract type (in the order the API writes
 * them), the SQL expression that reads it and how its value becomes JSON. Each adapter renders the map in its
 * own dialect (daemon/store/sqlite/json-record.ts, daemon/store/postgres/json-record.ts), so a list of
 * 100,000 records is JSON text straight from the database and the two backends cannot drift apart: a key added
 * to the contract type without a column here does not compile.
 */
export type JsonKind =
  /** a string or null */
  | 'text'
  /** a number or null */
  | 'integer'
  /** an integer as a digit string (Traffic Ops' ids in GET users) */
  | 'digits'
  /** 0/1 as false/true */
  | 'flag'
  /** true when the column is not null */
  | 'present'
  /** integer milliseconds as `YYYY-MM-DD hh:mm:ss` UTC */
  | 'time'
  /** integer milliseconds as `YYYY-MM-DD hh:mm:ss+00` */
  | 'time+00';

export interface RecordColumn {
  /** The SQL expression over the adapter's FROM clause, e.g. `o.name`. */
  sql: string;
  kind: JsonKind;
}

/** One column per key of the contract record `R`, none missing. */
export type RecordColumns<R> = { readonly [K in keyof R]-?: RecordColumn };

/** The map's keys and columns in their (the API's) order. */
export function columnsOf<R>(columns: RecordColumns<R>): Array<[key: string, column: RecordColumn]> {
  return Object.entries(columns) as Array<[string, RecordColumn]>;
}
