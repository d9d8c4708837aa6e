import { useState, type FormEvent } from 'react';
import { registerUser } from '../api/endpoints';
import type { Alert, Role, Tenant } from '../api/types';
import { Field } from '../components/Field';
import { isValidEmail } from '../../../shared/rules/users/fields.js';
import { alertsOf } from '../lib/alerts';
import { RoleTenantFields } from './RoleTenantFields';

interface RegisterProps {
  roles: Role[];
  tenants: Tenant[];
  onDone: (alerts: Alert[], ok: boolean) => void;
  onCancel: () => void;
}

/** The daemon's own e-mail rule (src/rules/users/fields.ts), and a role and a tenant chosen. */
function registrationErrors(email: string, role: string, tenantId: string): Record<string, string | undefined> {
  return {
    email:
      email.trim() === ''
        ? 'cannot be blank'
        : isValidEmail(email.trim())
          ? undefined
          : 'must be a valid email address',
    role: role === '' ? 'choose a role' : undefined,
    tenantId: tenantId === '' ? 'choose a tenant' : undefined,
  };
}

/** The form's values and messages as it is filled in, and POST users/register. */
function useRegistration(onDone: RegisterProps['onDone']) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState('');
  const [tenantId, setTenantId] = useState('');
  const [busy, setBusy] = useState(false);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const errors = registrationErrors(email, role, tenantId);
  const errorOf = (key: string) => (touched.has(key) ? errors[key] : undefined);
  const touch = (key: string, set: (value: string) => void) => (value: string) => {
    set(value);
    setTouched((t) => new Set(t).add(key));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(new Set(['email', 'role', 'tenantId']));
    if (Object.values(errors).some(Boolean)) return;
    setBusy(true);
    try {
      const result = await registerUser(email, Number(role), Number(tenantId));
      onDone(result.alerts, true);
    } catch (error) {
      onDone(alertsOf(error), false);
    } finally {
      setBusy(false);
    }
  };
  return {
    email,
    role,
    tenantId,
    busy,
    errorOf,
    submit,
    setEmail: touch('email', setEmail),
    setRole: touch('role', setRole),
    setTenantId: touch('tenantId', setTenantId),
  };
}

/** POST users/register: mails an invitation whose link lets the person choose a username and password. */
export function RegisterUserForm({ roles, tenants, onDone, onCancel }: RegisterProps) {
  const r = useRegistration(onDone);
  return (
    <form className="panel form-grid" onSubmit={r.submit} aria-label="Register a user" noValidate>
      <h2 className="form-title">Register a user</h2>
      <p className="muted form-note">The person receives a mail with a link to choose a username and password.</p>
      <Field label="Email" error={r.errorOf('email')}>
        <input
          type="email"
          value={r.email}
          onChange={(e) => r.setEmail(e.target.value)}
          aria-required
          autoComplete="off"
        />
      </Field>
      <RoleTenantFields
        roles={roles}
        tenants={tenants}
        role={r.role}
        tenantId={r.tenantId}
        onRole={r.setRole}
        onTenant={r.setTenantId}
        roleError={r.errorOf('role')}
        tenantError={r.errorOf('tenantId')}
      />
      <div className="actions">
        <button type="submit" disabled={r.busy}>
          Send registration
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
