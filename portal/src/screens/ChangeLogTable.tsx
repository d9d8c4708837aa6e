import type { LogEntry } from '../api/types';
import { DataTable, type Column } from '../components/DataTable';

const COLUMNS: Column<LogEntry>[] = [
  { header: 'Time (UTC)', className: 'mono', cell: (e) => e.lastUpdated },
  { header: 'User', cell: (e) => e.user },
  { header: 'Level', cell: (e) => e.level },
  { header: 'Change', className: 'mono wrap', cell: (e) => e.message },
];

/** Change-log entries, newest first, as the API answers them. */
export function ChangeLogTable({ entries }: { entries: LogEntry[] }) {
  return <DataTable rows={entries} rowKey={(e) => e.id} columns={COLUMNS} />;
}
