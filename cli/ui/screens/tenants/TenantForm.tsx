import { useState } from 'react';
import { Box, Text } from 'ink';
import { Form, type FormField } from '../../components/Form.js';
import { Spinner } from '../../components/Spinner.js';
import { ErrorBox } from '../../components/ErrorBox.js';
import { useAction } from '../../hooks/use-request.js';
import {
  emptyTenantForm,
  tenantFormErrors,
  tenantToForm,
  toTenantWrite,
  type TenantFormValues,
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
  const [values, setValues] = useState<TenantFormValues>(() =>
    tenant ? tenantToForm(tenant) : emptyTenantForm(parentId),
  );
  const action = useAction();
  const errors = tenantFormErrors(values, tenants, tenant);
  const submit = async () => {
    const saved = await action.run(() => save(toTenantWrite(values)));
    if (saved !== undefined) onSaved();
  };
  return (
    <Box flexDirection="column">
      <Text bold>{tenant ? `Edit tenant ${tenant.name}` : 'New tenant'}</Text>
      <Box marginTop={1}>
        <Form
          fields={fields(tenants, tenant)}
          values={{ ...values }}
          errors={errors}
          isActive={!action.pending}
          submitLabel={tenant ? 'save' : 'create'}
          onChange={(name, value) => {
            action.clearError();
            setValues((v) => ({ ...v, [name]: value }));
          }}
          onSubmit={() => void submit()}
          onCancel={onCancel}
        />
      </Box>
      {action.pending && <Spinner label={tenant ? 'Saving…' : 'Creating…'} />}
      {action.error && <ErrorBox message={action.error} title="The server refused the tenant" />}
    </Box>
  );
}
