import type { LogEntry } from '../api/types';
import { DataGrid } from '../grid/DataGrid';
import type { GridColumn } from '../grid/model';

const COLUMNS: GridColumn<LogEntry>[] = [
  { id: 'time', header: 'Time (UTC)', className: 'mono', value: (e) => e.lastUpdated },
  { id: 'user', header: 'User', filter: true, value: (e) => e.user },
  { id: 'level', header: 'Level', filter: true, value: (e) => e.level },
  { id: 'change', header: 'Change', className: 'mono wrap', value: (e) => e.message },
];

/** Change-log entries, newest first, as the API answers them: searchable, filterable by user and level. */
export function ChangeLogTable({ entries }: { entries: LogEntry[] }) {
  return <DataGrid label="Change log" rows={entries} rowKey={(e) => e.id} columns={COLUMNS} exportName="change-log" />;
}
