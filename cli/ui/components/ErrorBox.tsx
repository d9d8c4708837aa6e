import { Box, Text } from 'ink';
import { theme } from '../theme.js';

export interface ErrorBoxProps {
  message: string;
  title?: string;
  hint?: string;
  width?: number;
}

/** An error in a red box, shown in place so the screen stays where it was. */
export function ErrorBox({ message, title = 'Error', hint, width }: ErrorBoxProps) {
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={theme.error} paddingX={1} width={width}>
      <Text color={theme.error} bold>
        {title}
      </Text>
      <Text>{message}</Text>
      {hint && <Text color={theme.muted}>{hint}</Text>}
    </Box>
  );
}
