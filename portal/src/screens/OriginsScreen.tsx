import { useState } from 'react';
import { createOrigin, deleteOrigin, listDeliveryServices, listOrigins, listProfiles, listTenants, updateOrigin } from '../api/endpoints';
import type { Alert, Origin, OriginInput } from '../api/types';
import { AlertList } from '../components/AlertList';
import { ConfirmByName } from '../components/ConfirmByName';
import { LoadState } from '../components/LoadState';
import { PageHeader } from '../components/PageHeader';
import { useResource } from '../hooks/useResource';
import { alertsOf } from '../lib/alerts';
import { OriginFilters, type OriginFilterValues } from './OriginFilters';
import { OriginForm } from './OriginForm';
import { OriginsTable } from './OriginsTable';

type Mode = { kind: 'list' } | { kind: 'create' } | { kind: 'edit'; origin: Origin } | { kind: 'delete'; origin: Origin };

/** Origins with API-side filters; create, edit and a delete that asks for the name. */
export function OriginsScreen({ canWrite }: { canWrite: boolean }) {
  const [filters, setFilters] = useState<OriginFilterValues>({ deliveryservice: '', tenant: '', primary: '' });
  const origins = useResource(() => listOrigins({ ...filters }), JSON.stringify(filters));
  const services = useResource(listDeliveryServices);
  const tenants = useResource(listTenants);
  const profiles = useResource(listProfiles);
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [alerts, setAlerts] = useState<Alert[]>([]);
  const [busy, setBusy] = useState(false);

  const write = async (action: () => Promise<{ alerts: Alert[] }>) => {
    setBusy(true);
    try {
      setAlerts((await action()).alerts);
      setMode({ kind: 'list' });
      origins.reload();
    } catch (error) {
      setAlerts(alertsOf(error));
    } finally {
      setBusy(false);
    }
  };
  const save = (input: OriginInput) =>
    write(() => (mode.kind === 'edit' ? updateOrigin(mode.origin.id, input) : createOrigin(input)));

  const list = origins.data ?? [];
  const lookups = { services: services.data ?? [], tenants: tenants.data ?? [], profiles: profiles.data ?? [] };
  return (
    <section>
      <PageHeader title="Origins">
        {canWrite && mode.kind === 'list' ? (
          <button type="button" onClick={() => { setAlerts([]); setMode({ kind: 'create' }); }}>
            Create origin
          </button>
        ) : null}
      </PageHeader>
      <AlertList alerts={alerts} />
      {mode.kind === 'create' || mode.kind === 'edit' ? (
        <OriginForm
          key={mode.kind === 'edit' ? mode.origin.id : 'new'}
          origin={mode.kind === 'edit' ? mode.origin : null}
          {...lookups}
          busy={busy}
          onSave={save}
          onCancel={() => setMode({ kind: 'list' })}
        />
      ) : null}
      {mode.kind === 'delete' ? (
        <ConfirmByName
          what="origin"
          name={mode.origin.name}
          busy={busy}
          onConfirm={() => write(() => deleteOrigin(mode.origin.id))}
          onCancel={() => setMode({ kind: 'list' })}
        />
      ) : null}
      <OriginFilters values={filters} services={lookups.services} tenants={lookups.tenants} onChange={setFilters} />
      <LoadState loading={origins.loading} alerts={origins.alerts} empty={list.length === 0} emptyText="No origins match." />
      {list.length > 0 ? (
        <OriginsTable
          origins={list}
          canWrite={canWrite}
          onEdit={(origin) => { setAlerts([]); setMode({ kind: 'edit', origin }); }}
          onDelete={(origin) => { setAlerts([]); setMode({ kind: 'delete', origin }); }}
        />
      ) : null}
    </section>
  );
}
