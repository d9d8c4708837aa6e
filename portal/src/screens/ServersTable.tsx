import type { CacheServer } from '../api/caches';
import { DataGrid } from '../grid/DataGrid';
import type { GridColumn } from '../grid/model';
import { checkCell } from '../lib/servers';

function serverColumns(checks: Map<number, Record<string, number | null>>): GridColumn<CacheServer>[] {
  const check = (name: string) => (s: CacheServer) => checkCell(checks.get(s.id), name);
  return [
    { id: 'host', header: 'Host', className: 'mono', value: (s) => s.hostName },
    { id: 'type', header: 'Type', filter: true, value: (s) => s.type },
    {
      id: 'status',
      header: 'Status',
      filter: true,
      value: (s) => s.status,
      cell: (s) => (s.offlineReason ? `${s.status} (${s.offlineReason})` : s.status),
    },
    { id: 'cachegroup', header: 'Cache group', filter: true, value: (s) => s.cachegroup },
    { id: 'cdn', header: 'CDN', filter: true, value: (s) => s.cdnName },
    { id: 'upd', header: 'Update', value: (s) => (s.updPending ? 'pending' : '–') },
    { id: 'reval', header: 'Revalidation', value: (s) => (s.revalPending ? 'pending' : '–') },
    { id: 'checkIn', header: 'Last check-in', value: (s) => s.lastCheckIn ?? 'never' },
    { id: 'http', header: 'HTTP', value: check('HTTP') },
    { id: 'ckin', header: 'Min. since check-in', value: check('CKIN') },
    { id: 'uptodate', header: 'Up to date', value: check('UPD') },
  ];
}

/** The caches with their status, pending flags, last check-in and the daemon's checks; row actions when allowed. */
export function ServersTable({
  servers,
  checks,
  canWrite,
  onQueue,
  onStatus,
  onEdit,
  onAssign,
}: {
  servers: CacheServer[];
  checks: Map<number, Record<string, number | null>>;
  canWrite: boolean;
  onQueue: (server: CacheServer, queue: boolean) => void;
  onStatus: (server: CacheServer) => void;
  /** Opens the server's form (every field). */
  onEdit?: (server: CacheServer) => void;
  /** Opens the server's delivery services. */
  onAssign?: (server: CacheServer) => void;
}) {
  return (
    <DataGrid
      label="Servers"
      rows={servers}
      rowKey={(s) => s.id}
      columns={serverColumns(checks)}
      actions={
        canWrite
          ? (s) => (
              <>
                {onEdit ? (
                  <button type="button" onClick={() => onEdit(s)}>
                    Edit
                  </button>
                ) : null}
                {onAssign ? (
                  <button type="button" onClick={() => onAssign(s)}>
                    Delivery services…
                  </button>
                ) : null}
                <button type="button" onClick={() => onStatus(s)}>
                  Status…
                </button>
                <button type="button" onClick={() => onQueue(s, true)}>
                  Queue
                </button>
                <button type="button" onClick={() => onQueue(s, false)}>
                  Dequeue
                </button>
              </>
            )
          : undefined
      }
    />
  );
}
