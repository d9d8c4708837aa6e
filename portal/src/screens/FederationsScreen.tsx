import { listFederations } from '../api/endpoints';
import type { Federation } from '../api/types';
import { Breakable } from '../components/Breakable';
import { Link } from '../components/Link';
import { LoadState } from '../components/LoadState';
import { PageHeader } from '../components/PageHeader';
import { DataGrid } from '../grid/DataGrid';
import type { GridColumn } from '../grid/model';
import { useResource } from '../hooks/useResource';

const COLUMNS: GridColumn<Federation>[] = [
  {
    id: 'cname',
    header: 'CNAME',
    className: 'mono',
    value: (f) => f.cname,
    cell: (f) => (
      <Link to={`/federations/${f.id}`}>
        <Breakable text={f.cname} />
      </Link>
    ),
  },
  { id: 'cdn', header: 'CDN', value: (f) => f.cdnName, filter: true },
  { id: 'ttl', header: 'TTL', value: (f) => f.ttl },
  { id: 'ds', header: 'Delivery services', className: 'mono text', value: (f) => f.deliveryServices.join(', ') },
  { id: 'description', header: 'Description', className: 'text', value: (f) => f.description },
];

export function FederationsScreen() {
  const federations = useResource(listFederations);
  const list = federations.data ?? [];
  return (
    <section>
      <PageHeader title="Federations" />
      <LoadState
        loading={federations.loading}
        alerts={federations.alerts}
        empty={list.length === 0}
        emptyText="No federations are visible to you."
      />
      {list.length > 0 ? <DataGrid label="Federations" rows={list} rowKey={(f) => f.id} columns={COLUMNS} /> : null}
    </section>
  );
}
