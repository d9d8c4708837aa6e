const GAP = 2;
const MIN_WIDTH = 5;

/**
 * Column widths that fit `maxWidth`: natural widths, then the widest column shrinks one character at a time
 * until the table fits or every column is down to its minimum (its header, at least 5, or its natural width).
 */
export function fitWidths(headers: string[], cells: string[][], maxWidth: number): number[] {
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((row) => row[i]?.length ?? 0)));
  const minimum = widths.map((w, i) => Math.min(w, Math.max(headers[i].length, MIN_WIDTH)));
  const total = () => widths.reduce((sum, w) => sum + w, 0) + GAP * Math.max(widths.length - 1, 0);
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

/** Cuts text to `width` characters, marking the cut with an ellipsis. */
export function truncate(text: string, width: number): string {
  if (text.length <= width) return text;
  if (width <= 1) return text.slice(0, width);
  return `${text.slice(0, width - 1)}…`;
}

/** Renders rows as aligned columns (no trailing spaces); `header` styles the header line (e.g. bold). */
export function renderTable(
  headers: string[],
  cells: string[][],
  maxWidth: number,
  header: (line: string) => string = (line) => line,
): string[] {
  const widths = fitWidths(headers, cells, maxWidth);
  const line = (row: string[]) =>
    row
      .map((cell, i) => {
        const text = truncate(cell, widths[i]);
        return i === row.length - 1 ? text : text.padEnd(widths[i]);
      })
      .join(' '.repeat(GAP))
      .trimEnd();
  return [header(line(headers)), ...cells.map(line)];
}
