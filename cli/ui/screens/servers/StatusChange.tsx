import { useState } from 'react';
import { Box, Text, useInput } from 'ink';
import { SelectList } from '../../components/SelectList.js';
import { TextInput } from '../../components/TextInput.js';
import { theme } from '../../theme.js';
import { NEEDS_REASON, STATUSES } from './columns.js';

export interface StatusChangeProps {
  hostName: string;
  current: string;
  width: number;
  /** The chosen status, with the reason when it needs one (after a y to confirm taking it out of service). */
  onDone: (status: string, reason?: string) => void;
  onCancel: () => void;
}

/** Pick a status; OFFLINE and ADMIN_DOWN then ask for a reason and a y, since the cache stops serving. */
export function StatusChange({ hostName, current, width, onDone, onCancel }: StatusChangeProps) {
  const [status, setStatus] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  useInput(
    (input, key) => {
      if (key.escape) onCancel();
      else if (input === 'y' && status) onDone(status, reason.trim());
      else if (input === 'n') onCancel();
    },
    { isActive: confirming },
  );
  useInput(
    (_input, key) => {
      if (key.escape) setStatus(null);
    },
    { isActive: status !== null && !confirming },
  );
  if (status === null) {
    return (
      <Box flexDirection="column">
        <Text>{`New status for ${hostName} (now ${current}):`}</Text>
        <SelectList
          items={STATUSES.map((s) => ({
            key: s,
            label: s,
            value: s,
            hint: NEEDS_REASON.has(s) ? 'stops serving; needs a reason' : undefined,
          }))}
          width={width}
          onSelect={(item) => (NEEDS_REASON.has(item.value) ? setStatus(item.value) : onDone(item.value))}
          onCancel={onCancel}
        />
      </Box>
    );
  }
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={theme.warning} paddingX={1}>
      <Text color={theme.warning} bold>{`Set ${hostName} ${status}: it stops serving.`}</Text>
      <Text>Reason:</Text>
      <TextInput
        value={reason}
        onChange={setReason}
        isActive={!confirming}
        onSubmit={(v) => v.trim() !== '' && setConfirming(true)}
      />
      {confirming ? (
        <Text>{'Go ahead? y / n'}</Text>
      ) : (
        <Text color={theme.muted}>Enter when done · Esc to pick another status</Text>
      )}
    </Box>
  );
}
