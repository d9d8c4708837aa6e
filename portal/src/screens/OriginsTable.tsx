import type { Origin } from '../api/types';
import { Breakable } from '../components/Breakable';
import { Link } from '../components/Link';
import { DataGrid } from '../grid/DataGrid';
import type { GridColumn } from '../grid/model';

const address = (o: Origin) => `${o.protocol}://${o.fqdn}${o.port === null ? '' : `:${o.port}`}`;

export const ORIGIN_COLUMNS: GridColumn<Origin>[] = [
  {
    id: 'name',
    header: 'Name',
    value: (o) => o.name,
    cell: (o) => (
      <>
        {o.name} {o.isPrimary ? <span className="badge badge-ok">primary</span> : null}
      </>
    ),
  },
  {
    id: 'ds',
    header: 'Delivery service',
    className: 'mono',
    value: (o) => o.deliveryService,
    cell: (o) =>
      o.deliveryServiceId === null ? (
        '—'
      ) : (
        <Link to={`/delivery-services/${o.deliveryServiceId}`}>{o.deliveryService}</Link>
      ),
    filter: true,
  },
  {
    id: 'address',
    header: 'Address',
    className: 'mono url',
    value: address,
    cell: (o) => <Breakable text={address(o)} />,
  },
  { id: 'fqdn', header: 'FQDN', className: 'mono', value: (o) => o.fqdn, hidden: true },
  { id: 'protocol', header: 'Protocol', value: (o) => o.protocol, filter: true, hidden: true },
  { id: 'port', header: 'Port', value: (o) => o.port, hidden: true },
  { id: 'ipv4', header: 'IPv4', className: 'mono', value: (o) => o.ipAddress },
  {
    id: 'ipv6',
    header: 'IPv6',
    className: 'mono',
    value: (o) => o.ip6Address,
    cell: (o) => (o.ip6Address ? <Breakable text={o.ip6Address} /> : '—'),
  },
  { id: 'tenant', header: 'Tenant', value: (o) => o.tenant, filter: true },
  {
    id: 'primary',
    header: 'Primary',
    value: (o) => (o.isPrimary ? 'primary' : 'secondary'),
    filter: true,
    hidden: true,
  },
  { id: 'cachegroup', header: 'Cache group', value: (o) => o.cachegroup, hidden: true },
  { id: 'profile', header: 'Profile', value: (o) => o.profile },
  { id: 'updated', header: 'Last updated (UTC)', className: 'mono nowrap', value: (o) => o.lastUpdated, hidden: true },
  { id: 'id', header: 'ID', value: (o) => o.id, hidden: true },
];

/** Origins; write buttons only for users who may write, and no delete for a primary origin (the API forbids it). */
export function OriginsTable({
  origins,
  canWrite,
  onEdit,
  onDelete,
  urlPrefix,
}: {
  origins: Origin[];
  canWrite: boolean;
  onEdit: (origin: Origin) => void;
  onDelete: (origin: Origin) => void;
  urlPrefix?: string;
}) {
  const actions = (o: Origin) => (
    <>
      <button type="button" className="small secondary" onClick={() => onEdit(o)} aria-label={`Edit ${o.name}`}>
        Edit
      </button>
      {o.isPrimary ? null : (
        <button type="button" className="small danger" onClick={() => onDelete(o)} aria-label={`Delete ${o.name}`}>
          Delete
        </button>
      )}
    </>
  );
  return (
    <DataGrid
      label="Origins"
      rows={origins}
      rowKey={(o) => o.id}
      columns={ORIGIN_COLUMNS}
      actions={canWrite ? actions : undefined}
      urlPrefix={urlPrefix}
    />
  );
}
