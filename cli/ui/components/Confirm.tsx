import { useState } from 'react';
import { Box, Text, useInput } from 'ink';
import { TextInput } from './TextInput.js';
import { theme } from '../theme.js';

export interface ConfirmProps {
  /** What will happen, e.g. "Delete origin media-2". */
  prompt: string;
  /** The text that must be typed to go ahead. */
  expected: string;
  onConfirm: () => void;
  onCancel: () => void;
  isActive?: boolean;
}

/** A confirmation that needs the name typed out: Enter goes ahead only when it matches, Esc backs out. */
export function Confirm({ prompt, expected, onConfirm, onCancel, isActive = true }: ConfirmProps) {
  const [typed, setTyped] = useState('');
  const [mismatch, setMismatch] = useState(false);
  useInput(
    (_input, key) => {
      if (key.escape) onCancel();
    },
    { isActive },
  );
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={theme.warning} paddingX={1}>
      <Text color={theme.warning} bold>
        {prompt}
      </Text>
      <Text>
        {'Type '}
        <Text bold>{expected}</Text>
        {' to confirm, Esc to cancel:'}
      </Text>
      <TextInput
        value={typed}
        isActive={isActive}
        onChange={(value) => {
          setTyped(value);
          setMismatch(false);
        }}
        onSubmit={(value) => (value === expected ? onConfirm() : setMismatch(true))}
      />
      {mismatch && <Text color={theme.error}>{`That is not "${expected}".`}</Text>}
    </Box>
  );
}
