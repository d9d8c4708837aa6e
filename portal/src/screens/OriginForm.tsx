import { useState, type FormEvent } from 'react';
import {
  emptyOriginForm,
  originToForm,
  toOriginBody,
  validateOrigin,
  type OriginFormErrors,
  type OriginFormValues,
} from '../../../shared/rules/forms/origin.js';
import type { DeliveryService, Origin, OriginInput, Profile, Tenant } from '../api/types';
import { Field } from '../components/Field';

type Key = keyof OriginFormValues;
export const ORIGIN_FIELDS: readonly Key[] = [
  'name',
  'fqdn',
  'protocol',
  'deliveryService',
  'port',
  'ipAddress',
  'ip6Address',
  'cachegroupId',
  'coordinateId',
  'profileId',
  'tenantId',
];

/** The form's starting values: an edited origin's, with its delivery service as the id the select holds. */
function initialValues(origin: Origin | null, lockedDsId: string | undefined): OriginFormValues {
  if (!origin) return { ...emptyOriginForm(), deliveryService: lockedDsId ?? '' };
  return {
    ...originToForm(origin),
    deliveryService: origin.deliveryServiceId === null ? '' : String(origin.deliveryServiceId),
  };
}

interface OriginFormProps {
  origin: Origin | null;
  services: DeliveryService[];
  tenants: Tenant[];
  profiles: Profile[];
  busy: boolean;
  serverErrors?: OriginFormErrors;
  /** On a delivery service's page a new origin belongs to it. */
  lockedDsId?: string;
  onSave: (input: OriginInput) => void;
  onCancel: () => void;
}

/**
 * The form's values and each field's message: the shared rules' verdict once the field was touched (or the form
 * submitted), else the API's until the field changes.
 */
function useOriginForm({ origin, services, serverErrors = {}, lockedDsId, onSave }: OriginFormProps) {
  const [values, setValues] = useState<OriginFormValues>(() => initialValues(origin, lockedDsId));
  const [touched, setTouched] = useState<Set<Key>>(new Set());
  const [changedSinceServer, setChanged] = useState<Set<Key>>(new Set());
  const errors = validateOrigin(values, services);
  const errorOf = (k: Key) =>
    (touched.has(k) ? errors[k] : undefined) ?? (changedSinceServer.has(k) ? undefined : serverErrors[k]);
  const set = (k: Key) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [k]: event.target.value }));
    setTouched((t) => new Set(t).add(k));
    setChanged((c) => new Set(c).add(k));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(new Set(ORIGIN_FIELDS));
    setChanged(new Set());
    if (Object.keys(errors).length === 0) onSave(toOriginBody(values, services));
  };
  return { values, errorOf, set, submit };
}

type FormState = ReturnType<typeof useOriginForm>;

/**
 * Create or edit one origin. Each field is checked with the daemon's own rules as it is typed
 * (src/ui/validation/origin.ts, over src/rules/origins) and its message shown under it; `serverErrors` are the
 * API's, by field. The browser's own checks are off (noValidate): the shared rules are the only ones.
 */
export function OriginForm(props: OriginFormProps) {
  const { origin, services, lockedDsId, busy, onCancel } = props;
  const form = useOriginForm(props);
  const { values, errorOf, set } = form;
  const title = origin ? `Edit origin ${origin.name}` : 'New origin';
  return (
    <form className="panel form-grid" onSubmit={form.submit} aria-label={title} noValidate>
      <h2 className="form-title">{title}</h2>
      <Field label="Name" error={errorOf('name')}>
        <input value={values.name} onChange={set('name')} aria-required autoComplete="off" />
      </Field>
      <Field label="Delivery service" error={errorOf('deliveryService')}>
        <select
          value={values.deliveryService}
          onChange={set('deliveryService')}
          aria-required
          disabled={lockedDsId !== undefined && !origin}
        >
          <option value="">Choose a delivery service…</option>
          {services.map((ds) => (
            <option key={ds.id} value={ds.id}>
              {ds.xmlId}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Protocol" error={errorOf('protocol')}>
        <select value={values.protocol} onChange={set('protocol')}>
          <option value="http">http</option>
          <option value="https">https</option>
        </select>
      </Field>
      <AddressFields form={form} />
      <OwnerFields form={form} tenants={props.tenants} profiles={props.profiles} />
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

/** Where the origin is: its FQDN, port and addresses. */
function AddressFields({ form: { values, errorOf, set } }: { form: FormState }) {
  return (
    <>
      <Field label="FQDN" error={errorOf('fqdn')}>
        <input
          className="mono"
          value={values.fqdn}
          onChange={set('fqdn')}
          placeholder="origin.example.com"
          aria-required
          autoComplete="off"
        />
      </Field>
      <Field label="Port" error={errorOf('port')}>
        <input inputMode="numeric" value={values.port} onChange={set('port')} placeholder="default" />
      </Field>
      <Field label="IPv4 address" error={errorOf('ipAddress')}>
        <input className="mono" value={values.ipAddress} onChange={set('ipAddress')} autoComplete="off" />
      </Field>
      <Field label="IPv6 address" error={errorOf('ip6Address')}>
        <input className="mono" value={values.ip6Address} onChange={set('ip6Address')} autoComplete="off" />
      </Field>
    </>
  );
}

/** Whose the origin is: its tenant and profile. */
function OwnerFields({
  form: { values, errorOf, set },
  tenants,
  profiles,
}: {
  form: FormState;
  tenants: Tenant[];
  profiles: Profile[];
}) {
  return (
    <>
      <Field label="Tenant" error={errorOf('tenantId')}>
        <select value={values.tenantId} onChange={set('tenantId')}>
          <option value="">The delivery service's tenant</option>
          {tenants.map((t) => (
            <option key={t.id} value={String(t.id)}>
              {t.name}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Profile" error={errorOf('profileId')}>
        <select value={values.profileId} onChange={set('profileId')}>
          <option value="">None</option>
          {profiles.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </Field>
    </>
  );
}
