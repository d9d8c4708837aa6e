import { useState } from 'react';
import { Box, Text } from 'ink';
import type { DeliveryService } from '../../types.js';
import { DeliveryServices } from '../Lists.js';
import { Spinner } from '../../components/Spinner.js';
import { ErrorBox } from '../../components/ErrorBox.js';
import { useRequest } from '../../hooks/use-request.js';
import { theme } from '../../theme.js';
import { DeliveryServiceForm } from './DeliveryServiceForm.js';
import type { DsBody, DsChoices } from './ds-form.js';

/** The writes the screen offers (operations and admin); absent, it only lists. */
export interface DsWriteActions {
  choices(): Promise<DsChoices>;
  create(body: DsBody): Promise<unknown>;
  update(id: number, body: DsBody): Promise<unknown>;
}

export interface DeliveryServicesScreenProps {
  load: () => Promise<DeliveryService[]>;
  writes?: DsWriteActions;
  onBack: () => void;
  onQuit?: () => void;
  width?: number;
}

type Mode = { kind: 'list' } | { kind: 'new' } | { kind: 'edit'; ds: DeliveryService };

const WRITE_KEYS = [
  { keys: 'n', does: 'new delivery service' },
  { keys: 'e', does: 'edit' },
];

/** The form, once the lists it picks from are loaded. */
function FormScreen(props: { writes: DsWriteActions; mode: Mode; onDone: (text: string | null) => void }) {
  const { writes, mode, onDone } = props;
  const choices = useRequest(writes.choices);
  if (choices.error) return <ErrorBox message={choices.error} title="Could not load types, CDNs and tenants" />;
  if (!choices.data) return <Spinner label="Loading types, CDNs and tenants…" />;
  const stored = mode.kind === 'edit' ? (mode.ds as unknown as DsBody) : undefined;
  return (
    <DeliveryServiceForm
      stored={stored}
      choices={choices.data}
      save={(body) => (mode.kind === 'edit' ? writes.update(Number(mode.ds.id), body) : writes.create(body))}
      onSaved={(xmlId) =>
        onDone(mode.kind === 'edit' ? `Delivery service ${xmlId} saved.` : `Delivery service ${xmlId} created.`)
      }
      onCancel={() => onDone(null)}
    />
  );
}

/** The delivery services: details on Enter, and with writes, `n` creates one and `e` edits the one under the cursor. */
export function DeliveryServicesScreen({ load, writes, onBack, onQuit, width }: DeliveryServicesScreenProps) {
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [saved, setSaved] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  if (writes && mode.kind !== 'list')
    return (
      <FormScreen
        writes={writes}
        mode={mode}
        onDone={(text) => {
          setSaved(text);
          if (text) setRound((r) => r + 1);
          setMode({ kind: 'list' });
        }}
      />
    );
  return (
    <Box flexDirection="column">
      <DeliveryServices
        key={round}
        load={load}
        onBack={onBack}
        onQuit={onQuit}
        width={width}
        extraKeys={writes ? WRITE_KEYS : []}
        onListKey={(input, current) => {
          if (!writes) return;
          if (input === 'n') setMode({ kind: 'new' });
          else if (input === 'e' && current) setMode({ kind: 'edit', ds: current });
        }}
      />
      {saved && <Text color={theme.success}>{saved}</Text>}
    </Box>
  );
}
