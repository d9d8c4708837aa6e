import { Text } from 'ink';
import type { DeliveryService, Origin, OriginBody } from '../../types.js';
import type { FormField } from '../../components/Form.js';
import { EditForm } from '../../components/EditForm.js';
import type { Choice } from '../../components/Picker.js';
import {
  emptyOriginForm,
  findDeliveryService,
  originToForm,
  toOriginBody,
  validateOrigin,
  type OriginFormErrors,
  type OriginFormValues,
} from '../../../../shared/rules/forms/origin.js';
import { theme } from '../../theme.js';

/** What the linked fields are chosen from (ids as text, with their names); an empty list leaves the field typed. */
export interface OriginChoices {
  cachegroups: Choice[];
  coordinates: Choice[];
  profiles: Choice[];
  tenants: Choice[];
}

const NONE: Choice = { value: '', label: '(none)' };
const PROTOCOLS: Choice[] = [
  { value: 'http', label: 'http' },
  { value: 'https', label: 'https' },
];

/** A field chosen from a list when there is one, else typed as an id. */
function linked(name: string, label: string, hint: string, choices: Choice[]): FormField {
  return choices.length > 0 ? { name, label, hint, choices: [NONE, ...choices] } : { name, label: `${label} id`, hint };
}

/** The form's fields: the delivery service, protocol and linked records are picked from lists. */
export function originFields(services: DeliveryService[], choices: OriginChoices): FormField[] {
  const dsChoices = services.map((ds) => ({
    value: ds.xmlId,
    label: ds.displayName ? `${ds.xmlId} · ${ds.displayName}` : ds.xmlId,
  }));
  return [
    { name: 'name', label: 'Name' },
    { name: 'deliveryService', label: 'Delivery service', hint: 'choose', choices: dsChoices },
    { name: 'fqdn', label: 'FQDN' },
    { name: 'protocol', label: 'Protocol', hint: 'choose', choices: PROTOCOLS },
    { name: 'port', label: 'Port', hint: 'optional, 1–65535' },
    { name: 'ipAddress', label: 'IPv4 address', hint: 'optional' },
    { name: 'ip6Address', label: 'IPv6 address', hint: 'optional' },
    linked('cachegroupId', 'Cache group', 'optional', choices.cachegroups),
    linked('coordinateId', 'Coordinate', 'optional', choices.coordinates),
    linked('profileId', 'Profile', 'optional', choices.profiles),
    linked('tenantId', 'Tenant', "optional: the delivery service's tenant", choices.tenants),
  ];
}

const NO_CHOICES: OriginChoices = { cachegroups: [], coordinates: [], profiles: [], tenants: [] };

export interface OriginFormProps {
  /** The origin being edited; absent for a new one. */
  origin?: Origin;
  services: DeliveryService[];
  /** Lists for the linked fields; without them those fields take ids. */
  choices?: OriginChoices;
  save: (body: OriginBody) => Promise<Origin>;
  onSaved: (origin: Origin) => void;
  onCancel: () => void;
}

/** The form's messages: the API's checks, plus the primary-origin rule an edit must keep. */
export function originFormErrors(
  values: OriginFormValues,
  services: DeliveryService[],
  origin?: Origin,
): OriginFormErrors {
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
export function OriginForm({ origin, services, choices = NO_CHOICES, save, onSaved, onCancel }: OriginFormProps) {
  return (
    <EditForm
      title={origin ? `Edit origin ${origin.name}` : 'New origin'}
      note={
        origin?.isPrimary && (
          <Text color={theme.primary}>
            ★ The primary origin of its delivery service: it stays with that delivery service.
          </Text>
        )
      }
      editing={origin !== undefined}
      fields={originFields(services, choices)}
      initial={() => (origin ? originToForm(origin) : emptyOriginForm())}
      errors={(values) => originFormErrors(values, services, origin)}
      save={(values) => save(toOriginBody(values, services))}
      onSaved={(saved) => onSaved(saved)}
      onCancel={onCancel}
      refused="The server refused the origin"
    />
  );
}
