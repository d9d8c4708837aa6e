import { useState, type FormEvent } from 'react';
import type { DeliveryService, Origin, OriginInput, Profile, Tenant } from '../api/types';
import { Field } from '../components/Field';
import { formValuesOf, originInput, type OriginFormValues } from '../lib/origins';

/** Create or edit one origin; the API validates and its alerts are shown by the screen. */
export function OriginForm({ origin, services, tenants, profiles, busy, onSave, onCancel }: {
  origin: Origin | null;
  services: DeliveryService[];
  tenants: Tenant[];
  profiles: Profile[];
  busy: boolean;
  onSave: (input: OriginInput) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<OriginFormValues>(() => formValuesOf(origin));
  const set = (key: keyof OriginFormValues) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(originInput(values, origin));
  };
  return (
    <form className="panel form-grid" onSubmit={submit} aria-label={origin ? `Edit origin ${origin.name}` : 'New origin'}>
      <h2 className="form-title">{origin ? `Edit origin ${origin.name}` : 'New origin'}</h2>
      <Field label="Name">
        <input value={values.name} onChange={set('name')} required autoComplete="off" />
      </Field>
      <Field label="Delivery service">
        <select value={values.deliveryServiceId} onChange={set('deliveryServiceId')} required>
          <option value="">Choose a delivery service…</option>
          {services.map((ds) => (
            <option key={ds.id} value={ds.id}>
              {ds.xmlId}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Protocol">
        <select value={values.protocol} onChange={set('protocol')}>
          <option value="http">http</option>
          <option value="https">https</option>
        </select>
      </Field>
      <Field label="FQDN">
        <input className="mono" value={values.fqdn} onChange={set('fqdn')} placeholder="origin.example.com" required autoComplete="off" />
      </Field>
      <Field label="Port">
        <input type="number" min={1} max={65535} value={values.port} onChange={set('port')} placeholder="default" />
      </Field>
      <Field label="IPv4 address">
        <input className="mono" value={values.ipAddress} onChange={set('ipAddress')} autoComplete="off" />
      </Field>
      <Field label="IPv6 address">
        <input className="mono" value={values.ip6Address} onChange={set('ip6Address')} autoComplete="off" />
      </Field>
      <Field label="Tenant">
        <select value={values.tenantId} onChange={set('tenantId')}>
          <option value="">The delivery service's tenant</option>
          {tenants.map((t) => (
            <option key={t.id} value={String(t.id)}>
              {t.name}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Profile">
        <select value={values.profileId} onChange={set('profileId')}>
          <option value="">None</option>
          {profiles.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </Field>
      <div className="actions">
        <button type="submit" disabled={busy}>
          {origin ? 'Save origin' : 'Create origin'}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
