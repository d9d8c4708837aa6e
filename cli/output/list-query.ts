import { cellText, type Column } from './format.js';

/** `--filter`, `--sort` and `--limit` of a list, as given. */
export interface ListQuery {
  filter?: string[];
  sort?: string;
  limit?: number;
}

/** A row's value for a field: an API field name (any case) first, else a column header (`ASSET URL`, `asset-url`). */
type Getter = (row: object) => unknown;

const squash = (text: string) => text.toLowerCase().replace(/[\s_-]+/g, '');

/** How to read a field of the rows; null when neither the rows nor the columns know it. */
export function fieldGetter(field: string, rows: object[], columns: Column<object>[]): Getter | null {
  const wanted = squash(field);
  const key = rows.length > 0 ? Object.keys(rows[0]).find((k) => squash(k) === wanted) : undefined;
  if (key !== undefined) return (row) => (row as Record<string, unknown>)[key];
  const column = columns.find((c) => squash(c.header) === wanted);
  return column ? (row) => column.value(row) : null;
}

/** The fields a list can be filtered or sorted by, for messages. */
export function knownFields(rows: object[], columns: Column<object>[]): string[] {
  return rows.length > 0 ? Object.keys(rows[0]) : columns.map((c) => c.header.toLowerCase().replace(/\s+/g, '-'));
}

/** `FIELD=VALUE` (equal, ignoring case) or `FIELD~VALUE` (contains, ignoring case). */
export function parseFilter(text: string): { field: string; op: '=' | '~'; value: string } | null {
  const m = /^([^=~]+)([=~])(.*)$/.exec(text);
  return m ? { field: m[1].trim(), op: m[2] as '=' | '~', value: m[3] } : null;
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const [x, y] = [cellText(a), cellText(b)];
  if (/^-?\d+(\.\d+)?$/.test(x) && /^-?\d+(\.\d+)?$/.test(y)) return Number(x) - Number(y);
  return x.localeCompare(y);
}

/** The rows a query keeps, in its order; a string is the usage error to report (an unknown field, a bad filter). */
export function applyListQuery<R extends object>(rows: R[], columns: Column<R>[], query: ListQuery): R[] | string {
  let kept = rows;
  const unknown = (field: string) => `unknown field "${field}"; fields: ${knownFields(rows, columns).join(', ')}`;
  for (const text of query.filter ?? []) {
    const filter = parseFilter(text);
    if (!filter) return `--filter "${text}" is not FIELD=VALUE (or FIELD~TEXT for "contains")`;
    const get = fieldGetter(filter.field, rows, columns);
    if (!get) return rows.length === 0 ? ([] as R[]) : unknown(filter.field);
    const value = filter.value.toLowerCase();
    kept = kept.filter((row) => {
      const cell = cellText(get(row)).toLowerCase();
      return filter.op === '=' ? cell === value : cell.includes(value);
    });
  }
  if (query.sort) {
    const descending = query.sort.startsWith('-');
    const field = descending ? query.sort.slice(1) : query.sort;
    const get = fieldGetter(field, rows, columns);
    if (!get && rows.length > 0) return unknown(field);
    if (get) kept = [...kept].sort((a, b) => (descending ? -1 : 1) * compare(get(a), get(b)));
  }
  return query.limit === undefined ? kept : kept.slice(0, query.limit);
}

/**
 * When `=` filters left nothing: a hint that they match whole values, naming the `~` filter that would keep rows
 * (the README's `--filter tenant=acme` on tenants named `acme-media`), or null.
 */
export function filterHint<R extends object>(rows: R[], columns: Column<R>[], query: ListQuery): string | null {
  const exact = (query.filter ?? []).filter((text) => parseFilter(text)?.op === '=');
  if (rows.length === 0 || exact.length === 0) return null;
  const loose = (query.filter ?? []).map((text) => (exact.includes(text) ? text.replace('=', '~') : text));
  const kept = applyListQuery(rows, columns, { filter: loose });
  const count = typeof kept === 'string' ? 0 : kept.length;
  const suggestion = loose.map((text) => `--filter '${text}'`).join(' ');
  return count > 0
    ? `--filter FIELD=VALUE matches the whole value (any case); ${suggestion} matches ${count} row${count === 1 ? '' : 's'} containing it`
    : '--filter FIELD=VALUE matches the whole value (any case); FIELD~TEXT matches values containing TEXT';
}
