import { useState } from 'react';
import { Box, Text } from 'ink';
import type { DeliveryService, Origin, OriginBody } from '../../types.js';
import { Form, type FormField } from '../../components/Form.js';
import { Spinner } from '../../components/Spinner.js';
import { ErrorBox } from '../../components/ErrorBox.js';
import { useAction } from '../../hooks/use-request.js';
import {
  emptyOriginForm,
  findDeliveryService,
  originToForm,
  toOriginBody,
  validateOrigin,
  type OriginFormErrors,
  type OriginFormValues,
} from '../../validation/origin.js';
import { theme } from '../../theme.js';

const FIELDS: FormField[] = [
  { name: 'name', label: 'Name' },
  { name: 'deliveryService', label: 'Delivery service', hint: 'xmlId or id' },
  { name: 'fqdn', label: 'FQDN' },
  { name: 'protocol', label: 'Protocol', hint: 'http or https' },
  { name: 'port', label: 'Port', hint: 'optional, 1–65535' },
  { name: 'ipAddress', label: 'IPv4 address', hint: 'optional' },
  { name: 'ip6Address', label: 'IPv6 address', hint: 'optional' },
  { name: 'cachegroupId', label: 'Cache group id', hint: 'optional' },
  { name: 'coordinateId', label: 'Coordinate id', hint: 'optional' },
  { name: 'profileId', label: 'Profile id', hint: 'optional' },
  { name: 'tenantId', label: 'Tenant id', hint: "optional: the delivery service's tenant" },
];

export interface OriginFormProps {
  /** The origin being edited; absent for a new one. */
  origin?: Origin;
  services: DeliveryService[];
  save: (body: OriginBody) => Promise<Origin>;
  onSaved: (origin: Origin) => void;
  onCancel: () => void;
}

/** The form's messages: the API's checks, plus the primary-origin rule an edit must keep. */
export function originFormErrors(values: OriginFormValues, services: DeliveryService[], origin?: Origin): OriginFormErrors {
  const errors = validateOrigin(values, services);
  if (origin?.isPrimary && !errors.deliveryService) {
    const ds = findDeliveryService(values.deliveryService, services);
    if (ds && Number(ds.id) !== origin.deliveryServiceId) {
      errors.deliveryService = 'cannot update the delivery service of a primary origin';
    }
  }
  return errors;
}

/** Create or edit an origin: every field checked as the API checks it, the API's refusal shown in place. */
export function OriginForm({ origin, services, save, onSaved, onCancel }: OriginFormProps) {
  const [values, setValues] = useState<OriginFormValues>(() => (origin ? originToForm(origin) : emptyOriginForm()));
  const action = useAction();
  const errors = originFormErrors(values, services, origin);
  const submit = async () => {
    const saved = await action.run(() => save(toOriginBody(values, services)));
    if (saved) onSaved(saved);
  };
  return (
    <Box flexDirection="column">
      <Text bold>{origin ? `Edit origin ${origin.name}` : 'New origin'}</Text>
      {origin?.isPrimary && (
        <Text color={theme.primary}>★ The primary origin of its delivery service: it stays with that delivery service.</Text>
      )}
      <Box marginTop={1}>
        <Form
          fields={FIELDS}
          values={{ ...values }}
          errors={errors}
          isActive={!action.pending}
          submitLabel={origin ? 'save' : 'create'}
          onChange={(name, value) => {
            action.clearError();
            setValues((v) => ({ ...v, [name]: value }));
          }}
          onSubmit={() => void submit()}
          onCancel={onCancel}
        />
      </Box>
      {action.pending && <Spinner label={origin ? 'Saving…' : 'Creating…'} />}
      {action.error && <ErrorBox message={action.error} title="The server refused the origin" />}
    </Box>
  );
}
