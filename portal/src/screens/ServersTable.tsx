import type { CacheServer } from '../api/caches';
import { DataGrid } from '../grid/DataGrid';
import type { GridColumn } from '../grid/model';
import { checkCell } from '../lib/servers';
import { cacheHealth, HEALTH_TEXT, isCacheType } from '../../../shared/rules/cache-health.js';

/** A row menu closes once one of its actions is chosen (the action's own form or alert takes over). */
function closeMenu(event: React.MouseEvent<HTMLElement>) {
  if ((event.target as HTMLElement).closest('button')) event.currentTarget.closest('details')?.removeAttribute('open');
}

/** The monitors' judgement of a cache: up, down, or – before any monitor reported it. */
export const healthText = (available: boolean | null | undefined) =>
  available == null ? '–' : available ? 'up' : 'down';

/** A cache's health in words (the dashboard's counts link here with `f.health=…`); other servers have none. */
const healthOf = (s: CacheServer, checks: Map<number, Record<string, number | null>>, now: number) =>
  isCacheType(s.type) ? HEALTH_TEXT[cacheHealth(s, checks.get(s.id), now)] : '';

function serverColumns(checks: Map<number, Record<string, number | null>>, now: number): GridColumn<CacheServer>[] {
  const check = (name: string) => (s: CacheServer) => checkCell(checks.get(s.id), name);
  return [
    { id: 'host', header: 'Host', className: 'mono sticky-col', value: (s) => s.hostName },
    {
      id: 'health',
      header: 'Health',
      filter: true,
      value: (s) => healthOf(s, checks, now),
      cell: (s) => {
        const health = healthOf(s, checks, now);
        return health ? <span className={`health health-${health.replace(/ /g, '-')}`}>{health}</span> : '—';
      },
    },
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
    { id: 'monitors', header: 'Monitors', filter: true, value: (s) => healthText(s.isAvailable) },
  ];
}

/** A server's operations, folded in one menu. */
function RowMenu({
  server,
  onQueue,
  onStatus,
  onEdit,
  onAssign,
}: {
  server: CacheServer;
  onQueue: (server: CacheServer, queue: boolean) => void;
  onStatus: (server: CacheServer) => void;
  onEdit?: (server: CacheServer) => void;
  onAssign?: (server: CacheServer) => void;
}) {
  return (
    <details className="row-menu">
      <summary>{`Actions for ${server.hostName}`}</summary>
      <div className="row-menu-items" onClick={closeMenu}>
        {onEdit ? (
          <button type="button" className="secondary" onClick={() => onEdit(server)}>
            Edit
          </button>
        ) : null}
        {onAssign ? (
          <button type="button" className="secondary" onClick={() => onAssign(server)}>
            Delivery services…
          </button>
        ) : null}
        <button type="button" className="secondary" onClick={() => onStatus(server)}>
          Status…
        </button>
        <button type="button" className="secondary" onClick={() => onQueue(server, true)}>
          Queue
        </button>
        <button type="button" className="secondary" onClick={() => onQueue(server, false)}>
          Dequeue
        </button>
      </div>
    </details>
  );
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
  now = Date.now(),
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
  /** The time health is judged at (overdue check-ins). */
  now?: number;
}) {
  return (
    <DataGrid
      label="Servers"
      rows={servers}
      rowKey={(s) => s.id}
      columns={serverColumns(checks, now)}
      actions={
        canWrite
          ? (s) => (
              // One menu per row instead of a row of blue buttons: the table keeps its width (issue 33 item 4).
              <RowMenu server={s} onQueue={onQueue} onStatus={onStatus} onEdit={onEdit} onAssign={onAssign} />
            )
          : undefined
      }
    />
  );
}
