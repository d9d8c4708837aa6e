import { useEffect, useRef, useState } from 'react';
import { Text, useInput } from 'ink';
import { theme } from '../theme.js';
import { applyTyped } from '../format/typed-text.js';

export interface TextInputProps {
  value: string;
  onChange: (value: string) => void;
  onSubmit?: (value: string) => void;
  /** Shown instead of each character (e.g. `*` for passwords). */
  mask?: string;
  placeholder?: string;
  isActive?: boolean;
  color?: string;
}

/** A one-line text field: typing appends, Backspace deletes, Enter submits. Other keys are left to the parent. */
export function TextInput({ value, onChange, onSubmit, mask, placeholder, isActive = true, color }: TextInputProps) {
  // Text and Enter in one input: submit once the parent has rendered the new value, so the submit sees it
  // (and whatever the parent derives from it, such as validation) rather than the value before the paste.
  const [submitWhen, setSubmitWhen] = useState<string | null>(null);
  const latestSubmit = useRef(onSubmit);
  latestSubmit.current = onSubmit;
  useEffect(() => {
    if (submitWhen !== null && value === submitWhen) {
      setSubmitWhen(null);
      latestSubmit.current?.(value);
    }
  }, [submitWhen, value]);

  useInput(
    (input, key) => {
      if (key.return) {
        onSubmit?.(value);
        return;
      }
      if (key.backspace || key.delete) {
        onChange(value.slice(0, -1));
        return;
      }
      if (key.ctrl && input === 'u') {
        onChange('');
        return;
      }
      if (key.upArrow || key.downArrow || key.leftArrow || key.rightArrow || key.tab || key.escape) return;
      if (key.ctrl || key.meta || !input) return;
      const typed = applyTyped(value, input);
      onChange(typed.value);
      if (typed.submit) setSubmitWhen(typed.value);
    },
    { isActive },
  );
  const shown = mask ? mask.repeat(value.length) : value;
  return (
    <Text>
      {shown === '' && placeholder && !isActive ? (
        <Text color={theme.muted}>{placeholder}</Text>
      ) : (
        <Text color={color}>{shown}</Text>
      )}
      {isActive && <Text inverse> </Text>}
      {shown === '' && placeholder && isActive ? <Text color={theme.muted}>{` ${placeholder}`}</Text> : null}
    </Text>
  );
}
