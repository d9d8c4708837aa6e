import { listFederations } from '../api/endpoints';
import { createFederation, listCdns } from '../api/manage';
import { AlertList } from '../components/AlertList';
import { useFormWrites } from '../hooks/useFormWrites';
import { FederationForm } from './FederationForm';
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

type Mode = { kind: 'list' } | { kind: 'create' };

/** Every federation the caller may see; admins create one on a CDN (POST cdns/:name/federations). */
export function FederationsScreen({ canWrite = false }: { canWrite?: boolean }) {
  const federations = useResource(listFederations);
  const cdns = useResource(listCdns);
  const w = useFormWrites<Mode, 'cname' | 'ttl' | 'description'>(
    { kind: 'list' },
    ['cname', 'ttl', 'description'],
    federations.reload,
  );
  const list = federations.data ?? [];
  return (
    <section>
      <PageHeader title="Federations">
        {canWrite && w.mode.kind === 'list' ? (
          <button type="button" onClick={() => w.open({ kind: 'create' })}>
            New federation
          </button>
        ) : null}
      </PageHeader>
      <AlertList alerts={w.alerts} />
      {w.mode.kind === 'create' ? (
        <FederationForm
          federation={null}
          cdns={cdns.data ?? []}
          busy={w.busy}
          serverErrors={w.serverErrors}
          onSave={(cdn, body) => void w.write(() => createFederation(cdn, body))}
          onCancel={() => w.open({ kind: 'list' })}
        />
      ) : null}
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
