import { Box, Text } from 'ink';
import { theme } from '../theme.js';

export type DetailValue = string | number | boolean | null | undefined;

/** Label / value pairs, the labels aligned; empty values show as a muted dash. */
export function Details({ rows, width = 80 }: { rows: [string, DetailValue][]; width?: number }) {
  const labelWidth = Math.max(...rows.map(([label]) => label.length));
  return (
    <Box flexDirection="column" width={width}>
      {rows.map(([label, value]) => (
        <Box key={label}>
          <Box width={labelWidth + 2} flexShrink={0}>
            <Text color={theme.muted}>{label}</Text>
          </Box>
          {value === null || value === undefined || value === '' ? (
            <Text color={theme.muted}>–</Text>
          ) : (
            <Text wrap="truncate-end">{String(value)}</Text>
          )}
        </Box>
      ))}
    </Box>
  );
}
