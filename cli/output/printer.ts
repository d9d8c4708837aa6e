import type { Alert } from '../../shared/client/types.js';
import { plainPaint, type Paint } from './colors.js';
import { cellText, csvLines, type Output, type OutputFormat } from './format.js';
import { renderTextTable } from './table.js';

/** Where the printer writes, and how. */
export interface PrinterOptions {
  format: OutputFormat;
  out: (text: string) => void;
  err: (text: string) => void;
  /** Styles for stdout and stderr (plain when color is off for that stream). */
  outPaint?: Paint;
  errPaint?: Paint;
  /** The terminal's width; Infinity when stdout is no terminal and COLUMNS is unset. */
  width: number;
}

/**
 * The one printer of every command: results go to stdout as a table, a record, yaml or json (json and yaml print
 * a result's `data`, the API's `response`, as it is); alerts, notes and warnings go to stderr.
 */
export class Printer {
  readonly format: OutputFormat;
  private readonly outPaint: Paint;
  private readonly errPaint: Paint;

  constructor(private readonly options: PrinterOptions) {
    this.format = options.format;
    this.outPaint = options.outPaint ?? plainPaint;
    this.errPaint = options.errPaint ?? plainPaint;
  }

  /** True for the formats meant for programs (json, yaml). */
  get structured(): boolean {
    return this.format === 'json' || this.format === 'yaml';
  }

  async print(output: Output): Promise<void> {
    if (this.format === 'json') {
      this.options.out(`${JSON.stringify(output.data ?? null, null, 2)}\n`);
      return;
    }
    if (this.format === 'yaml') {
      const { stringify } = await import('yaml');
      this.options.out(stringify(output.data ?? null));
      return;
    }
    if (output.kind === 'message') {
      if (output.text) this.options.out(`${output.text}\n`);
      return;
    }
    if (this.format === 'csv' && output.kind === 'record') {
      // A record as FIELD,VALUE lines: still one header row, then data.
      const rows = output.fields.map(([label, value]) => [label, cellText(value)]);
      this.options.out(`${csvLines(['field', 'value'], rows).join('\n')}\n`);
      return;
    }
    if (output.kind === 'record') {
      const labelWidth = Math.max(...output.fields.map(([label]) => label.length));
      for (const [label, value] of output.fields) {
        this.options.out(
          `${this.outPaint.bold(`${label}:`.padEnd(labelWidth + 1))} ${cellText(value)}\n`.replace(/ +\n$/, '\n'),
        );
      }
      return;
    }
    if (this.format === 'csv') {
      // Every column (the wide ones too), plain text, no width limit, the header even without rows.
      const cells = output.rows.map((row) => output.columns.map((c) => cellText(c.value(row))));
      this.options.out(
        `${csvLines(
          output.columns.map((c) => c.header),
          cells,
        ).join('\n')}\n`,
      );
      return;
    }
    if (output.rows.length === 0) {
      this.note(output.empty);
      return;
    }
    const wide = this.format === 'wide';
    const columns = output.columns.filter((c) => wide || !c.wide);
    const cells = output.rows.map((row) => columns.map((c) => cellText(c.value(row))));
    const lines = renderTextTable(
      columns.map((c) => c.header),
      cells,
      wide ? Infinity : this.options.width,
      this.outPaint.bold,
    );
    this.options.out(`${lines.join('\n')}\n`);
  }

  /** An answer's alerts: success and info as they are, warnings marked; all on stderr. */
  alerts(alerts: Alert[]): void {
    for (const alert of alerts) {
      if (alert.level === 'warning') this.warn(alert.text);
      else if (alert.level === 'error') this.options.err(`${this.errPaint.red('error:')} ${alert.text}\n`);
      else if (alert.level === 'success') this.options.err(`${this.errPaint.green(alert.text)}\n`);
      else this.note(alert.text);
    }
  }

  /** A line of chatter on stderr. */
  note(line: string): void {
    this.options.err(`${line}\n`);
  }

  warn(line: string): void {
    this.options.err(`${this.errPaint.yellow('warning:')} ${line}\n`);
  }
}
