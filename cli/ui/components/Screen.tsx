import type { ReactNode } from 'react';
import { Box, Text } from 'ink';
import { KeyBar, KeyHelp, type KeyBinding } from './KeyHelp.js';
import { theme } from '../theme.js';

export interface ScreenProps {
  /** Where the user is, e.g. ["Origins", "media-2"]. */
  path: string[];
  /** The screen's keys: the footer shows them, `?` shows them all. */
  bindings: KeyBinding[];
  showHelp?: boolean;
  /** The terminal's width: long lines wrap inside it. */
  width?: number;
  /** Whether `?` shows the keys here (not where every key types into a field). */
  helpKey?: boolean;
  children: ReactNode;
}

/** The frame every screen shares: a breadcrumb title, the body, the keys. */
export function Screen({ path, bindings, showHelp = false, width, helpKey = true, children }: ScreenProps) {
  return (
    <Box flexDirection="column" width={width}>
      <Text bold>
        <Text color={theme.accent}>cdnctl</Text>
        {path.map((part) => ` › ${part}`).join('')}
      </Text>
      <Box flexDirection="column" marginTop={1} marginBottom={1}>
        {children}
      </Box>
      {showHelp ? (
        <KeyHelp bindings={bindings} />
      ) : (
        <KeyBar bindings={helpKey ? [...bindings.slice(0, 5), { keys: '?', does: 'keys' }] : bindings} />
      )}
    </Box>
  );
}
