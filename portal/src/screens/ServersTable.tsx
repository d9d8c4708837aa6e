import type { CacheServer } from '../api/caches';
import { DataTable } from '../components/DataTable';
import { checkCell } from '../lib/servers';

/** The caches with their status, pending flags, last check-in and the daemon's checks; row actions when allowed. */
export function ServersTable({ servers, checks, canWrite, onQueue, onStatus }: {
  servers: CacheServer[];
  checks: Map<number, Record<string, number | null>>;
  canWrite: boolean;
  onQueue: (server: CacheServer, queue: boolean) => void;
  onStatus: (server: CacheServer) => void;
}) {
  return (
    <DataTable
      rows={servers}
      rowKey={(s) => s.id}
      columns={[
        { header: 'Host', cell: (s) => s.hostName },
        { header: 'Type', cell: (s) => s.type },
        { header: 'Status', cell: (s) => (s.offlineReason ? `${s.status} (${s.offlineReason})` : s.status) },
        { header: 'Cache group', cell: (s) => s.cachegroup },
        { header: 'CDN', cell: (s) => s.cdnName },
        { header: 'Update', cell: (s) => (s.updPending ? 'pending' : '–') },
        { header: 'Revalidation', cell: (s) => (s.revalPending ? 'pending' : '–') },
        { header: 'Last check-in', cell: (s) => s.lastCheckIn ?? 'never' },
        { header: 'HTTP', cell: (s) => checkCell(checks.get(s.id), 'HTTP') },
        { header: 'Min. since check-in', cell: (s) => checkCell(checks.get(s.id), 'CKIN') },
        { header: 'Up to date', cell: (s) => checkCell(checks.get(s.id), 'UPD') },
      ]}
      actions={
        canWrite
          ? (s) => (
              <>
                <button type="button" onClick={() => onStatus(s)}>Status…</button>
                <button type="button" onClick={() => onQueue(s, true)}>Queue</button>
                <button type="button" onClick={() => onQueue(s, false)}>Dequeue</button>
              </>
            )
          : undefined
      }
    />
  );
}
