import { useState, type FormEvent } from 'react';
import { createUser } from '../api/endpoints';
import type { Alert, Role, Tenant } from '../api/types';
import { Field } from '../components/Field';
import { alertsOf } from '../lib/alerts';
import { RoleTenantFields } from './RoleTenantFields';

/** POST users: a local user with a password, ready to log in. */
export function CreateUserForm({ roles, tenants, onDone, onCancel }: {
  roles: Role[];
  tenants: Tenant[];
  onDone: (alerts: Alert[], ok: boolean) => void;
  onCancel: () => void;
}) {
  const [v, setV] = useState({ username: '', fullName: '', email: '', role: '', tenantId: '', password: '', confirm: '' });
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof v) => (value: string) => setV((old) => ({ ...old, [key]: value }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const result = await createUser({
        username: v.username,
        fullName: v.fullName,
        email: v.email,
        role: Number(v.role),
        tenantId: Number(v.tenantId),
        localPassword: v.password,
        confirmLocalPassword: v.confirm,
      });
      onDone(result.alerts, true);
    } catch (error) {
      onDone(alertsOf(error), false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="panel form-grid" onSubmit={submit} aria-label="New user">
      <h2 className="form-title">New user</h2>
      <Field label="Username">
        <input value={v.username} onChange={(e) => set('username')(e.target.value)} required autoComplete="off" />
      </Field>
      <Field label="Full name">
        <input value={v.fullName} onChange={(e) => set('fullName')(e.target.value)} required autoComplete="off" />
      </Field>
      <Field label="Email">
        <input type="email" value={v.email} onChange={(e) => set('email')(e.target.value)} required autoComplete="off" />
      </Field>
      <RoleTenantFields roles={roles} tenants={tenants} role={v.role} tenantId={v.tenantId} onRole={set('role')} onTenant={set('tenantId')} />
      <Field label="Password">
        <input type="password" value={v.password} onChange={(e) => set('password')(e.target.value)} required autoComplete="new-password" />
      </Field>
      <Field label="Confirm password">
        <input type="password" value={v.confirm} onChange={(e) => set('confirm')(e.target.value)} required autoComplete="new-password" />
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
