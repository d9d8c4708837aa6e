import { EditForm } from '../../components/EditForm.js';
import type { FormField } from '../../components/Form.js';
import type { Choice } from '../../components/Picker.js';
import {
  DS_FORM_GROUPS,
  dsFormErrors,
  dsToForm,
  emptyDsForm,
  toDsBody,
  type DsBody,
  type DsChoices,
  type DsFieldSpec,
} from './ds-form.js';

export interface DeliveryServiceFormProps {
  /** The delivery service being edited (its stored record); absent for a new one. */
  stored?: DsBody;
  choices: DsChoices;
  save: (body: DsBody) => Promise<unknown>;
  onSaved: (xmlId: string) => void;
  onCancel: () => void;
  /** The terminal's height: the fields scroll within it (24 rows when absent). */
  height?: number;
}

const FLAG: Choice[] = [
  { value: 'yes', label: 'yes' },
  { value: 'no', label: 'no' },
];
const NONE: Choice = { value: '', label: '(none)' };

/** Lines besides the fields: title, gap, two scroll marks, up to four section headings, the help line (two when it wraps), two errors. */
const CHROME_ROWS = 12;

/** One spec as a form field: typed, or chosen from its options, yes/no, or the API's list. */
function formField(spec: DsFieldSpec, group: string, choices: DsChoices): FormField {
  const base = { name: spec.key, label: spec.label, group, hint: spec.hint };
  const input = spec.input;
  if (input === null) return { ...base, live: spec.key === 'orgServerFqdn' };
  if ('flag' in input) return { ...base, hint: 'choose', choices: FLAG };
  if ('options' in input)
    return { ...base, hint: 'choose', choices: input.options.map(([value, label]) => ({ value, label })) };
  const list = choices[input.from];
  if (!list) return { ...base, label: `${spec.label} id` };
  const picked = list.map((n) => ({ value: String(n.id), label: n.name }));
  return { ...base, hint: spec.hint ?? 'choose', choices: input.from === 'profiles' ? [NONE, ...picked] : picked };
}

/** The fields, by section; the xmlId is fixed once the delivery service exists (Traffic Ops refused to change it). */
export function dsFormFields(choices: DsChoices, editing: boolean): FormField[] {
  return DS_FORM_GROUPS.flatMap((group) =>
    group.fields
      .filter((spec) => !(editing && spec.key === 'xmlId'))
      .map((spec) => formField(spec, group.title, choices)),
  );
}

/**
 * Create or edit a delivery service: every 1.x field in Traffic Portal's sections (routing, cache behaviour, origin,
 * headers, security), scrolling within the terminal, each checked by the API's rules; the API's refusal in place.
 */
export function DeliveryServiceForm({
  stored,
  choices,
  save,
  onSaved,
  onCancel,
  height = 24,
}: DeliveryServiceFormProps) {
  return (
    <EditForm
      title={stored ? `Edit delivery service ${String(stored.xmlId)}` : 'New delivery service'}
      editing={stored !== undefined}
      fields={dsFormFields(choices, stored !== undefined)}
      initial={() => (stored ? dsToForm(stored) : emptyDsForm())}
      errors={(values) => dsFormErrors(values, choices)}
      save={(values) => save(toDsBody(values, stored))}
      onSaved={(_saved, values) => onSaved(values.xmlId)}
      onCancel={onCancel}
      refused="The server refused the delivery service"
      rows={Math.max(4, height - CHROME_ROWS)}
    />
  );
}
