import { columnsOf, type JsonKind, type RecordColumns } from '../record-columns.js';

const text = (sql: string) => `coalesce(to_json(${sql})::text, 'null')`;
const time = (sql: string, suffix: string) =>
  `'"' || to_char(to_timestamp(${sql} / 1000) AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') || '${suffix}"'`;

const VALUE: Record<JsonKind, (sql: string) => string> = {
  text,
  integer: (sql) => `coalesce((${sql})::text, 'null')`,
  digits: (sql) => text(`(${sql})::text`),
  flag: (sql) => `CASE ${sql} WHEN 1 THEN 'true' ELSE 'false' END`,
  present: (sql) => `CASE WHEN ${sql} IS NULL THEN 'false' ELSE 'true' END`,
  time: (sql) => time(sql, ''),
  'time+00': (sql) => time(sql, '+00'),
};

/**
 * A record of daemon/store/record-columns.ts as a PostgreSQL text expression: byte for byte what SQLite's
 * json_object renders (jsonObjectSql), the same keys in the same order and no whitespace (json_build_object
 * would put spaces around `:` and `,`, so the text is joined from its parts); strings escaped by to_json, which
 * escapes what SQLite's json_object does (`"`, `\`, control characters).
 */
export function jsonTextSql<R>(columns: RecordColumns<R>): string {
  return `'{' || ${columnsOf(columns)
    .map(([key, c]) => `'"${key}":' || ${VALUE[c.kind](c.sql)}`)
    .join(` || ',' || `)} || '}'`;
}
