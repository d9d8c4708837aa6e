import { useState } from 'react';
import { Box, Text, useInput, type Key } from 'ink';
import { TextInput } from './TextInput.js';
import { Picker, type Choice } from './Picker.js';

/** How a chosen value reads in its field: the choice's label, else the value as it is. */
const chosenLabel = (choices: Choice[], value: string) =>
  value === '' ? '' : (choices.find((c) => c.value === value)?.label ?? value);
import { theme } from '../theme.js';

export interface FormField {
  name: string;
  label: string;
  /** Masks the value (passwords). */
  mask?: boolean;
  /** A note shown beside the field, e.g. the allowed range. */
  hint?: string;
  placeholder?: string;
  /** Show this field's error while it is typed, not only once it is left. */
  live?: boolean;
  /** A field chosen from a list rather than typed: typing, Space (or Enter while empty) opens a type-to-filter picker. */
  choices?: Choice[];
  /** The section the field belongs to: a heading is shown where the section changes. */
  group?: string;
}

export interface FormProps {
  fields: FormField[];
  values: Record<string, string>;
  /** A message per field that is wrong; shown once the field was left or a submit was tried. */
  errors: Record<string, string | undefined>;
  /** A caution per field (shown in the warning colour, with the value); it does not block a submit. */
  warnings?: Record<string, string | undefined>;
  onChange: (name: string, value: string) => void;
  /** Called by Enter on the last field when no field has an error. */
  onSubmit: () => void;
  onCancel?: () => void;
  isActive?: boolean;
  submitLabel?: string;
  /** The field that has the cursor at first. */
  initialFocus?: number;
  /** How many fields show at once; the rest scroll into view with the cursor (all fields when absent). */
  rows?: number;
}

/** A key that types a character (not a movement, an edit or a control key). */
const isTyping = (input: string, key: Key) =>
  Boolean(input) &&
  !key.ctrl &&
  !key.meta &&
  !key.tab &&
  !key.escape &&
  !key.return &&
  !key.upArrow &&
  !key.downArrow &&
  !key.backspace &&
  !key.delete;

/** The cursor, which fields were left, whether a submit was tried, and the open picker; with the keys that move them. */
function useFormCursor(props: FormProps) {
  const { fields, values, errors, onChange, onSubmit, onCancel, isActive = true } = props;
  const [focus, setFocus] = useState(props.initialFocus ?? 0);
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [tried, setTried] = useState(false);
  /** The index of the field whose picker is open, or null. */
  const [picking, setPicking] = useState<number | null>(null);
  const [typedFirst, setTypedFirst] = useState('');
  const hasErrors = fields.some((field) => errors[field.name]);

  const leave = (to: number) => {
    setTouched((t) => new Set(t).add(fields[focus].name));
    setFocus(Math.max(0, Math.min(to, fields.length - 1)));
  };
  const submit = () => {
    setTried(true);
    setTouched(new Set(fields.map((field) => field.name)));
    if (!hasErrors) onSubmit();
  };
  const next = (i: number) => (i === fields.length - 1 ? submit() : leave(i + 1));
  const pick = (i: number, choice: Choice) => {
    onChange(fields[i].name, choice.value);
    setPicking(null);
    // On the last field the choice is shown first; Enter then submits (with the value just chosen).
    if (i < fields.length - 1) leave(i + 1);
  };
  const openPicker = (typed: string) => {
    setTypedFirst(typed);
    setPicking(focus);
  };

  useInput(
    (input, key) => {
      const field = fields[focus];
      // Enter on an empty list field opens its list only when a value is needed: an optional one moves on (submits).
      const needed = Boolean(errors[field.name]);
      if (field.choices && (input === ' ' || (key.return && !values[field.name] && needed))) openPicker('');
      // Typing on a list field opens its list, filtered by what was typed.
      else if (field.choices && isTyping(input, key)) openPicker(input);
      // Enter on a chosen value moves on, as in a text field.
      else if (field.choices && key.return) next(focus);
      else if (key.escape) onCancel?.();
      else if (key.upArrow || (key.tab && key.shift)) leave(focus - 1);
      else if (key.downArrow || key.tab) leave(focus + 1);
    },
    { isActive: isActive && picking === null },
  );
  return { focus, touched, tried, picking, typedFirst, hasErrors, next, pick, closePicker: () => setPicking(null) };
}

