import { Box, Text } from 'ink';
import { theme } from '../theme.js';

export interface KeyBinding {
  keys: string;
  does: string;
}

/** The keys of a screen, shown when `?` is pressed. */
export function KeyHelp({ bindings, title = 'Keys' }: { bindings: KeyBinding[]; title?: string }) {
  const width = Math.max(...bindings.map((b) => b.keys.length));
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={theme.accent} paddingX={1}>
      <Text bold>{`${title} (? to close)`}</Text>
      {bindings.map((b) => (
        <Text key={b.keys}>
          <Text color={theme.accent}>{b.keys.padEnd(width)}</Text>
          {`  ${b.does}`}
        </Text>
      ))}
    </Box>
  );
}

/** One line of the most useful keys, at the bottom of a screen. */
export function KeyBar({ bindings }: { bindings: KeyBinding[] }) {
  return <Text color={theme.muted}>{bindings.map((b) => `${b.keys} ${b.does}`).join(' · ')}</Text>;
}
