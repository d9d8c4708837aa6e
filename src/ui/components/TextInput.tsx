import { Text, useInput } from 'ink';
import { theme } from '../theme.js';

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
      onChange(value + input.replace(/[\r\n]/g, ''));
    },
    { isActive },
  );
  const shown = mask ? mask.repeat(value.length) : value;
  return (
    <Text>
      {shown === '' && placeholder && !isActive ? <Text color={theme.muted}>{placeholder}</Text> : <Text color={color}>{shown}</Text>}
      {isActive && <Text inverse> </Text>}
      {shown === '' && placeholder && isActive ? <Text color={theme.muted}>{` ${placeholder}`}</Text> : null}
    </Text>
  );
}
