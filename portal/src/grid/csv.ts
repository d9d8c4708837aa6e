import { valueText, type GridColumn } from './model';

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. Text that a spreadsheet would run
 * as a formula (`=`, `+`, `-`, `@` first, and not a number) gets a leading apostrophe, so that an origin named
 * `=HYPERLINK(...)` stays text when an operator opens the export.
 */
export function csvField(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) && !/^[+-]?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The rows as CSV with a header line, the given columns in order, CRLF line ends. */
export function toCsv<T>(rows: T[], columns: GridColumn<T>[]): string {
  const lines = [columns.map((c) => csvField(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvField(valueText(c.value(row)))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
