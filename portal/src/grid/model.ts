import type { ReactNode } from 'react';

/** What a cell holds for sorting, searching, filtering and CSV: text, a number, or nothing. */
export type CellValue = string | number | boolean | null | undefined;

/** One column of a grid. `value` is the truth (sort, search, filter, CSV); `cell` only decides how it looks. */
export interface GridColumn<T> {
  /** The column's key in the URL (`sort=-fqdn`, `f.tenant=root`, `cols=name,fqdn`). */
  id: string;
  header: string;
  value: (row: T) => CellValue;
  cell?: (row: T) => ReactNode;
  className?: string;
  /** Offer a filter: a choice among the column's distinct values. */
  filter?: boolean;
  /** Left out until the user picks it in Columns. */
  hidden?: boolean;
}

export interface SortOrder {
  id: string;
  desc: boolean;
}

/** What a viewer chose; every part of it lives in the URL. */
export interface GridState {
  q: string;
  sort: SortOrder | null;
  filters: Record<string, string>;
  page: number;
  size: number;
  /** The visible columns' ids in order, or null for the grid's default. */
  cols: string[] | null;
}

export const PAGE_SIZES = [25, 50, 100, 250] as const;
export const DEFAULT_PAGE_SIZE = 25;

export const emptyGridState = (): GridState => ({
  q: '',
  sort: null,
  filters: {},
  page: 1,
  size: DEFAULT_PAGE_SIZE,
  cols: null,
});

/** The text a value is searched, filtered and exported as. */
export function valueText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}

/**
 * The rows prepared once per data load: each row's search text, so a keystroke costs one pass of `includes`,
 * and each sort order once it has been asked for, so flipping a sort or sorting a filtered view costs one pass.
 */
export interface GridIndex<T> {
  rows: T[];
  haystacks: string[];
  positions: Map<T, number>;
  orders: Map<string, Int32Array>;
}

export function indexRows<T>(rows: T[], columns: GridColumn<T>[]): GridIndex<T> {
  const haystacks = rows.map((row) =>
    columns
      .map((c) => valueText(c.value(row)))
      .join('\u0001')
      .toLowerCase(),
  );
  return { rows, haystacks, positions: new Map(rows.map((row, i) => [row, i])), orders: new Map() };
}

/** The visible columns in order: the viewer's choice (unknown ids dropped) or every column not hidden by default. */
export function visibleColumns<T>(columns: GridColumn<T>[], cols: string[] | null): GridColumn<T>[] {
  if (cols === null) return columns.filter((c) => !c.hidden);
  const chosen = cols.map((id) => columns.find((c) => c.id === id)).filter((c): c is GridColumn<T> => c !== undefined);
  return chosen.length > 0 ? chosen : columns.filter((c) => !c.hidden);
}

/** Rows that hold every search word (in any column, case-insensitive) and match every filter exactly. */
export function filterRows<T>(
  index: GridIndex<T>,
  columns: GridColumn<T>[],
  state: Pick<GridState, 'q' | 'filters'>,
): T[] {
  const words = state.q.toLowerCase().split(/\s+/).filter(Boolean);
  const filters = Object.entries(state.filters)
    .map(([id, wanted]) => ({ column: columns.find((c) => c.id === id), wanted }))
    .filter((f): f is { column: GridColumn<T>; wanted: string } => f.column !== undefined && f.wanted !== '');
  if (words.length === 0 && filters.length === 0) return index.rows;
  const out: T[] = [];
  for (let i = 0; i < index.rows.length; i++) {
    const hay = index.haystacks[i];
    if (!words.every((w) => hay.includes(w))) continue;
    const row = index.rows[i];
    if (filters.every((f) => valueText(f.column.value(row)) === f.wanted)) out.push(row);
  }
  return out;
}

/**
 * A sorted copy: each row's key is read once into flat arrays (numbers compare as numbers, text as lower-case
 * text, empty cells last whichever the direction) and ties keep the incoming order.
 */
export function sortRows<T>(rows: T[], columns: GridColumn<T>[], sort: SortOrder | null): T[] {
  const column = sort ? columns.find((c) => c.id === sort.id) : undefined;
  if (!sort || !column) return rows;
  return Array.from(sortOrder(rows, column, sort.desc), (i) => rows[i]);
}

/**
 * `rows` (all of the index's rows or a filtered part of them) in the order asked for, with the order of all rows
 * computed on the first ask and kept in the index.
 */
export function sortIndexed<T>(index: GridIndex<T>, rows: T[], columns: GridColumn<T>[], sort: SortOrder | null): T[] {
  const column = sort ? columns.find((c) => c.id === sort.id) : undefined;
  if (!sort || !column) return rows;
  const key = `${sort.desc ? '-' : ''}${sort.id}`;
  let order = index.orders.get(key);
  if (!order) {
    order = sortOrder(index.rows, column, sort.desc);
    index.orders.set(key, order);
  }
  if (rows === index.rows) return Array.from(order, (i) => index.rows[i]);
  const wanted = new Uint8Array(index.rows.length);
  for (const row of rows) {
    const at = index.positions.get(row);
    if (at !== undefined) wanted[at] = 1;
  }
  const out: T[] = [];
  for (const i of order) if (wanted[i]) out.push(index.rows[i]);
  return out;
}

function sortOrder<T>(rows: T[], column: GridColumn<T>, desc: boolean): Int32Array {
  const n = rows.length;
  const nums = new Float64Array(n);
  const texts: string[] = new Array<string>(n);
  const empty = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const value = column.value(rows[i]);
    if (typeof value === 'number' && !Number.isNaN(value)) {
      nums[i] = value;
      texts[i] = '';
    } else {
      nums[i] = Number.NaN;
      texts[i] = valueText(value).toLowerCase();
      empty[i] = texts[i] === '' ? 1 : 0;
    }
  }
  const dir = desc ? -1 : 1;
  const order = Int32Array.from({ length: n }, (_, i) => i);
  order.sort((a, b) => {
    if (empty[a] !== empty[b]) return empty[a] - empty[b];
    const byNumber = Number.isNaN(nums[a]) || Number.isNaN(nums[b]) ? 0 : nums[a] - nums[b];
    const byText = byNumber !== 0 ? 0 : texts[a] < texts[b] ? -1 : texts[a] > texts[b] ? 1 : 0;
    return dir * (byNumber || byText) || a - b;
  });
  return order;
}

/** The page asked for, clamped to the pages there are. */
export function pageOf<T>(rows: T[], page: number, size: number): { rows: T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(Math.max(1, page), pages);
  return { rows: rows.slice((current - 1) * size, current * size), page: current, pages };
}

/** The distinct values of a filterable column, sorted, for its choice list. */
export function filterOptions<T>(rows: T[], column: GridColumn<T>): string[] {
  const seen = new Set<string>();
  for (const row of rows) seen.add(valueText(column.value(row)));
  seen.delete('');
  return [...seen].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
}
