import { Text } from 'ink';
import { theme } from '../theme.js';

/** A one-line note after an action: what succeeded, or a warning the API sent with it. */
export function Notice({ text, level = 'success' }: { text: string; level?: string }) {
  const color =
    level === 'warning'
      ? theme.warning
      : level === 'error'
        ? theme.error
        : level === 'info'
          ? theme.accent
          : theme.success;
  const mark = level === 'warning' ? '!' : level === 'error' ? '✗' : level === 'info' ? 'i' : '✓';
  return <Text color={color}>{`${mark} ${text}`}</Text>;
}
