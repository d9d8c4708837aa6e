import { useState } from 'react';
import { Box, Text, useInput } from 'ink';
import type { Propagation as PropagationState } from '../../cache-actions.js';
import { Screen } from '../../components/Screen.js';
import { Spinner } from '../../components/Spinner.js';
import { ErrorBox } from '../../components/ErrorBox.js';
import { useRequest } from '../../hooks/use-request.js';
import { useInterval } from '../../hooks/use-interval.js';
import { bar } from '../../../output/propagation.js';
import { theme } from '../../theme.js';

export interface PropagationProps {
  jobId: number;
  load: (jobId: number) => Promise<PropagationState>;
  refreshMs?: number;
  onBack: () => void;
  width?: number;
}

const KEYS = [
  { keys: 'r', does: 'refresh now' },
  { keys: 'Esc', does: 'back' },
];

/** A job on its way to the caches: per tier, MID first, how many applied it, refreshed until all did. */
export function Propagation({ jobId, load, refreshMs = 3000, onBack, width = 80 }: PropagationProps) {
  const state = useRequest(() => load(jobId));
  const [help, setHelp] = useState(false);
  const done = state.data?.complete === true;
  useInterval(state.reload, done ? 0 : refreshMs);
  useInput((input, key) => {
    if (key.escape) onBack();
    else if (input === 'r') state.reload();
    else if (input === '?') setHelp((h) => !h);
  });
  const p = state.data;
  return (
    <Screen path={['Purge', `job ${jobId}`, 'propagation']} bindings={KEYS} showHelp={help} width={width}>
      {state.loading && !p && <Spinner label="Asking where the job got to…" />}
      {state.error && <ErrorBox message={state.error} title="Could not load the propagation" hint="r to try again" />}
      {p && (
        <Box flexDirection="column">
          <Text>{`Job ${p.jobId} on ${p.deliveryService} (CDN ${p.cdnName}), entered ${p.enteredTime}`}</Text>
          {p.tiers.map((t) => (
            <Text key={t.tier}>
              <Text bold>{t.tier.padEnd(5)}</Text>
              <Text color={t.pending === 0 ? theme.success : theme.accent}>{bar(t.applied, t.total, 20)}</Text>
              {` ${t.applied}/${t.total} applied`}
              {t.overdue.length > 0 ? <Text color={theme.warning}>{`  overdue: ${t.overdue.join(', ')}`}</Text> : null}
            </Text>
          ))}
          {done ? (
            <Text color={theme.success}>Every cache has applied it.</Text>
          ) : (
            <Text
              color={theme.muted}
            >{`Caches check in every ${p.checkInIntervalMinutes} min; EDGEs wait for their MID tier.`}</Text>
          )}
        </Box>
      )}
    </Screen>
  );
}
