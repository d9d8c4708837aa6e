import { useState, type FormEvent } from 'react';
import type { TenantInput, TenantRecord } from '../api/manage';
import { Field } from '../components/Field';
import { parentChoices, tenantBody, tenantFormErrors, tenantRows, type TenantFormValues } from '../lib/tenant-tree';

export type TenantFormErrors = Partial<Record<'name' | 'parentId', string>>;

interface TenantFormProps {
  tenant: TenantRecord | null;
  tenants: TenantRecord[];
  busy: boolean;
  serverErrors: TenantFormErrors;
  onSave: (body: TenantInput) => void;
  onCancel: () => void;
}

/** Create or edit a tenant: its name, its parent (never itself or one of its descendants) and whether active. */
export function TenantForm({ tenant, tenants, busy, serverErrors, onSave, onCancel }: TenantFormProps) {
  const [values, setValues] = useState<TenantFormValues>({
    name: tenant?.name ?? '',
    parentId: tenant?.parentId ? String(tenant.parentId) : '',
    active: tenant?.active ?? true,
  });
  const [touched, setTouched] = useState(false);
  const errors = tenantFormErrors(values);
  const errorOf = (k: 'name' | 'parentId') => (touched ? errors[k] : undefined) ?? serverErrors[k];
  const allowed = new Set(parentChoices(tenants, tenant?.id ?? null).map((t) => t.id));
  const choices = tenantRows(tenants).filter((r) => allowed.has(r.tenant.id));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(errors).length === 0) onSave(tenantBody(values));
  };
  const title = tenant ? `Edit tenant ${tenant.name}` : 'New tenant';
  return (
    <form className="panel form-grid" onSubmit={submit} aria-label={title} noValidate>
      <h2 className="form-title">{title}</h2>
      <Field label="Name" error={errorOf('name')}>
        <input
          value={values.name}
          onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))}
          aria-required
          autoComplete="off"
        />
      </Field>
      <Field label="Parent tenant" error={errorOf('parentId')}>
        <select value={values.parentId} onChange={(e) => setValues((v) => ({ ...v, parentId: e.target.value }))}>
          <option value="">Choose a parent…</option>
          {choices.map(({ tenant: t, depth }) => (
            <option key={t.id} value={String(t.id)}>
              {`${'\u00a0\u00a0'.repeat(depth)}${t.name}`}
            </option>
          ))}
        </select>
      </Field>
      <label className="check">
        <input
          type="checkbox"
          checked={values.active}
          onChange={(e) => setValues((v) => ({ ...v, active: e.target.checked }))}
        />
        Active
      </label>
      <div className="actions">
        <button type="submit" disabled={busy}>
          {tenant ? 'Save tenant' : 'Create tenant'}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
