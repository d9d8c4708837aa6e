import type { Key, ReactNode } from 'react';
import { valueText, type GridColumn, type SortOrder } from './model';

/** The table of one page of rows: a sort button in every header, each cell labelled for the narrow layout. */
export function GridTable<T>({
  label,
  rows,
  total,
  rowKey,
  columns,
  sort,
  actions,
  onSort,
}: {
  label: string;
  rows: T[];
  total: number;
  rowKey: (row: T) => Key;
  columns: GridColumn<T>[];
  sort: SortOrder | null;
  actions?: (row: T) => ReactNode;
  onSort: (id: string) => void;
}) {
  return (
    <div className="table-wrap">
      <table aria-label={label} aria-rowcount={total}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th
                key={c.id}
                className={c.className?.includes('sticky-col') ? 'sticky-col' : undefined}
                aria-sort={sort?.id === c.id ? (sort.desc ? 'descending' : 'ascending') : undefined}
              >
                <button type="button" className="sort-button" onClick={() => onSort(c.id)}>
                  {c.header}
                  <span className="sort-mark" aria-hidden="true">
                    {sort?.id === c.id ? (sort.desc ? '▼' : '▲') : ''}
                  </span>
                </button>
              </th>
            ))}
            {actions ? <th aria-label="Actions" /> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => (
                <td key={c.id} className={c.className} data-label={c.header}>
                  {c.cell ? c.cell(row) : valueText(c.value(row)) || '—'}
                </td>
              ))}
              {actions ? <td className="row-actions">{actions(row)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
      {total === 0 ? <p className="grid-empty muted">No rows match.</p> : null}
    </div>
  );
}
