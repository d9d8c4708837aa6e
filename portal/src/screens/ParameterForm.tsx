import { useState, type FormEvent } from 'react';
import { parameterProblems } from '../../../shared/rules/profiles.js';
import type { ParameterInput } from '../api/manage';
import { Field } from '../components/Field';

type Key = 'name' | 'configFile' | 'value';
export type ParameterFormErrors = Partial<Record<Key, string>>;

/** The shared rules' problems of a parameter, one per field (`'parent.config weight'` concerns the value). */
export function parameterErrors(p: ParameterInput): ParameterFormErrors {
  const errors: ParameterFormErrors = {};
  for (const problem of parameterProblems(p)) {
    const m = /^'([^']+)' (.+)$/.exec(problem);
    if (!m) continue;
    const key: Key = m[1] === 'name' || m[1] === 'configFile' ? m[1] : 'value';
    errors[key] ??= m[2];
  }
  return errors;
}

interface ParameterFormProps {
  title: string;
  submitLabel: string;
  initial?: ParameterInput;
  busy: boolean;
  serverErrors?: ParameterFormErrors;
  onSave: (p: ParameterInput) => void;
  onCancel: () => void;
}

/** A parameter's name, config file, value and secure flag, checked with the API's rules as they are typed. */
export function ParameterForm({
  title,
  submitLabel,
  initial,
  busy,
  serverErrors = {},
  onSave,
  onCancel,
}: ParameterFormProps) {
  const [v, setV] = useState<ParameterInput>(initial ?? { name: '', configFile: '', value: '', secure: false });
  const [touched, setTouched] = useState<Set<Key>>(new Set());
  const errors = parameterErrors(v);
  const errorOf = (k: Key) => (touched.has(k) ? errors[k] : undefined) ?? serverErrors[k];
  const set = (k: Key) => (e: { target: { value: string } }) => {
    setV((old) => ({ ...old, [k]: e.target.value }));
    setTouched((t) => new Set(t).add(k));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(new Set<Key>(['name', 'configFile', 'value']));
    if (Object.keys(errors).length === 0) onSave(v);
  };
  return (
    <form className="panel form-grid" onSubmit={submit} aria-label={title} noValidate>
      <h2 className="form-title">{title}</h2>
      <Field label="Parameter name" error={errorOf('name')}>
        <input className="mono" value={v.name} onChange={set('name')} aria-required autoComplete="off" />
      </Field>
      <Field label="Config file" error={errorOf('configFile')}>
        <input className="mono" value={v.configFile} onChange={set('configFile')} aria-required autoComplete="off" />
      </Field>
      <Field label="Value" error={errorOf('value')}>
        <input className="mono" value={v.value} onChange={set('value')} autoComplete="off" />
      </Field>
      <label className="check">
        <input
          type="checkbox"
          checked={v.secure}
          onChange={(e) => setV((old) => ({ ...old, secure: e.target.checked }))}
        />
        Secure (value shown to admins only)
      </label>
      <div className="actions">
        <button type="submit" disabled={busy}>
          {submitLabel}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
