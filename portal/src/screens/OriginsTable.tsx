import type { Origin } from '../api/types';
import { DataTable, type Column } from '../components/DataTable';

const COLUMNS: Column<Origin>[] = [
  {
    header: 'Name',
    cell: (o) => (
      <>
        {o.name} {o.isPrimary ? <span className="badge badge-ok">primary</span> : null}
      </>
    ),
  },
  { header: 'Delivery service', className: 'mono', cell: (o) => o.deliveryService ?? '—' },
  { header: 'Address', className: 'mono', cell: (o) => `${o.protocol}://${o.fqdn}${o.port === null ? '' : `:${o.port}`}` },
  { header: 'IPv4', className: 'mono', cell: (o) => o.ipAddress ?? '—' },
  { header: 'IPv6', className: 'mono', cell: (o) => o.ip6Address ?? '—' },
  { header: 'Tenant', cell: (o) => o.tenant ?? '—' },
  { header: 'Profile', cell: (o) => o.profile ?? '—' },
];

/** Origins; write buttons only for users who may write, and no delete for a primary origin (the API forbids it). */
export function OriginsTable({ origins, canWrite, onEdit, onDelete }: {
  origins: Origin[];
  canWrite: boolean;
  onEdit: (origin: Origin) => void;
  onDelete: (origin: Origin) => void;
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
  return <DataTable rows={origins} rowKey={(o) => o.id} columns={COLUMNS} actions={canWrite ? actions : undefined} />;
}
