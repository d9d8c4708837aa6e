import { useMemo, useState } from 'react';
import { ColumnPicker } from './ColumnPicker';
import { toCsv } from './csv';
import { filterOptions, type GridColumn, type GridState } from './model';

const count = (n: number) => n.toLocaleString('en-US');

/** Hands the rows to the browser as a CSV download (a blob URL: nothing leaves the page). */
function download(name: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${name}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The filters and the column choice; on a narrow window they fold behind one button, so the first rows show. */
function GridFilters<T>({
  columns,
  shown,
  state,
  filterable,
  onChange,
}: {
  columns: GridColumn<T>[];
  shown: GridColumn<T>[];
  state: GridState;
  filterable: Array<{ column: GridColumn<T>; options: string[] }>;
  onChange: (patch: Partial<GridState>) => void;
}) {
  const setFilter = (id: string, value: string) => onChange({ filters: { ...state.filters, [id]: value } });
  const [open, setOpen] = useState(false);
  const active = Object.values(state.filters).filter(Boolean).length;
  return (
    <>
      <button
        type="button"
        className="small secondary grid-filters-toggle"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {active > 0 ? `Filters (${active})` : 'Filters'}
      </button>
      <div className={open ? 'grid-filters open' : 'grid-filters'}>
        {filterable.map(({ column, options }) => (
          <label key={column.id} className="grid-filter">
            <span className="visually-hidden">Filter by {column.header.toLowerCase()}</span>
            <select value={state.filters[column.id] ?? ''} onChange={(e) => setFilter(column.id, e.target.value)}>
              <option value="">{`Any ${column.header.toLowerCase()}`}</option>
              {options.map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </select>
          </label>
        ))}
        <ColumnPicker columns={columns} shown={shown} onChange={(cols) => onChange({ cols })} />
      </div>
    </>
  );
}

/** Search, filters, columns and export above a grid, with how many rows match. */
export function GridToolbar<T>({
  label,
  rows,
  columns,
  shown,
  state,
  matched,
  exportName,
  onChange,
}: {
  label: string;
  rows: T[];
  columns: GridColumn<T>[];
  shown: GridColumn<T>[];
  state: GridState;
  matched: T[];
  exportName: string;
  onChange: (patch: Partial<GridState>) => void;
}) {
  const filterable = useMemo(
    () => columns.filter((c) => c.filter).map((c) => ({ column: c, options: filterOptions(rows, c) })),
    [rows, columns],
  );
  return (
    <div className="grid-toolbar" role="group" aria-label={`${label} view`}>
      <input
        type="search"
        className="grid-search"
        aria-label={`Search ${label.toLowerCase()}`}
        placeholder="Search…"
        value={state.q}
        onChange={(e) => onChange({ q: e.target.value })}
      />
      <GridFilters columns={columns} shown={shown} state={state} filterable={filterable} onChange={onChange} />
      {state.q || state.sort || state.cols || Object.values(state.filters).some(Boolean) ? (
        <button
          type="button"
          className="small secondary"
          onClick={() => onChange({ q: '', sort: null, filters: {}, cols: null })}
        >
          Reset view
        </button>
      ) : null}
      <button type="button" className="small secondary" onClick={() => download(exportName, toCsv(matched, shown))}>
        Export CSV
      </button>
      <span className="grid-count muted" aria-live="polite">
        {matched.length === rows.length
          ? `${count(rows.length)} rows`
          : `${count(matched.length)} of ${count(rows.length)} rows`}
      </span>
    </div>
  );
}
