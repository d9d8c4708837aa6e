import { useState, type FormEvent } from 'react';
import { registerUser } from '../api/endpoints';
import type { Alert, Role, Tenant } from '../api/types';
import { Field } from '../components/Field';
import { alertsOf } from '../lib/alerts';
import { RoleTenantFields } from './RoleTenantFields';

/** POST users/register: mails an invitation whose link lets the person choose a username and password. */
export function RegisterUserForm({ roles, tenants, onDone, onCancel }: {
  roles: Role[];
  tenants: Tenant[];
  onDone: (alerts: Alert[], ok: boolean) => void;
  onCancel: () => void;
}) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState('');
  const [tenantId, setTenantId] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
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
  return (
    <form className="panel form-grid" onSubmit={submit} aria-label="Register a user">
      <h2 className="form-title">Register a user</h2>
      <p className="muted form-note">The person receives a mail with a link to choose a username and password.</p>
      <Field label="Email">
        <input type="email" value={email} onChange={(e) => setEmail(e.target.value)} required autoComplete="off" />
      </Field>
      <RoleTenantFields roles={roles} tenants={tenants} role={role} tenantId={tenantId} onRole={setRole} onTenant={setTenantId} />
      <div className="actions">
        <button type="submit" disabled={busy}>
          Send registration
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
