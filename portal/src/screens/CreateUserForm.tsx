import { useState, type FormEvent } from 'react';
import { createUser } from '../api/endpoints';
import type { Alert, Role, Tenant } from '../api/types';
import { Field } from '../components/Field';
import { alertsOf } from '../lib/alerts';
import { fieldErrorsFromAlerts } from '../lib/field-errors';
import {
  USER_FIELD_ALIASES,
  newUserBody,
  newUserErrors,
  type NewUserErrors,
  type NewUserValues,
} from '../lib/user-errors';
import { RoleTenantFields } from './RoleTenantFields';

const FIELDS: readonly (keyof NewUserValues)[] = [
  'username',
  'fullName',
  'email',
  'role',
  'tenantId',
  'password',
  'confirm',
];

interface CreateUserProps {
  roles: Role[];
  tenants: Tenant[];
  onDone: (alerts: Alert[], ok: boolean) => void;
  onCancel: () => void;
}

/** The form's values, each field's message (the shared rules' once touched, else the API's), and POST users. */
function useNewUser(onDone: CreateUserProps['onDone']) {
  const [v, setV] = useState<NewUserValues>({
    username: '',
    fullName: '',
    email: '',
    role: '',
    tenantId: '',
    password: '',
    confirm: '',
  });
  const [touched, setTouched] = useState<Set<keyof NewUserValues>>(new Set());
  const [serverErrors, setServerErrors] = useState<NewUserErrors>({});
  const [busy, setBusy] = useState(false);
  const errors = newUserErrors(v);
  const errorOf = (k: keyof NewUserValues) => (touched.has(k) ? errors[k] : undefined) ?? serverErrors[k];
  const set = (key: keyof NewUserValues) => (value: string) => {
    setV((old) => ({ ...old, [key]: value }));
    setTouched((t) => new Set(t).add(key));
    setServerErrors((s) => ({ ...s, [key]: undefined }));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(new Set(FIELDS));
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    try {
      onDone((await createUser(newUserBody(v))).alerts, true);
    } catch (error) {
      const split = fieldErrorsFromAlerts(alertsOf(error), FIELDS, USER_FIELD_ALIASES);
      setServerErrors(split.fields);
      onDone(split.rest, false);
    } finally {
      setBusy(false);
    }
  };
  return { v, busy, errorOf, set, submit };
}

/** POST users: a local user with a password, ready to log in; each field checked with the daemon's rules as typed. */
export function CreateUserForm({ roles, tenants, onDone, onCancel }: CreateUserProps) {
  const { v, busy, errorOf, set, submit } = useNewUser(onDone);
  return (
    <form className="panel form-grid" onSubmit={submit} aria-label="New user" noValidate>
      <h2 className="form-title">New user</h2>
      <Field label="Username" error={errorOf('username')}>
        <input value={v.username} onChange={(e) => set('username')(e.target.value)} aria-required autoComplete="off" />
      </Field>
      <Field label="Full name" error={errorOf('fullName')}>
        <input value={v.fullName} onChange={(e) => set('fullName')(e.target.value)} aria-required autoComplete="off" />
      </Field>
      <Field label="Email" error={errorOf('email')}>
        <input
          type="email"
          value={v.email}
          onChange={(e) => set('email')(e.target.value)}
          aria-required
          autoComplete="off"
        />
      </Field>
      <RoleTenantFields
        roles={roles}
        tenants={tenants}
        role={v.role}
        tenantId={v.tenantId}
        onRole={set('role')}
        onTenant={set('tenantId')}
        roleError={errorOf('role')}
        tenantError={errorOf('tenantId')}
      />
      <Field
        label="Password"
        error={errorOf('password')}
        hint="At least 8 characters, not the username, not a common password."
      >
        <input
          type="password"
          value={v.password}
          onChange={(e) => set('password')(e.target.value)}
          aria-required
          autoComplete="new-password"
        />
      </Field>
      <Field label="Confirm password" error={errorOf('confirm')}>
        <input
          type="password"
          value={v.confirm}
          onChange={(e) => set('confirm')(e.target.value)}
          aria-required
          autoComplete="new-password"
        />
      </Field>
      <div className="actions">
        <button type="submit" disabled={busy}>
          Create user
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
