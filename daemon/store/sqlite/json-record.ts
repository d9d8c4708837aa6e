import { columnsOf, type JsonKind, type RecordColumns } from '../record-columns.js';

const VALUE: Record<JsonKind, (sql: string) => string> = {
  text: (sql) => sql,
  integer: (sql) => sql,
  digits: (sql) => `CAST(${sql} AS TEXT)`,
  flag: (sql) => `json(CASE ${sql} WHEN 1 THEN 'true' ELSE 'false' END)`,
  present: (sql) => `json(CASE WHEN ${sql} IS NULL THEN 'false' ELSE 'true' END)`,
  time: (sql) => `strftime('%Y-%m-%d %H:%M:%S', ${sql} / 1000, 'unixepoch')`,
  'time+00': (sql) => `strftime('%Y-%m-%d %H:%M:%S+00', ${sql} / 1000, 'unixepoch')`,
};

/** A record of daemon/store/record-columns.ts as SQLite's json_object(...): one JSON text per row. */
export function jsonObjectSql<R>(columns: RecordColumns<R>): string {
  return `json_object(${columnsOf(columns)
    .map(([key, c]) => `'${key}', ${VALUE[c.kind](c.sql)}`)
    .join(', ')})`;
}
