import { useState } from 'react';
import { listDeliveryServices } from '../../api/endpoints';
import { assignServerDeliveryServices, listServerDeliveryServices, type ServerRecord } from '../../api/topology';
import type { Alert } from '../../api/types';
import { LoadState } from '../../components/LoadState';
import { useResource } from '../../hooks/useResource';
import { FormActions } from '../topology/CdnSection';

function MidNote({ server, onClose }: { server: ServerRecord; onClose: () => void }) {
  return (
    <div className="panel">
      <p>{`${server.hostName} is a ${server.type}: it serves every delivery service of its CDN.`}</p>
      <button type="button" className="secondary" onClick={onClose}>
        Close
      </button>
    </div>
  );
}

/**
 * The delivery services an EDGE server serves, as checkboxes over the delivery services of its CDN; saving
 * replaces the assignment (POST servers/:id/deliveryservices?replace=true). A MID serves its whole CDN: nothing
 * to assign.
 */
export function ServerDsAssign({
  server,
  busy,
  onSave,
  onCancel,
}: {
  server: ServerRecord;
  busy: boolean;
  onSave: (run: () => Promise<{ alerts: Alert[] }>) => void;
  onCancel: () => void;
}) {
  const services = useResource(listDeliveryServices);
  const assigned = useResource(() => listServerDeliveryServices(server.id), String(server.id));
  const [chosen, setChosen] = useState<Set<number> | null>(null);
  const current = chosen ?? new Set((assigned.data ?? []).map((ds) => Number(ds.id)));
  const ofCdn = (services.data ?? []).filter((ds) => ds.cdnName === server.cdnName);
  const title = `Delivery services of ${server.hostName}`;
  if (!server.type.startsWith('EDGE')) return <MidNote server={server} onClose={onCancel} />;
  const toggle = (id: number, on: boolean) => {
    const next = new Set(current);
    if (on) next.add(id);
    else next.delete(id);
    setChosen(next);
  };
  return (
    <form
      className="panel"
      aria-label={title}
      onSubmit={(e) => {
        e.preventDefault();
        onSave(() => assignServerDeliveryServices(server.id, [...current]));
      }}
    >
      <h2 className="form-title">{title}</h2>
      <LoadState
        loading={services.loading || assigned.loading}
        alerts={[...services.alerts, ...assigned.alerts]}
        empty={ofCdn.length === 0}
        emptyText={`No delivery services in CDN ${server.cdnName}.`}
      />
      <fieldset className="field">
        <legend className="field-label">{`Delivery services of CDN ${server.cdnName}`}</legend>
        {ofCdn.map((ds) => (
          <label key={ds.id} className="checkbox">
            <input
              type="checkbox"
              checked={current.has(Number(ds.id))}
              onChange={(e) => toggle(Number(ds.id), e.target.checked)}
            />
            {ds.xmlId}
          </label>
        ))}
      </fieldset>
      <FormActions busy={busy} saveLabel="Save assignments" onCancel={onCancel} />
    </form>
  );
}
