import { useState } from 'react';
import { Box, Text } from 'ink';
import { Form, type FormField } from '../../components/Form.js';
import { Spinner } from '../../components/Spinner.js';
import { ErrorBox } from '../../components/ErrorBox.js';
import { useAction } from '../../hooks/use-request.js';
import {
  PROTOCOL_CHOICES,
  dsFormErrors,
  dsToForm,
  emptyDsForm,
  toDsBody,
  type DsBody,
  type DsChoices,
  type DsFormValues,
  type Named,
} from './ds-form.js';

export interface DeliveryServiceFormProps {
  /** The delivery service being edited (its stored record); absent for a new one. */
  stored?: DsBody;
  choices: DsChoices;
  save: (body: DsBody) => Promise<unknown>;
  onSaved: (xmlId: string) => void;
  onCancel: () => void;
}

const ACTIVE = [
  { value: 'yes', label: 'yes' },
  { value: 'no', label: 'no' },
];

const pick = (list: Named[]) => list.map((n) => ({ value: String(n.id), label: n.name }));

/** The fields; the xmlId is fixed once the delivery service exists (Traffic Ops refused to change it). */
function fields(choices: DsChoices, editing: boolean): FormField[] {
  return [
    ...(editing ? [] : [{ name: 'xmlId', label: 'XML ID', hint: 'no spaces or periods, ≤48' }]),
    { name: 'displayName', label: 'Display name', hint: '1–48 characters' },
    { name: 'typeId', label: 'Type', hint: 'choose', choices: pick(choices.types) },
    { name: 'cdnId', label: 'CDN', hint: 'choose', choices: pick(choices.cdns) },
    { name: 'tenantId', label: 'Tenant', hint: 'choose', choices: pick(choices.tenants) },
    { name: 'orgServerFqdn', label: 'Origin URL', hint: 'http(s)://host[:port]', live: true },
    { name: 'protocol', label: 'Protocol', hint: 'choose', choices: PROTOCOL_CHOICES },
    { name: 'active', label: 'Active', hint: 'choose', choices: ACTIVE },
  ];
}

/** Create or edit a delivery service: its main fields, checked by the API's rules; the API's refusal in place. */
export function DeliveryServiceForm({ stored, choices, save, onSaved, onCancel }: DeliveryServiceFormProps) {
  const [values, setValues] = useState<DsFormValues>(() => (stored ? dsToForm(stored) : emptyDsForm()));
  const action = useAction();
  const errors = dsFormErrors(values, choices);
  const submit = async () => {
    const saved = await action.run(() => save(toDsBody(values, stored)));
    if (saved !== undefined) onSaved(values.xmlId);
  };
  return (
    <Box flexDirection="column">
      <Text bold>{stored ? `Edit delivery service ${String(stored.xmlId)}` : 'New delivery service'}</Text>
      <Box marginTop={1}>
        <Form
          fields={fields(choices, stored !== undefined)}
          values={{ ...values }}
          errors={errors}
          isActive={!action.pending}
          submitLabel={stored ? 'save' : 'create'}
          onChange={(name, value) => {
            action.clearError();
            setValues((v) => ({ ...v, [name]: value }));
          }}
          onSubmit={() => void submit()}
          onCancel={onCancel}
        />
      </Box>
      {action.pending && <Spinner label={stored ? 'Saving…' : 'Creating…'} />}
      {action.error && <ErrorBox message={action.error} title="The server refused the delivery service" />}
    </Box>
  );
}
