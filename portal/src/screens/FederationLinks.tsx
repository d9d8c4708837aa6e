import { useState, type FormEvent } from 'react';
import { listDeliveryServices } from '../api/endpoints';
import {
  addFederationDs,
  addFederationResolver,
  federationDeliveryServices,
  federationResolvers,
  listResolvers,
  removeFederationDs,
} from '../api/manage';
import type { Alert } from '../api/types';
import { AlertList } from '../components/AlertList';
import { Field } from '../components/Field';
import { LoadState } from '../components/LoadState';
import { useResource } from '../hooks/useResource';
import { alertsOf } from '../lib/alerts';
import { NewResolverForm } from './NewResolverForm';

/** A write whose alerts show in its section, reloading the section after. */
function useSectionWrite(reload: () => void) {
  const [alerts, setAlerts] = useState<Alert[]>([]);
  const [busy, setBusy] = useState(false);
  const write = async (action: () => Promise<{ alerts: Alert[] }>) => {
    setBusy(true);
    try {
      setAlerts((await action()).alerts);
      reload();
    } catch (error) {
      setAlerts(alertsOf(error));
    } finally {
      setBusy(false);
    }
  };
  return { alerts, busy, write };
}

/** A choice among `options` and a button that adds it. */
function AddOne({
  label,
  button,
  options,
  busy,
  onAdd,
}: {
  label: string;
  button: string;
  options: Array<[id: number, text: string]>;
  busy: boolean;
  onAdd: (id: number) => void;
}) {
  const [chosen, setChosen] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen !== '') onAdd(Number(chosen));
    setChosen('');
  };
  return (
    <form className="inline-form" onSubmit={submit} aria-label={button}>
      <Field label={label}>
        <select value={chosen} onChange={(e) => setChosen(e.target.value)}>
          <option value="">Choose…</option>
          {options.map(([id, text]) => (
            <option key={id} value={String(id)}>
              {text}
            </option>
          ))}
        </select>
      </Field>
      <button type="submit" disabled={busy || chosen === ''}>
        {button}
      </button>
    </form>
  );
}

/** The federation's delivery services (GET federations/:id/deliveryservices); admins add and remove them. */
export function FederationServices({
  id,
  cdnName,
  canWrite,
}: {
  id: number;
  cdnName: string | null;
  canWrite: boolean;
}) {
  const linked = useResource(() => federationDeliveryServices(id), String(id));
  const services = useResource(listDeliveryServices);
  const w = useSectionWrite(linked.reload);
  const list = linked.data ?? [];
  const have = new Set(list.map((d) => d.id));
  const options = (services.data ?? [])
    .filter((ds) => !have.has(Number(ds.id)) && (cdnName === null || ds.cdnName === cdnName))
    .map((ds): [number, string] => [Number(ds.id), ds.xmlId]);
  return (
    <section aria-label="Delivery services of this federation">
      <h2>Delivery services</h2>
      <AlertList alerts={w.alerts} />
      {canWrite ? (
        <AddOne
          label="Delivery service"
          button="Add delivery service"
          options={options}
          busy={w.busy}
          onAdd={(dsId) => void w.write(() => addFederationDs(id, dsId))}
        />
      ) : null}
      <LoadState
        loading={linked.loading}
        alerts={linked.alerts}
        empty={list.length === 0}
        emptyText="No delivery services."
      />
      <ul className="link-list">
        {list.map((ds) => (
          <li key={ds.id}>
            <span className="mono">{ds.xmlId}</span>
            {canWrite ? (
              <button
                type="button"
                className="small danger"
                disabled={w.busy}
                onClick={() => void w.write(() => removeFederationDs(id, ds.id))}
              >
                Remove
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The federation's resolvers (GET federations/:id/federation_resolvers); admins add existing or new resolvers. */
export function FederationResolvers({ id, canWrite }: { id: number; canWrite: boolean }) {
  const linked = useResource(() => federationResolvers(id), String(id));
  const all = useResource(listResolvers);
  const w = useSectionWrite(linked.reload);
  const list = linked.data ?? [];
  const have = new Set(list.map((r) => r.id));
  const options = (all.data ?? [])
    .filter((r) => !have.has(r.id))
    .map((r): [number, string] => [r.id, `${r.ipAddress} (${r.type})`]);
  return (
    <section aria-label="Resolvers of this federation">
      <h2>Resolvers</h2>
      <AlertList alerts={w.alerts} />
      {canWrite ? (
        <AddOne
          label="Resolver"
          button="Add resolver"
          options={options}
          busy={w.busy}
          onAdd={(resolverId) => void w.write(() => addFederationResolver(id, [resolverId]))}
        />
      ) : null}
      {canWrite ? (
        <NewResolverForm busy={w.busy} write={w.write} link={(resolverId) => addFederationResolver(id, [resolverId])} />
      ) : null}
      <LoadState loading={linked.loading} alerts={linked.alerts} empty={list.length === 0} emptyText="No resolvers." />
      <ul className="link-list">
        {list.map((r) => (
          <li key={r.id}>
            <span className="mono">{r.ipAddress}</span> <span className="muted">{r.type}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
