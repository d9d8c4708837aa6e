/** The output formats every command offers (`-o`). */
export const OUTPUT_FORMATS = ['table', 'json', 'yaml', 'wide', 'csv'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export function isOutputFormat(text: string): text is OutputFormat {
  return (OUTPUT_FORMATS as readonly string[]).includes(text);
}

/**
 * A table column: its header, how a row shows in it, and whether only `-o wide` shows it. `value` is a method, so
 * a `Column<Server>` is also a `Column<object>`: the printer hands each column only rows of the table it came with.
 */
export interface Column<R extends object> {
  header: string;
  value(row: R): unknown;
  wide?: boolean;
}

/** What a command hands the printer. `data` is what `-o json|yaml` print, as is (usually the API's `response`). */
export type Output =
  | { kind: 'table'; data: unknown; columns: Column<object>[]; rows: object[]; empty: string }
  | { kind: 'record'; data: unknown; fields: Array<[string, unknown]> }
  | { kind: 'message'; data: unknown; text: string };

/** A table of rows. */
export function tableOutput<R extends object>(data: unknown, rows: R[], columns: Column<R>[], empty: string): Output {
  return { kind: 'table', data, rows, columns, empty };
}

/** One record shown as `label: value` lines. */
export function recordOutput(data: unknown, fields: Array<[string, unknown]>): Output {
  return { kind: 'record', data, fields };
}

/** A line of text on stdout (table/wide); `data` for json/yaml. */
export function messageOutput(data: unknown, text: string): Output {
  return { kind: 'message', data, text };
}

/** How a value shows in a table cell or record line. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(cellText).join(',');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value).replace(/[\r\n\t]+/g, ' ');
}

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV lines of a header row and data rows. */
export function csvLines(headers: string[], cells: string[][]): string[] {
  return [headers, ...cells].map((row) => row.map(csvField).join(','));
}
