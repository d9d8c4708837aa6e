import { useState } from 'react';
import type { OriginFormErrors } from '../../../shared/rules/forms/origin.js';
import {
  createOrigin,
  deleteOrigin,
  listDeliveryServices,
  listOrigins,
  listProfiles,
  listTenants,
  updateOrigin,
} from '../api/endpoints';
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

type Mode =
  { kind: 'list' } | { kind: 'create' } | { kind: 'edit'; origin: Origin } | { kind: 'delete'; origin: Origin };

/** The screen's mode, its alerts and the form's per-field API errors, and writes that reload the list. */
function useOriginWrites(reload: () => void) {
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
      reload();
    } catch (error) {
      const split = fieldErrorsFromAlerts(alertsOf(error), ORIGIN_FIELDS, { deliveryServiceId: 'deliveryService' });
      setServerErrors(split.fields);
      setAlerts(split.rest);
    } finally {
      setBusy(false);
    }
  };
  const save = (input: OriginInput) =>
    write(() => (mode.kind === 'edit' ? updateOrigin(mode.origin.id, input) : createOrigin(input)));
  return { mode, setMode, alerts, serverErrors, busy, open, write, save };
}

/**
 * Origins in a grid (search, filters, sort in the page); create, edit and a delete that asks for the name. With
 * `ds`, the origins of one delivery service, as a section of its page.
 */
export function OriginsScreen({ canWrite, ds }: { canWrite: boolean; ds?: DeliveryService }) {
  const origins = useResource(() => listOrigins(ds ? { deliveryservice: String(ds.id) } : {}), ds ? String(ds.id) : '');
  const services = useResource(listDeliveryServices);
  const tenants = useResource(listTenants);
  const profiles = useResource(listProfiles);
  const w = useOriginWrites(origins.reload);
  const { mode } = w;
  const list = origins.data ?? [];
  const lookups = { services: services.data ?? [], tenants: tenants.data ?? [], profiles: profiles.data ?? [] };
  const toList = () => w.setMode({ kind: 'list' });
  return (
    <section aria-label={ds ? 'Origins of this delivery service' : undefined}>
      <OriginsHeader ds={ds} create={canWrite && mode.kind === 'list' ? () => w.open({ kind: 'create' }) : null} />
      <AlertList alerts={w.alerts} />
      {mode.kind === 'create' || mode.kind === 'edit' ? (
        <OriginForm
          key={mode.kind === 'edit' ? mode.origin.id : 'new'}
          origin={mode.kind === 'edit' ? mode.origin : null}
          {...lookups}
          busy={w.busy}
          serverErrors={w.serverErrors}
          lockedDsId={ds ? String(ds.id) : undefined}
          onSave={w.save}
          onCancel={toList}
        />
      ) : null}
      {mode.kind === 'delete' ? (
        <ConfirmByName
          what="origin"
          name={mode.origin.name}
          busy={w.busy}
          onConfirm={() => w.write(() => deleteOrigin(mode.origin.id))}
          onCancel={toList}
        />
      ) : null}
      <LoadState
        loading={origins.loading}
        alerts={origins.alerts}
        empty={list.length === 0}
        emptyText={ds ? 'This delivery service has no origins.' : 'No origins are visible to you.'}
      />
      {list.length > 0 ? (
        <OriginsTable
          origins={list}
          canWrite={canWrite}
          urlPrefix={ds ? 'origins' : undefined}
          onEdit={(origin) => w.open({ kind: 'edit', origin })}
          onDelete={(origin) => w.open({ kind: 'delete', origin })}
        />
      ) : null}
    </section>
  );
}

/** The page's title (a section title on a delivery service's page) and the create button, when offered. */
function OriginsHeader({ ds, create }: { ds?: DeliveryService; create: (() => void) | null }) {
  const button = create ? (
    <button type="button" onClick={create}>
      Create origin
    </button>
  ) : null;
  if (!ds) return <PageHeader title="Origins">{button}</PageHeader>;
  return (
    <div className="section-header">
      <h2>Origins</h2>
      {button}
    </div>
  );
}
