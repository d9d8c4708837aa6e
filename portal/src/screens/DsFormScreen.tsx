import { useState } from 'react';
import {
  createDs,
  deleteDs,
  listCdns,
  listDsRecords,
  listProfileRecords,
  listTenantRecords,
  updateDs,
  type DsRecord,
} from '../api/manage';
import type { Alert } from '../api/types';
import { AlertList } from '../components/AlertList';
import { ConfirmByName } from '../components/ConfirmByName';
import { Link } from '../components/Link';
import { LoadState } from '../components/LoadState';
import { PageHeader } from '../components/PageHeader';
import { useNavigate } from '../hooks/navigation';
import { useResource } from '../hooks/useResource';
import { alertsOf } from '../lib/alerts';
import { dsErrorsFromAlerts, dsToForm, emptyDsForm, type DsFormErrors } from '../lib/ds-form';
import { DsForm, type DsLookups } from './DsForm';

/** The CDNs, tenants and profiles the form's choices come from. */
function useLookups(): DsLookups & { loading: boolean; alerts: Alert[] } {
  const cdns = useResource(listCdns);
  const tenants = useResource(listTenantRecords);
  const profiles = useResource(listProfileRecords);
  return {
    cdns: cdns.data ?? [],
    tenants: tenants.data ?? [],
    profiles: profiles.data ?? [],
    loading: cdns.loading || tenants.loading || profiles.loading,
    alerts: [...cdns.alerts, ...tenants.alerts],
  };
}

const FIELDS_REFUSED: Alert = { level: 'error', text: 'The API refused some fields: see the message under each.' };

/** A write's alerts, per-field API errors, and a move to the delivery service's page once it is saved. */
function useDsWrite() {
  const navigate = useNavigate();
  const [alerts, setAlerts] = useState<Alert[]>([]);
  const [serverErrors, setServerErrors] = useState<DsFormErrors>({});
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<{ response: unknown }>, to: (r: unknown) => string) => {
    setBusy(true);
    try {
      const result = await action();
      navigate(to(result.response));
    } catch (error) {
      const split = dsErrorsFromAlerts(alertsOf(error));
      setServerErrors(split.fields);
      const byField = Object.keys(split.fields).length > 0;
      setAlerts(byField ? [...split.rest, FIELDS_REFUSED] : split.rest);
    } finally {
      setBusy(false);
    }
  };
  return { alerts, serverErrors, busy, run };
}

const pageOf = (response: unknown) => {
  const ds = Array.isArray(response) ? (response[0] as DsRecord | undefined) : undefined;
  return ds ? `/delivery-services/${encodeURIComponent(ds.xmlId)}` : '/delivery-services';
};

/** New delivery service: the grouped form, POST deliveryservices, then the new service's page. */
export function DsCreateScreen() {
  const lookups = useLookups();
  const write = useDsWrite();
  const navigate = useNavigate();
  return (
    <section className="ds-form-page">
      <p className="crumbs">
        <Link to="/delivery-services">Delivery services</Link> /
      </p>
      <PageHeader title="New delivery service" />
      <AlertList alerts={[...lookups.alerts, ...write.alerts]} />
      <DsForm
        title="New delivery service"
        initial={emptyDsForm()}
        editing={false}
        lookups={lookups}
        busy={write.busy}
        serverErrors={write.serverErrors}
        onSave={(body) => void write.run(() => createDs(body), pageOf)}
        onCancel={() => navigate('/delivery-services')}
      />
    </section>
  );
}

/** Edit a delivery service (by id or xmlId): PUT deliveryservices/:id, or delete it after its key is typed. */
export function DsEditScreen({ dsKey }: { dsKey: string }) {
  const services = useResource(listDsRecords);
  const ds =
    services.data?.find((d) => String(d.id) === dsKey) ?? services.data?.find((d) => d.xmlId === dsKey) ?? null;
  return (
    <section className="ds-form-page">
      <p className="crumbs">
        <Link to="/delivery-services">Delivery services</Link> /{' '}
        {ds ? <Link to={`/delivery-services/${encodeURIComponent(ds.xmlId)}`}>{ds.xmlId}</Link> : null}
      </p>
      <PageHeader title={ds ? `Edit ${ds.xmlId}` : dsKey} />
      {ds ? (
        <DsEditor key={ds.id} ds={ds} />
      ) : (
        <LoadState
          loading={services.loading}
          alerts={services.alerts}
          empty
          emptyText="No such delivery service is visible to you."
        />
      )}
    </section>
  );
}

function DsEditor({ ds }: { ds: DsRecord }) {
  const lookups = useLookups();
  const write = useDsWrite();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const page = `/delivery-services/${encodeURIComponent(ds.xmlId)}`;
  return (
    <>
      <AlertList alerts={[...lookups.alerts, ...write.alerts]} />
      {deleting ? (
        <ConfirmByName
          what="delivery service"
          name={ds.xmlId}
          busy={write.busy}
          onConfirm={() =>
            void write.run(
              () => deleteDs(ds.id),
              () => '/delivery-services',
            )
          }
          onCancel={() => setDeleting(false)}
        />
      ) : (
        <div className="actions ds-form-actions">
          <button type="button" className="danger" onClick={() => setDeleting(true)}>
            Delete delivery service
          </button>
        </div>
      )}
      <DsForm
        title={`Edit delivery service ${ds.xmlId}`}
        initial={dsToForm(ds)}
        editing
        lookups={lookups}
        busy={write.busy}
        serverErrors={write.serverErrors}
        onSave={(body) =>
          void write.run(
            () => updateDs(ds.id, body),
            () => page,
          )
        }
        onCancel={() => navigate(page)}
      />
    </>
  );
}
