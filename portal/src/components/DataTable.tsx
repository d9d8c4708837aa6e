import type { Key, ReactNode } from 'react';

/** One column of a DataTable: its header and what a row shows in it. */
export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
}

/**
 * A scrollable table of rows, one cell per column; with `actions`, a last unlabelled column (named Actions for
 * screen readers) holds each row's buttons or links.
 */
export function DataTable<T>({ rows, rowKey, columns, actions }: {
  rows: T[];
  rowKey: (row: T) => Key;
  columns: Column<T>[];
  actions?: (row: T) => ReactNode;
}) {
  return (
    <div className="table-wrap">
      <table>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.header}>{c.header}</th>
            ))}
            {actions ? <th aria-label="Actions" /> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => (
                <td key={c.header} className={c.className}>
                  {c.cell(row)}
                </td>
              ))}
              {actions ? <td className="row-actions">{actions(row)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
