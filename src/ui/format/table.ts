/** A column of a text table: which field, its header, and how small it may get. */
export interface Column<Row> {
  header: string;
  value: (row: Row) => string;
  /** Narrowest width before the column is dropped instead (default: min(header length, 6)). */
  minWidth?: number;
  align?: 'left' | 'right';
}

export const COLUMN_GAP = 2;

/** Cuts text to `width` characters, ending with `…` when something was cut. */
export function truncate(text: string, width: number): string {
  if (width <= 0) return '';
  if (text.length <= width) return text;
  if (width === 1) return '…';
  return `${text.slice(0, width - 1)}…`;
}

function pad(text: string, width: number, align: 'left' | 'right' = 'left'): string {
  const cut = truncate(text, width);
  return align === 'right' ? cut.padStart(width) : cut.padEnd(width);
}

/**
 * Chooses a width for each column so the table fits `width`: columns keep their natural width when they can;
 * otherwise the widest shrinks first, and columns that cannot reach their minimum are dropped from the right.
 * Answers one width per column, 0 for a dropped column.
 */
export function fitColumns<Row>(columns: Column<Row>[], rows: Row[], width: number): number[] {
  const natural = columns.map((col) => Math.max(col.header.length, ...rows.map((row) => col.value(row).length)));
  const minimum = columns.map((col, i) => Math.min(natural[i], col.minWidth ?? Math.min(col.header.length, 6)));
  let kept = columns.length;
  const total = (widths: number[], count: number) => widths.slice(0, count).reduce((a, b) => a + b, 0) + COLUMN_GAP * (count - 1);
  while (kept > 1 && total(minimum, kept) > width) kept -= 1;
  const widths = natural.slice(0, kept);
  while (total(widths, kept) > width) {
    let widest = -1;
    for (let i = 0; i < kept; i++) {
      if (widths[i] > minimum[i] && (widest === -1 || widths[i] > widths[widest])) widest = i;
    }
    if (widest === -1) break;
    widths[widest] -= 1;
  }
  if (kept === 1) widths[0] = Math.min(widths[0], Math.max(width, 1));
  return columns.map((_, i) => (i < kept ? widths[i] : 0));
}

/** Renders a header line and one line per row, each at most `width` characters. */
export function renderTable<Row>(columns: Column<Row>[], rows: Row[], width: number): { header: string; lines: string[] } {
  const widths = fitColumns(columns, rows, width);
  const shown = columns.map((col, i) => ({ col, w: widths[i] })).filter(({ w }) => w > 0);
  const line = (cells: string[]) =>
    shown
      .map(({ col, w }, i) => pad(cells[i], w, col.align))
      .join(' '.repeat(COLUMN_GAP))
      .trimEnd();
  return {
    header: line(shown.map(({ col }) => col.header)),
    lines: rows.map((row) => line(shown.map(({ col }) => col.value(row)))),
  };
}