type Cursor = ReturnType<typeof useFormCursor>;

/**
 * Labelled text fields with their validation messages. Tab, Enter or ↓ go to the next field, Shift+Tab or ↑ to the
 * previous; Enter on the last field submits; Esc cancels.
 */
export function Form(props: FormProps) {
  const { fields, submitLabel = 'save' } = props;
  const cursor = useFormCursor(props);
  const labelWidth = Math.max(...fields.map((field) => field.label.length));
  const [from, to] = visibleWindow(fields.length, cursor.focus, props.rows);
  return (
    <Box flexDirection="column">
      {from > 0 && <Text color={theme.muted}>{`  ↑ ${from} more`}</Text>}
      {fields.slice(from, to).map((field, k) => {
        const i = from + k;
        const heading = field.group && (k === 0 || fields[i - 1].group !== field.group);
        return (
          <Box key={field.name} flexDirection="column">
            {heading && <Text bold color={theme.primary}>{`── ${field.group}`}</Text>}
            <FormRow form={props} cursor={cursor} field={field} index={i} labelWidth={labelWidth} />
          </Box>
        );
      })}
      {to < fields.length && <Text color={theme.muted}>{`  ↓ ${fields.length - to} more`}</Text>}
      {cursor.tried && cursor.hasErrors && <Text color={theme.error}>Fix the fields marked ✗ first.</Text>}
      <Text color={theme.muted}>{`Enter on the last field to ${submitLabel} · Tab/↑↓ move · Esc cancel`}</Text>
    </Box>
  );
}

/** The fields shown, [from, to): all of them, or `rows` of them with the cursor kept inside. */
function visibleWindow(count: number, focus: number, rows?: number): [number, number] {
  if (rows === undefined || count <= rows) return [0, count];
  const from = Math.max(0, Math.min(focus - Math.floor(rows / 2), count - rows));
  return [from, from + rows];
}

interface RowProps {
  form: FormProps;
  cursor: Cursor;
  field: FormField;
  index: number;
  labelWidth: number;
}

/** One field: its label, its value (typed, or chosen from its picker), its hint, and its error or warning. */
function FormRow({ form, cursor, field, index: i, labelWidth }: RowProps) {
  const { values, errors, warnings = {}, onChange, isActive = true } = form;
  const error = errors[field.name];
  const warning = warnings[field.name];
  const showError =
    Boolean(error) && (cursor.touched.has(field.name) || cursor.tried || Boolean(field.live && values[field.name]));
  const focused = i === cursor.focus;
  return (
    <Box flexDirection="column">
      <Box>
        <Text
          color={focused ? theme.accent : undefined}
        >{`${focused ? '›' : ' '} ${field.label.padEnd(labelWidth)}  `}</Text>
        {field.choices ? (
          <Text>{chosenLabel(field.choices, values[field.name] ?? '')}</Text>
        ) : (
          <TextInput
            value={values[field.name] ?? ''}
            mask={field.mask ? '*' : undefined}
            placeholder={field.placeholder}
            color={warning ? theme.warning : undefined}
            isActive={isActive && focused}
            onChange={(value) => onChange(field.name, value)}
            onSubmit={() => cursor.next(i)}
          />
        )}
        {field.hint && (
          <Text
            color={theme.muted}
          >{`  ${field.choices && focused && cursor.picking === null ? 'type or Space to choose' : field.hint}`}</Text>
        )}
      </Box>
      {cursor.picking === i && field.choices && (
        <Picker
          choices={field.choices}
          initialFilter={cursor.typedFirst}
          isActive={isActive}
          onPick={(choice) => cursor.pick(i, choice)}
          onCancel={cursor.closePicker}
        />
      )}
      {showError && <Text color={theme.error}>{`  ${' '.repeat(labelWidth)}  ✗ ${error}`}</Text>}
      {!showError && warning && <Text color={theme.warning}>{`  ${' '.repeat(labelWidth)}  ! ${warning}`}</Text>}
    </Box>
  );
}
