import { useState, type ReactNode } from 'react';
import { Box, Text } from 'ink';
import { Form, type FormField } from './Form.js';
import { Spinner } from './Spinner.js';
import { ErrorBox } from './ErrorBox.js';
import { useAction } from '../hooks/use-request.js';

export interface EditFormProps<V extends object, R> {
  /** The title, e.g. `New tenant` or `Edit tenant acme`. */
  title: string;
  /** Shown under the title (a caution about the record). */
  note?: ReactNode;
  /** Whether an existing record is edited (labels say save rather than create). */
  editing: boolean;
  /** The fields, from the values as they are now. */
  fields: FormField[] | ((values: V) => FormField[]);
  /** The values at first: one text per field (ids as text, choices by their value). */
  initial: () => V;
  /** The message per field that is wrong (the shared rules the API runs). */
  errors: (values: V) => Partial<Record<string, string>>;
  /** Sends the values; the record saved (undefined when the action failed). */
  save: (values: V) => Promise<R>;
  onSaved: (saved: R, values: V) => void;
  onCancel: () => void;
  /** The API's refusal box title, e.g. `The server refused the tenant`. */
  refused: string;
  /** How many fields show at once (the rest scroll). */
  rows?: number;
}

/**
 * A record's create or edit form: the values as typed, each field's message from the shared rules, a submit that
 * sends them, the spinner while it runs and the API's refusal in place (the form stays). Used by the tenant,
 * origin and delivery-service screens.
 */
export function EditForm<V extends object, R>(props: EditFormProps<V, R>) {
  const { title, note, editing, initial, save, onSaved, onCancel, refused, rows } = props;
  const [values, setValues] = useState<V>(initial);
  const action = useAction();
  const submit = async () => {
    const saved = await action.run(() => save(values));
    if (saved !== undefined) onSaved(saved, values);
  };
  const fields = typeof props.fields === 'function' ? props.fields(values) : props.fields;
  return (
    <Box flexDirection="column">
      <Text bold>{title}</Text>
      {note}
      <Box marginTop={1}>
        <Form
          fields={fields}
          values={{ ...(values as Record<string, string>) }}
          errors={props.errors(values)}
          isActive={!action.pending}
          submitLabel={editing ? 'save' : 'create'}
          rows={rows}
          onChange={(name, value) => {
            action.clearError();
            setValues((v) => ({ ...v, [name]: value }));
          }}
          onSubmit={() => void submit()}
          onCancel={onCancel}
        />
      </Box>
      {action.pending && <Spinner label={editing ? 'Saving…' : 'Creating…'} />}
      {action.error && <ErrorBox message={action.error} title={refused} />}
    </Box>
  );
}
