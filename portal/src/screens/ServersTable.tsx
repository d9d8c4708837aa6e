import type { CacheServer } from '../api/caches';
import { DataGrid } from '../grid/DataGrid';
import type { GridColumn } from '../grid/model';
import { checkCell } from '../lib/servers';

/** A row menu closes once one of its actions is chosen (the action's own form or alert takes over). */
function closeMenu(event: React.MouseEvent<HTMLElement>) {
  if ((event.target as HTMLElement).closest('button')) event.currentTarget.closest('details')?.removeAttribute('open');
}

/** The monitors' judgement of a cache: up, down, or – before any monitor reported it. */
export const healthText = (available: boolean | null | undefined) =>
  available == null ? '–' : available ? 'up' : 'down';

function serverColumns(checks: Map<number, Record<string, number | null>>): GridColumn<CacheServer>[] {
  const check = (name: string) => (s: CacheServer) => checkCell(checks.get(s.id), name);
  return [
    { id: 'host', header: 'Host', className: 'mono sticky-col', value: (s) => s.hostName },
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
    // issue 35: the health monitors' judgement.
    { id: 'health', header: 'Health', filter: true, value: (s) => healthText(s.isAvailable) },
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
              // One menu per row instead of a row of blue buttons: the table keeps its width (issue 33 item 4).
              <details className="row-menu">
                <summary>{`Actions for ${s.hostName}`}</summary>
                <div className="row-menu-items" onClick={closeMenu}>
                  {onEdit ? (
                    <button type="button" className="secondary" onClick={() => onEdit(s)}>
                      Edit
                    </button>
                  ) : null}
                  {onAssign ? (
                    <button type="button" className="secondary" onClick={() => onAssign(s)}>
                      Delivery services…
                    </button>
                  ) : null}
                  <button type="button" className="secondary" onClick={() => onStatus(s)}>
                    Status…
                  </button>
                  <button type="button" className="secondary" onClick={() => onQueue(s, true)}>
                    Queue
                  </button>
                  <button type="button" className="secondary" onClick={() => onQueue(s, false)}>
                    Dequeue
                  </button>
                </div>
              </details>
            )
          : undefined
      }
    />
  );
}
