import { useState, type FormEvent } from 'react';
import type { CdnRecord, ProfileRecord, TenantRecord } from '../api/manage';
import { Field } from '../components/Field';
import {
  DS_FORM_KEYS,
  DS_GROUPS,
  toDsBody,
  validateDsForm,
  type DsFieldSpec,
  type DsFormErrors,
  type DsFormKey,
  type DsFormValues,
} from '../lib/ds-form';

export interface DsLookups {
  cdns: CdnRecord[];
  tenants: TenantRecord[];
  profiles: ProfileRecord[];
}

interface DsFormProps {
  title: string;
  initial: DsFormValues;
  /** Editing: the key cannot change (the API answers 404 for another xmlId). */
  editing: boolean;
  lookups: DsLookups;
  busy: boolean;
  serverErrors: DsFormErrors;
  onSave: (body: Record<string, unknown>) => void;
  onCancel: () => void;
}

/**
 * The values and each field's message: the shared rules' verdict once the field changed (or the form was
 * submitted), else the API's until the field changes.
 */
function useDsForm({ initial, serverErrors, onSave }: DsFormProps) {
  const [values, setValues] = useState<DsFormValues>(initial);
  const [touched, setTouched] = useState<Set<DsFormKey>>(new Set());
  const [changed, setChanged] = useState<Set<DsFormKey>>(new Set());
  const errors = validateDsForm(values);
  const errorOf = (k: DsFormKey) =>
    (touched.has(k) ? errors[k] : undefined) ?? (changed.has(k) ? undefined : serverErrors[k]);
  const set = (k: DsFormKey) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [k]: event.target.value }));
    setTouched((t) => new Set(t).add(k));
    setChanged((c) => new Set(c).add(k));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(new Set(DS_FORM_KEYS));
    setChanged(new Set());
    if (Object.keys(errors).length === 0) onSave(toDsBody(values));
  };
  return { values, errorOf, set, submit };
}

type FormState = ReturnType<typeof useDsForm>;

/**
 * Create or edit a delivery service, in Traffic Portal's sections (routing, cache behaviour, origin, headers,
 * security). Every field is checked with the daemon's own rules as it is typed; the browser's checks are off.
 */
export function DsForm(props: DsFormProps) {
  const form = useDsForm(props);
  return (
    <form className="ds-form" onSubmit={form.submit} aria-label={props.title} noValidate>
      {DS_GROUPS.map((group) => (
        <fieldset key={group.title} className="panel form-grid ds-group">
          <legend className="form-title">{group.title}</legend>
          {group.fields.map((spec) => (
            <DsField key={spec.key} spec={spec} form={form} props={props} />
          ))}
        </fieldset>
      ))}
      <div className="actions">
        <button type="submit" disabled={props.busy}>
          {props.editing ? 'Save delivery service' : 'Create delivery service'}
        </button>
        <button type="button" className="secondary" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The choices of a field that names another record: CDNs, tenants, profiles. */
function lookupOptions(from: 'cdn' | 'tenant' | 'profile', lookups: DsLookups): Array<[string, string]> {
  if (from === 'cdn') return lookups.cdns.map((c) => [String(c.id), c.name]);
  if (from === 'tenant') return lookups.tenants.map((t) => [String(t.id), t.name]);
  return lookups.profiles.map((p) => [String(p.id), p.name]);
}

const PLACEHOLDER = { cdn: 'Choose a CDN…', tenant: 'Choose a tenant…', profile: 'None' } as const;

/** One field of the form, as its spec says it is entered. */
function DsField({ spec, form, props }: { spec: DsFieldSpec; form: FormState; props: DsFormProps }) {
  const { values, errorOf, set } = form;
  const { key, input } = spec;
  const common = { value: values[key], onChange: set(key) };
  let control;
  switch (input.kind) {
    case 'options':
      control = (
        <select {...common}>
          {input.options.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      );
      break;
    case 'lookup':
      control = (
        <select {...common}>
          <option value="">{PLACEHOLDER[input.from]}</option>
          {lookupOptions(input.from, props.lookups).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      );
      break;
    case 'textarea':
      control = <textarea className="mono" rows={2} {...common} />;
      break;
    case 'readonly':
      control = <input className="mono" value={values[key] || '—'} readOnly />;
      break;
    default:
      control = (
        <input
          {...common}
          className={input.kind === 'text' && input.mono ? 'mono' : undefined}
          inputMode={input.kind === 'number' ? 'decimal' : undefined}
          placeholder={input.placeholder}
          readOnly={key === 'xmlId' && props.editing}
          autoComplete="off"
        />
      );
  }
  return (
    <Field label={spec.label} hint={spec.hint} error={errorOf(key)}>
      {control}
    </Field>
  );
}
