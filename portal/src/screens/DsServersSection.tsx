import { listDeliveryServiceServers } from '../api/endpoints';
import type { DsServer } from '../api/types';
import { useResource } from '../hooks/useResource';
import { DataGrid } from '../grid/DataGrid';
import { DsAssignServers } from './DsAssignServers';
import type { GridColumn } from '../grid/model';

const COLUMNS: GridColumn<DsServer>[] = [
  { id: 'host', header: 'Host', className: 'mono', value: (s) => s.hostName },
  { id: 'domain', header: 'Domain', className: 'mono', value: (s) => s.domainName, hidden: true },
  { id: 'cachegroup', header: 'Cache group', value: (s) => s.cachegroup, filter: true },
  { id: 'type', header: 'Type', value: (s) => s.type, filter: true },
  { id: 'status', header: 'Status', value: (s) => s.status, filter: true },
  { id: 'ipv4', header: 'IPv4', className: 'mono', value: (s) => s.ipAddress },
  { id: 'ipv6', header: 'IPv6', className: 'mono', value: (s) => s.ip6Address, hidden: true },
  { id: 'profile', header: 'Profile', value: (s) => s.profile, hidden: true },
];

/**
 * The servers assigned to the delivery service, from GET deliveryservices/:id/servers. Until the daemon serves
 * that route (it answers 404, or anything but a list) the section is simply not there: no placeholder rows.
 */
export function DsServersSection({ dsId, xmlId, canAssign }: { dsId: string; xmlId?: string; canAssign?: boolean }) {
  const servers = useResource(() => listDeliveryServiceServers(dsId), dsId);
  if (!Array.isArray(servers.data)) return null;
  const assigned = new Set(servers.data.map((s) => s.hostName ?? ''));
  return (
    <section aria-label="Servers of this delivery service">
      <h2>Servers</h2>
      {canAssign && xmlId ? <DsAssignServers xmlId={xmlId} assigned={assigned} onAssigned={servers.reload} /> : null}
      {servers.data.length === 0 ? (
        <p className="muted">No servers are assigned to this delivery service.</p>
      ) : (
        <DataGrid
          label="Servers"
          rows={servers.data}
          rowKey={(s) => String(s.id ?? s.hostName)}
          columns={COLUMNS}
          urlPrefix="servers"
        />
      )}
    </section>
  );
}
