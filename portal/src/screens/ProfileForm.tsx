import { useState, type FormEvent } from 'react';
import type { CurrentUser } from '../api/types';
import { Field } from '../components/Field';

const FIELDS = [
  ['username', 'Username'],
  ['fullName', 'Full name'],
  ['email', 'Email'],
  ['company', 'Company'],
  ['phoneNumber', 'Phone number'],
  ['addressLine1', 'Address'],
  ['city', 'City'],
  ['stateOrProvince', 'State or province'],
  ['postalCode', 'Postal code'],
  ['country', 'Country'],
] as const;

type Key = (typeof FIELDS)[number][0];

/** Sends only what changed, so that the API's partial update leaves the rest alone. */
export function changedFields(me: CurrentUser, values: Record<Key, string>): Record<string, string> {
  const changed: Record<string, string> = {};
  for (const [key] of FIELDS) if (values[key] !== (me[key] ?? '')) changed[key] = values[key];
  return changed;
}

export function ProfileForm({
  me,
  busy,
  onSave,
}: {
  me: CurrentUser;
  busy: boolean;
  onSave: (user: Record<string, unknown>) => Promise<boolean>;
}) {
  const [values, setValues] = useState(
    () => Object.fromEntries(FIELDS.map(([key]) => [key, me[key] ?? ''])) as Record<Key, string>,
  );
  const changed = changedFields(me, values);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSave(changed);
  };
  return (
    <form className="panel form-grid" onSubmit={submit} aria-label="Profile details">
      <h2 className="form-title">Details</h2>
      {FIELDS.map(([key, label]) => (
        <Field key={key} label={label}>
          <input
            type={key === 'email' ? 'email' : 'text'}
            value={values[key]}
            onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
            required={key === 'username' || key === 'email' || key === 'fullName'}
          />
        </Field>
      ))}
      <div className="actions">
        <button type="submit" disabled={busy || Object.keys(changed).length === 0}>
          Save profile
        </button>
      </div>
    </form>
  );
}
