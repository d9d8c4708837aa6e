import { Box, Text, useInput } from 'ink';
import type { DeliveryService } from '../../types.js';
import { Confirm } from '../../components/Confirm.js';
import { purgeConfirmation } from '../../../../shared/rules/purge/confirmation.js';
import { theme } from '../../theme.js';
import { PurgePreview, type PurgeValues } from './PurgeDetails.js';

export interface PurgeConfirmProps {
  ds: DeliveryService;
  values: PurgeValues;
  onConfirm: () => void;
  onCancel: () => void;
  isActive?: boolean;
}

/**
 * The last look before a purge is sent. A narrow regex goes with Enter or y; one that matches everything asks
 * for the delivery service's xmlId to be typed.
 */
export function PurgeConfirm({ ds, values, onConfirm, onCancel, isActive = true }: PurgeConfirmProps) {
  const needed = purgeConfirmation(values.regex, ds.xmlId);
  const everything = needed !== null;
  useInput(
    (input, key) => {
      if (key.return || input === 'y') onConfirm();
      else if (key.escape || input === 'n') onCancel();
    },
    { isActive: isActive && !everything },
  );
  return (
    <Box flexDirection="column">
      <Text bold>Submit this purge?</Text>
      <Box flexDirection="column" marginTop={1} marginBottom={1}>
        <Text>
          <Text color={theme.muted}>{'Delivery   '}</Text>
          {ds.xmlId}
        </Text>
        <Text>
          <Text color={theme.muted}>{'Regex      '}</Text>
          <Text color={everything ? theme.warning : undefined}>{values.regex}</Text>
        </Text>
        <Text>
          <Text color={theme.muted}>{'TTL        '}</Text>
          {`${values.ttl.trim()} h`}
        </Text>
        <Text>
          <Text color={theme.muted}>{'Start      '}</Text>
          {`${values.startTime.trim()} UTC`}
        </Text>
        <PurgePreview ds={ds} values={values} />
      </Box>
      {needed ? (
        <Confirm
          prompt={`Warning: ${needed.warning}.`}
          expected={needed.typeToConfirm}
          onConfirm={onConfirm}
          onCancel={onCancel}
          isActive={isActive}
        />
      ) : (
        <Text color={theme.muted}>Enter or y to submit · Esc or n to go back</Text>
      )}
    </Box>
  );
}
