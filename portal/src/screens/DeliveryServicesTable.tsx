import type { DeliveryService } from '../api/types';
import { DataTable, type Column } from '../components/DataTable';
import { Link } from '../components/Link';

const COLUMNS: Column<DeliveryService>[] = [
  { header: 'XML ID', className: 'mono', cell: (ds) => ds.xmlId },
  { header: 'Name', cell: (ds) => ds.displayName },
  { header: 'CDN', cell: (ds) => ds.cdnName },
  { header: 'Type', cell: (ds) => ds.type },
  { header: 'Tenant', cell: (ds) => ds.tenant },
  { header: 'Origin', className: 'mono', cell: (ds) => ds.orgServerFqdn ?? '—' },
  { header: 'Status', cell: (ds) => (ds.active ? <span className="badge badge-ok">active</span> : <span className="badge">inactive</span>) },
];

const purgeLink = (ds: DeliveryService) => <Link to={`/purge?ds=${ds.id}`}>Purge</Link>;

export function DeliveryServicesTable({ services, canPurge }: { services: DeliveryService[]; canPurge: boolean }) {
  return <DataTable rows={services} rowKey={(ds) => ds.id} columns={COLUMNS} actions={canPurge ? purgeLink : undefined} />;
}
