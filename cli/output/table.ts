// The one text-table renderer of the CLI: the printer's tables (`-o table`, `ds get`, `config list`) and the Ink
// screens' Table, SelectList, Picker and MultiSelect. Pure: columns, widths, truncation, no colour or terminal.
// Two ways of fitting a width share it: the printer never drops a column (a script reads every one; the widest
// shrinks first, none below its header or 5 characters), the screens shrink and then drop the least important.
// The portal's grid is an HTML table: the browser lays its columns out (CSS), so it has no widths to share.

/** A column of a text table: which field, its header, and how small it may get. */
export interface Column<Row> {
  header: string;
  value: (row: Row) => string;
  /**
   * Narrowest width before the column is dropped instead, for a column cut in the middle (at least MIN_CUT); other
   * columns are shown whole or dropped.
   */
  minWidth?: number;
  align?: 'left' | 'right';
  /**
   * How important the column is (1 most): when space runs short, the least important shrinks first and is
   * dropped first. Default: its position, so columns on the right give way first.
   */
  priority?: number;
  /** Where a cut shows: at the end (default) or in the middle, which keeps names that differ at the end apart. */
  ellipsis?: 'end' | 'middle';
}

export const COLUMN_GAP = 2;

/** Cuts text to `width` characters, ending with `…` when something was cut. */
export function truncate(text: string, width: number): string {
  if (width <= 0) return '';
  if (text.length <= width) return text;
  if (width === 1) return '…';
  return `${text.slice(0, width - 1)}…`;
}

/** Cuts text to `width` characters with `…` in the middle: `acme-news-origin-2` → `acme-n…igin-2`. */
export function truncateMiddle(text: string, width: number): string {
  if (width <= 0) return '';
  if (text.length <= width) return text;
  if (width < 5) return truncate(text, width);
  const tail = Math.floor((width - 1) / 2);
  const head = width - 1 - tail;
  return `${text.slice(0, head)}…${text.slice(text.length - tail)}`;
}

/** The fewest characters a cut name keeps: shorter than this, `acme-news-images` reads as `acm…es`. */
export const MIN_CUT = 12;

/**
 * How narrow a column may get. A column cut in the middle (names, FQDNs, URLs: their ends tell them apart) keeps
 * at least MIN_CUT characters (or its minWidth, if larger); any other column (a status, a time, a count) is shown
 * whole or not at all: `PENDI…` says less than no column.
 */
function cutMinimum<Row>(col: Column<Row>, natural: number): number {
  if (col.ellipsis !== 'middle') return natural;
  return Math.min(natural, Math.max(col.minWidth ?? 0, MIN_CUT));
}

/**
 * Chooses a width for each column so the table fits `width`. A column with nothing in any row takes no space.
 * Columns keep their natural width when they can; when even the minimums (see cutMinimum) do not fit, the least
 * important (highest `priority`) are dropped. Then, least important first, a column that may be cut shrinks and
 * one that may not is dropped, until the table fits: a more important column is never cut to keep a lesser one.
 * Answers one width per column, 0 for a dropped or empty column.
 */
export function fitColumns<Row>(columns: Column<Row>[], rows: Row[], width: number): number[] {
  const natural = columns.map((col) => Math.max(col.header.length, ...rows.map((row) => col.value(row).length)));
  const minimum = columns.map((col, i) => cutMinimum(col, natural[i]));
  const priority = (i: number) => columns[i].priority ?? i + 1;
  const empty = (i: number) => rows.length > 0 && rows.every((row) => columns[i].value(row) === '');
  // Most important first: the order in which columns get space.
  let kept = columns
    .map((_, i) => i)
    .filter((i) => !empty(i))
    .sort((a, b) => priority(a) - priority(b) || a - b);
  const total = (widths: number[]) => kept.reduce((sum, i) => sum + widths[i], 0) + COLUMN_GAP * (kept.length - 1);
  while (kept.length > 1 && total(minimum) > width) kept = kept.slice(0, -1);
  const widths = [...natural];
  // Least important first: a column that may be cut gives up what it can; one that may not is dropped, so that
  // nothing more important is cut to keep it.
  for (let k = kept.length - 1; k >= 0 && total(widths) > width; k--) {
    const i = kept[k];
    if (minimum[i] < natural[i]) widths[i] = Math.max(minimum[i], widths[i] - (total(widths) - width));
    else if (kept.length > 1) kept = kept.filter((j) => j !== i);
  }
  if (kept.length === 1) widths[kept[0]] = Math.min(widths[kept[0]], Math.max(width, 1));
  return columns.map((_, i) => (kept.includes(i) ? widths[i] : 0));
}

