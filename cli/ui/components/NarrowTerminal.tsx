import { Box, Text } from 'ink';
import { theme } from '../theme.js';

export interface NarrowTerminalProps {
  width: number;
  minWidth: number;
}

/** What a terminal too narrow for the screens shows: a few short lines that wrap cleanly at any width. */
export function NarrowTerminal({ width, minWidth }: NarrowTerminalProps) {
  return (
    <Box flexDirection="column" width={Math.max(width, 1)}>
      <Text color={theme.warning} bold>
        Terminal too narrow
      </Text>
      <Text>{`${width} columns; cdnctl needs ${minWidth}.`}</Text>
      <Text>Widen the window, or use the commands, e.g. cdnctl origins list.</Text>
      <Text color={theme.muted}>q quits</Text>
    </Box>
  );
}
