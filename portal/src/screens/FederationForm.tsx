import { useState, type FormEvent } from 'react';
import { cnameProblem, ttlProblem } from '../../../shared/rules/federations.js';
import type { CdnRecord, FederationInput } from '../api/manage';
import type { Federation } from '../api/types';
import { Field } from '../components/Field';

type Key = 'cdn' | 'cname' | 'ttl';
export type FederationFormErrors = Partial<Record<Key | 'description', string>>;

interface Values {
  cdn: string;
  cname: string;
  ttl: string;
  description: string;
}

const strip = (problem: string | null) => problem?.replace(/^'\w+' /, '');

/** The shared rules' verdict on each field (a TTL that is no integer says so before the API would). */
export function federationErrors(v: Values): FederationFormErrors {
  const errors: FederationFormErrors = {};
  if (v.cdn === '') errors.cdn = 'cannot be blank';
  const cname = strip(cnameProblem(v.cname));
  if (cname) errors.cname = cname;
  const ttl = v.ttl.trim() === '' ? null : /^-?\d{1,12}$/.test(v.ttl.trim()) ? Number(v.ttl) : v.ttl;
  const ttlText = strip(ttlProblem(ttl));
  if (ttlText) errors.ttl = ttlText;
  return errors;
}

/** The form's text, each field's message (the rules' once typed, else the API's) and the submit. */
function useFederationForm(
  federation: Federation | null,
  serverErrors: FederationFormErrors,
  onSave: (cdn: string, body: FederationInput) => void,
) {
  const [v, setV] = useState<Values>({
    cdn: federation?.cdnName ?? '',
    cname: federation?.cname ?? '',
    ttl: federation ? String(federation.ttl) : '',
    description: federation?.description ?? '',
  });
  const [touched, setTouched] = useState(false);
  const errors = federationErrors(v);
  const errorOf = (k: Key | 'description') => (touched ? errors[k] : undefined) ?? serverErrors[k];
  const set = (k: keyof Values) => (e: { target: { value: string } }) => {
    setV((old) => ({ ...old, [k]: e.target.value }));
    setTouched(true);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(errors).length > 0) return;
    onSave(v.cdn, { cname: v.cname.trim(), ttl: Number(v.ttl), description: v.description || null });
  };
  return { v, errorOf, set, submit };
}

/** Create a federation on a CDN, or edit one (its CDN stays). */
export function FederationForm({
  federation,
  cdns,
  busy,
  serverErrors,
  onSave,
  onCancel,
}: {
  federation: Federation | null;
  cdns: CdnRecord[];
  busy: boolean;
  serverErrors: FederationFormErrors;
  onSave: (cdn: string, body: FederationInput) => void;
  onCancel: () => void;
}) {
  const { v, errorOf, set, submit } = useFederationForm(federation, serverErrors, onSave);
  const title = federation ? `Edit federation ${federation.cname}` : 'New federation';
  return (
    <form className="panel form-grid" onSubmit={submit} aria-label={title} noValidate>
      <h2 className="form-title">{title}</h2>
      <Field label="CDN" error={errorOf('cdn')}>
        <select value={v.cdn} onChange={set('cdn')} disabled={federation !== null}>
          <option value="">Choose a CDN…</option>
          {cdns.map((c) => (
            <option key={c.id} value={c.name}>
              {c.name}
            </option>
          ))}
        </select>
      </Field>
      <Field label="CNAME" error={errorOf('cname')} hint="A DNS name ending with a period.">
        <input className="mono" value={v.cname} onChange={set('cname')} autoComplete="off" />
      </Field>
      <Field label="TTL (seconds)" error={errorOf('ttl')}>
        <input inputMode="numeric" value={v.ttl} onChange={set('ttl')} />
      </Field>
      <Field label="Description" error={errorOf('description')}>
        <input value={v.description} onChange={set('description')} />
      </Field>
      <div className="actions">
        <button type="submit" disabled={busy}>
          {federation ? 'Save federation' : 'Create federation'}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
