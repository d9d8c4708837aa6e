import { EditForm } from '../../components/EditForm.js';
import type { FormField } from '../../components/Form.js';
import {
  emptyTenantForm,
  tenantFormErrors,
  tenantToForm,
  toTenantWrite,
  type TenantItem,
  type TenantWrite,
} from './tenant-form.js';

export interface TenantFormProps {
  /** The tenant being edited; absent for a new one. */
  tenant?: TenantItem;
  /** The tenants the caller sees (the parent is picked from them). */
  tenants: TenantItem[];
  /** A new tenant's parent at first (the one under the cursor). */
  parentId?: number | null;
  save: (body: TenantWrite) => Promise<unknown>;
  onSaved: () => void;
  onCancel: () => void;
}

const ACTIVE = [
  { value: 'yes', label: 'yes' },
  { value: 'no', label: 'no: its users see nothing' },
];

function fields(tenants: TenantItem[], editing?: TenantItem): FormField[] {
  const parents = tenants
    .filter((t) => !editing || t.id !== editing.id)
    .map((t) => ({ value: String(t.id), label: t.name }));
  return [
    { name: 'name', label: 'Name' },
    { name: 'parentId', label: 'Parent', hint: 'choose', choices: parents },
    { name: 'active', label: 'Active', hint: 'choose', choices: ACTIVE },
  ];
}

/** Create or edit a tenant, checked by the API's tree rules; the API's refusal shown in place. */
export function TenantForm({ tenant, tenants, parentId = null, save, onSaved, onCancel }: TenantFormProps) {
  return (
    <EditForm
      title={tenant ? `Edit tenant ${tenant.name}` : 'New tenant'}
      editing={tenant !== undefined}
      fields={fields(tenants, tenant)}
      initial={() => (tenant ? tenantToForm(tenant) : emptyTenantForm(parentId))}
      errors={(values) => tenantFormErrors(values, tenants, tenant)}
      save={(values) => save(toTenantWrite(values))}
      onSaved={() => onSaved()}
      onCancel={onCancel}
      refused="The server refused the tenant"
    />
  );
}
