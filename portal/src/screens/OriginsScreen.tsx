import { useState } from 'react';
import type { OriginFormErrors } from '../../../src/ui/validation/origin.js';
import { createOrigin, deleteOrigin, listDeliveryServices, listOrigins, listProfiles, listTenants, updateOrigin } from '../api/endpoints';
import type { Alert, DeliveryService, Origin, OriginInput } from '../api/types';
import { AlertList } from '../components/AlertList';
import { ConfirmByName } from '../components/ConfirmByName';
import { LoadState } from '../components/LoadState';
import { PageHeader } from '../components/PageHeader';
import { useResource } from '../hooks/useResource';
import { alertsOf } from '../lib/alerts';
import { fieldErrorsFromAlerts } from '../lib/field-errors';
import { ORIGIN_FIELDS, OriginForm } from './OriginForm';
import { OriginsTable } from './OriginsTable';

type Mode = { kind: 'list' } | { kind: 'create' } | { kind: 'edit'; origin: Origin } | { kind: 'delete'; origin: Origin };

/**
 * Origins in a grid (search, filters, sort in the page); create, edit and a delete that asks for the name. With
 * `ds`, the origins of one delivery service, as a section of its page.
 */
export function OriginsScreen({ canWrite, ds }: { canWrite: boolean; ds?: DeliveryService }) {
  const origins = useResource(() => listOrigins(ds ? { deliveryservice: ds.id } : {}), ds?.id ?? '');
  const services = useResource(listDeliveryServices);
  const tenants = useResource(listTenants);
  const profiles = useResource(listProfiles);
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [alerts, setAlerts] = useState<Alert[]>([]);
  const [serverErrors, setServerErrors] = useState<OriginFormErrors>({});
  const [busy, setBusy] = useState(false);

  const open = (next: Mode) => {
    setAlerts([]);
    setServerErrors({});
    setMode(next);
  };
  const write = async (action: () => Promise<{ alerts: Alert[] }>) => {
    setBusy(true);
    try {
      setAlerts((await action()).alerts);
      setMode({ kind: 'list' });
      origins.reload();
    } catch (error) {
      const split = fieldErrorsFromAlerts(alertsOf(error), ORIGIN_FIELDS, { deliveryServiceId: 'deliveryService' });
      setServerErrors(split.fields);
      setAlerts(split.rest);
    } finally {
      setBusy(false);
    }
  };
  const save = (input: OriginInput) => write(() => (mode.kind === 'edit' ? updateOrigin(mode.origin.id, input) : createOrigin(input)));

  const list = origins.data ?? [];
  const lookups = { services: services.data ?? [], tenants: tenants.data ?? [], profiles: profiles.data ?? [] };
  const create = canWrite && mode.kind === 'list' ? (
    <button type="button" onClick={() => open({ kind: 'create' })}>
      Create origin
    </button>
  ) : null;
  return (
    <section aria-label={ds ? 'Origins of this delivery service' : undefined}>
      {ds ? (
        <div className="section-header">
          <h2>Origins</h2>
          {create}
        </div>
      ) : (
        <PageHeader title="Origins">{create}</PageHeader>
      )}
      <AlertList alerts={alerts} />
      {mode.kind === 'create' || mode.kind === 'edit' ? (
        <OriginForm
          key={mode.kind === 'edit' ? mode.origin.id : 'new'}
          origin={mode.kind === 'edit' ? mode.origin : null}
          {...lookups}
          busy={busy}
          serverErrors={serverErrors}
          lockedDsId={ds?.id}
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
      <LoadState loading={origins.loading} alerts={origins.alerts} empty={list.length === 0} emptyText={ds ? 'This delivery service has no origins.' : 'No origins are visible to you.'} />
      {list.length > 0 ? (
        <OriginsTable
          origins={list}
          canWrite={canWrite}
          urlPrefix={ds ? 'origins' : undefined}
          onEdit={(origin) => open({ kind: 'edit', origin })}
          onDelete={(origin) => open({ kind: 'delete', origin })}
        />
      ) : null}
    </section>
  );
}
