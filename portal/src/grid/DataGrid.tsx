import { useMemo, type Key, type ReactNode } from 'react';
import { GridPager } from './GridPager';
import { GridTable } from './GridTable';
import { GridToolbar } from './GridToolbar';
import { filterRows, indexRows, pageOf, sortIndexed, visibleColumns, type GridColumn, type GridState } from './model';
import { useGridState } from './useGridState';

export interface DataGridProps<T> {
  /** What the rows are, for the table's name and the search box ("Origins"). */
  label: string;
  rows: T[];
  rowKey: (row: T) => Key;
  columns: GridColumn<T>[];
  /** Each row's buttons or links, in a last column named Actions for screen readers. */
  actions?: (row: T) => ReactNode;
  /** Prefix of this grid's URL parameters, when a page has more than one grid. */
  urlPrefix?: string;
  /** The CSV file's name, without `.csv`. */
  exportName?: string;
}

/**
 * Every list of the portal: search, a filter per filterable column, sort by any column, pages, a choice of
 * columns and a CSV export of the filtered rows, with the whole view in the URL. The rows' search text is
 * prepared once per data load, so a keystroke or a sort over 10,000 rows stays well inside a frame or two.
 */
export function DataGrid<T>({ label, rows, rowKey, columns, actions, urlPrefix = '', exportName }: DataGridProps<T>) {
  const [state, setState] = useGridState(urlPrefix);
  const index = useMemo(() => indexRows(rows, columns), [rows, columns]);
  const filtered = useMemo(() => filterRows(index, columns, state), [index, columns, state.q, state.filters]);
  const sorted = useMemo(
    () => sortIndexed(index, filtered, columns, state.sort),
    [index, filtered, columns, state.sort],
  );
  const shown = visibleColumns(columns, state.cols);
  const page = pageOf(sorted, state.page, state.size);
  const change = (patch: Partial<GridState>) => setState({ ...state, page: 1, ...patch });
  const toggleSort = (id: string) => {
    const sort = state.sort?.id !== id ? { id, desc: false } : state.sort.desc ? null : { id, desc: true };
    change({ sort });
  };
  return (
    <div className="grid">
      <GridToolbar
        label={label}
        rows={rows}
        columns={columns}
        shown={shown}
        state={state}
        matched={sorted}
        exportName={exportName ?? label.toLowerCase().replace(/\s+/g, '-')}
        onChange={change}
      />
      <GridTable
        label={label}
        rows={page.rows}
        total={sorted.length}
        rowKey={rowKey}
        columns={shown}
        sort={state.sort}
        actions={actions}
        onSort={toggleSort}
      />
      <GridPager page={page.page} pages={page.pages} size={state.size} onChange={change} />
    </div>
  );
}
