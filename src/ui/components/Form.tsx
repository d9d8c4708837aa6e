import { useState } from 'react';
import { Box, Text, useInput } from 'ink';
import { TextInput } from './TextInput.js';
import { Picker, type Choice } from './Picker.js';

/** How a chosen value reads in its field: the choice's label, else the value as it is. */
const chosenLabel = (choices: Choice[], value: string) => (value === '' ? '' : (choices.find((c) => c.value === value)?.label ?? value));
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
}

/**
 * Labelled text fields with their validation messages. Tab, Enter or ↓ go to the next field, Shift+Tab or ↑ to the
 * previous; Enter on the last field submits; Esc cancels.
 */
export function Form(props: FormProps) {
  const { fields, values, errors, warnings = {}, onChange, onSubmit, onCancel, isActive = true, submitLabel = 'save' } = props;
  const [focus, setFocus] = useState(props.initialFocus ?? 0);
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [tried, setTried] = useState(false);
  /** The index of the field whose picker is open, or null. */
  const [picking, setPicking] = useState<number | null>(null);
  const [typedFirst, setTypedFirst] = useState('');
  const labelWidth = Math.max(...fields.map((field) => field.label.length));
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

  const pick = (i: number, choice: Choice) => {
    onChange(fields[i].name, choice.value);
    setPicking(null);
    // On the last field the choice is shown first; Enter then submits (with the value just chosen).
    if (i < fields.length - 1) leave(i + 1);
  };

  useInput(
    (input, key) => {
      const field = fields[focus];
      if (field.choices && (input === ' ' || (key.return && !values[field.name]))) {
        setTypedFirst('');
        setPicking(focus);
        return;
      }
      // Typing on a list field opens its list, filtered by what was typed.
      if (field.choices && input && !key.ctrl && !key.meta && !key.tab && !key.escape && !key.return && !key.upArrow && !key.downArrow && !key.backspace && !key.delete) {
        setTypedFirst(input);
        setPicking(focus);
        return;
      }
      // Enter on a chosen value moves on, as in a text field.
      if (field.choices && key.return) {
        if (focus === fields.length - 1) submit();
        else leave(focus + 1);
        return;
      }
      if (key.escape) onCancel?.();
      else if (key.upArrow || (key.tab && key.shift)) leave(focus - 1);
      else if (key.downArrow || key.tab) leave(focus + 1);
    },
    { isActive: isActive && picking === null },
  );

  return (
    <Box flexDirection="column">
      {fields.map((field, i) => {
        const error = errors[field.name];
        const warning = warnings[field.name];
        const showError = Boolean(error) && (touched.has(field.name) || tried || Boolean(field.live && values[field.name]));
        return (
          <Box key={field.name} flexDirection="column">
            <Box>
              <Text color={i === focus ? theme.accent : undefined}>{`${i === focus ? '›' : ' '} ${field.label.padEnd(labelWidth)}  `}</Text>
              {field.choices ? (
                <Text>{chosenLabel(field.choices, values[field.name] ?? '')}</Text>
              ) : (
                <TextInput
                  value={values[field.name] ?? ''}
                  mask={field.mask ? '*' : undefined}
                  placeholder={field.placeholder}
                  color={warning ? theme.warning : undefined}
                  isActive={isActive && i === focus}
                  onChange={(value) => onChange(field.name, value)}
                  onSubmit={() => (i === fields.length - 1 ? submit() : leave(i + 1))}
                />
              )}
              {field.hint && <Text color={theme.muted}>{`  ${field.choices && i === focus && picking === null ? 'type or Space to choose' : field.hint}`}</Text>}
            </Box>
            {picking === i && field.choices && (
              <Picker choices={field.choices} initialFilter={typedFirst} isActive={isActive} onPick={(choice) => pick(i, choice)} onCancel={() => setPicking(null)} />
            )}
            {showError && <Text color={theme.error}>{`  ${' '.repeat(labelWidth)}  ✗ ${error}`}</Text>}
            {!showError && warning && <Text color={theme.warning}>{`  ${' '.repeat(labelWidth)}  ! ${warning}`}</Text>}
          </Box>
        );
      })}
      <Text color={theme.muted}>
        {tried && hasErrors ? 'Fix the fields marked ✗ first. ' : ''}
        {`Enter on the last field to ${submitLabel} · Tab/↑↓ move · Esc cancel`}
      </Text>
    </Box>
  );
}
