import { listFederations } from '../api/endpoints';
import type { Federation } from '../api/types';
import { DataTable, type Column } from '../components/DataTable';
import { Link } from '../components/Link';
import { LoadState } from '../components/LoadState';
import { PageHeader } from '../components/PageHeader';
import { useResource } from '../hooks/useResource';

const COLUMNS: Column<Federation>[] = [
  { header: 'CNAME', className: 'mono', cell: (f) => <Link to={`/federations/${f.id}`}>{f.cname}</Link> },
  { header: 'CDN', cell: (f) => f.cdnName ?? '—' },
  { header: 'TTL', cell: (f) => f.ttl },
  { header: 'Delivery services', className: 'mono', cell: (f) => f.deliveryServices.join(', ') || '—' },
  { header: 'Description', cell: (f) => f.description ?? '' },
];

export function FederationsScreen() {
  const federations = useResource(listFederations);
  const list = federations.data ?? [];
  return (
    <section>
      <PageHeader title="Federations" />
      <LoadState loading={federations.loading} alerts={federations.alerts} empty={list.length === 0} emptyText="No federations are visible to you." />
      {list.length > 0 ? <DataTable rows={list} rowKey={(f) => f.id} columns={COLUMNS} /> : null}
    </section>
  );
}
