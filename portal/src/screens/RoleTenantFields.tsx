import type { Role, Tenant } from '../api/types';
import { Field } from '../components/Field';

/** The role and tenant pickers of the user forms; the lists are what the API lets this user see. */
export function RoleTenantFields({
  roles,
  tenants,
  role,
  tenantId,
  onRole,
  onTenant,
  roleError,
  tenantError,
}: {
  roles: Role[];
  tenants: Tenant[];
  role: string;
  tenantId: string;
  onRole: (value: string) => void;
  onTenant: (value: string) => void;
  roleError?: string;
  tenantError?: string;
}) {
  return (
    <>
      <Field label="Role" error={roleError}>
        <select value={role} onChange={(e) => onRole(e.target.value)} required>
          <option value="">Choose a role…</option>
          {roles.map((r) => (
            <option key={r.id} value={String(r.id)}>
              {r.name}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Tenant" error={tenantError}>
        <select value={tenantId} onChange={(e) => onTenant(e.target.value)} required>
          <option value="">Choose a tenant…</option>
          {tenants.map((t) => (
            <option key={t.id} value={String(t.id)}>
              {t.name}
            </option>
          ))}
        </select>
      </Field>
    </>
  );
}