/** Cuts text to `width` keeping `head` characters before the `…` and the rest of the width after it. */
function cutAt(text: string, width: number, head: number): string {
  if (text.length <= width) return text;
  const tail = width - 1 - head;
  return `${text.slice(0, head)}…${tail > 0 ? text.slice(text.length - tail) : ''}`;
}

/** How many rows a column's cut is checked on: enough for any screenful, cheap for long lists. */
const DISTINCT_SAMPLE = 500;

/**
 * Where a middle-cut column puts its `…`: the middle, unless that makes different values look the same
 * (`origin-1.news…net` twice); then the split nearest the middle that keeps them apart.
 */
export function distinctSplit(values: string[], width: number): number {
  const middle = width - 1 - Math.floor((width - 1) / 2);
  const sample = values.slice(0, DISTINCT_SAMPLE);
  const wanted = new Set(sample).size;
  if (width < 5 || sample.every((v) => v.length <= width)) return middle;
  const splits = Array.from({ length: width }, (_, h) => h).sort(
    (a, b) => Math.abs(a - middle) - Math.abs(b - middle) || b - a,
  );
  const found = splits.find((h) => new Set(sample.map((v) => cutAt(v, width, h))).size === wanted);
  return found ?? middle;
}

/** A header line and one line per row at the given widths; a column of width 0 is left out. No trailing spaces. */
function renderAt<Row>(columns: Column<Row>[], rows: Row[], widths: number[]): { header: string; lines: string[] } {
  const shown = columns
    .map((col, i) => ({ col, w: widths[i] }))
    .filter(({ w }) => w > 0)
    .map(({ col, w }) => ({
      col,
      w,
      split:
        col.ellipsis === 'middle'
          ? distinctSplit(
              rows.map((r) => col.value(r)),
              w,
            )
          : null,
    }));
  const cell = (text: string, { col, w, split }: (typeof shown)[number]) => {
    const cut = split === null || w < 5 ? truncate(text, w) : cutAt(text, w, split);
    return col.align === 'right' ? cut.padStart(w) : cut.padEnd(w);
  };
  const line = (cells: string[]) =>
    shown
      .map((column, i) => cell(cells[i], column))
      .join(' '.repeat(COLUMN_GAP))
      .trimEnd();
  return {
    header: line(shown.map(({ col }) => col.header)),
    lines: rows.map((row) => line(shown.map(({ col }) => col.value(row)))),
  };
}

/** The screens' table: each line at most `width` characters, least important columns shrunk, then dropped. */
export function renderTable<Row>(
  columns: Column<Row>[],
  rows: Row[],
  width: number,
): { header: string; lines: string[] } {
  return renderAt(columns, rows, fitColumns(columns, rows, width));
}

const MIN_WIDTH = 5;

/**
 * The printer's widths for `maxWidth`: natural widths, then the widest column shrinks one character at a time
 * until the table fits or every column is down to its minimum (its header, at least 5, or its natural width).
 */
export function fitWidths(headers: string[], cells: string[][], maxWidth: number): number[] {
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((row) => row[i]?.length ?? 0)));
  const minimum = widths.map((w, i) => Math.min(w, Math.max(headers[i].length, MIN_WIDTH)));
  const total = () => widths.reduce((sum, w) => sum + w, 0) + COLUMN_GAP * Math.max(widths.length - 1, 0);
  while (total() > maxWidth) {
    let widest = -1;
    for (let i = 0; i < widths.length; i++) {
      if (widths[i] > minimum[i] && (widest < 0 || widths[i] > widths[widest])) widest = i;
    }
    if (widest < 0) break;
    widths[widest] -= 1;
  }
  return widths;
}

/** The printer's table of text cells: every column kept (see fitWidths); `header` styles the header line. */
export function renderTextTable(
  headers: string[],
  cells: string[][],
  maxWidth: number,
  header: (line: string) => string = (line) => line,
): string[] {
  const columns = headers.map((title, i): Column<string[]> => ({ header: title, value: (row) => row[i] ?? '' }));
  const rendered = renderAt(columns, cells, fitWidths(headers, cells, maxWidth));
  return [header(rendered.header), ...rendered.lines];
}
