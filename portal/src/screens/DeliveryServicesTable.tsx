import type { DeliveryService } from '../api/types';
import { Breakable } from '../components/Breakable';
import { Link } from '../components/Link';
import { DataGrid } from '../grid/DataGrid';
import { protocolName } from '../../../shared/rules/ds-protocol.js';
import type { GridColumn } from '../grid/model';

export const DS_COLUMNS: GridColumn<DeliveryService>[] = [
  {
    id: 'xmlId',
    header: 'XML ID',
    className: 'mono',
    value: (ds) => ds.xmlId,
    cell: (ds) => <Link to={`/delivery-services/${ds.id}`}>{ds.xmlId}</Link>,
  },
  { id: 'name', header: 'Name', value: (ds) => ds.displayName },
  { id: 'cdn', header: 'CDN', value: (ds) => ds.cdnName, filter: true },
  { id: 'type', header: 'Type', value: (ds) => ds.type, filter: true },
  { id: 'tenant', header: 'Tenant', value: (ds) => ds.tenant, filter: true },
  {
    id: 'origin',
    header: 'Origin',
    className: 'mono',
    value: (ds) => ds.orgServerFqdn,
    cell: (ds) => (ds.orgServerFqdn ? <Breakable text={ds.orgServerFqdn} /> : '—'),
  },
  { id: 'protocol', header: 'Protocol', value: (ds) => protocolName(ds.protocol), hidden: true },
  { id: 'id', header: 'ID', value: (ds) => Number(ds.id), hidden: true },
  {
    id: 'status',
    header: 'Status',
    value: (ds) => (ds.active ? 'active' : 'inactive'),
    cell: (ds) =>
      ds.active ? <span className="badge badge-ok">active</span> : <span className="badge">inactive</span>,
    filter: true,
  },
];

const purgeLink = (ds: DeliveryService) => <Link to={`/delivery-services/${ds.id}`}>Purge</Link>;

export function DeliveryServicesTable({ services, canPurge }: { services: DeliveryService[]; canPurge: boolean }) {
  return (
    <DataGrid
      label="Delivery services"
      rows={services}
      rowKey={(ds) => ds.id}
      columns={DS_COLUMNS}
      actions={canPurge ? purgeLink : undefined}
    />
  );
}
