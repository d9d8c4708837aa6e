import { Box } from 'ink';
import type { Origin, WriteResult } from '../../types.js';
import { Confirm } from '../../components/Confirm.js';
import { Spinner } from '../../components/Spinner.js';
import { ErrorBox } from '../../components/ErrorBox.js';
import { useAction } from '../../hooks/use-request.js';

export interface OriginDeleteProps {
  origin: Origin;
  deleteOrigin: (id: number) => Promise<WriteResult>;
  /** With the server's success text. */
  onDeleted: (text: string) => void;
  onCancel: () => void;
}

/** Deleting an origin: its name typed to confirm; a refusal shown in place, the confirmation kept. */
export function OriginDelete({ origin, deleteOrigin, onDeleted, onCancel }: OriginDeleteProps) {
  const remove = useAction();
  const confirm = async () => {
    const result = await remove.run(() => deleteOrigin(origin.id));
    if (result)
      onDeleted(result.alerts.find((a) => a.level === 'success')?.text ?? `origin ${origin.name} was deleted.`);
  };
  return (
    <Box flexDirection="column">
      <Confirm
        prompt={`Delete origin ${origin.name} (${origin.fqdn})?`}
        expected={origin.name}
        isActive={!remove.pending}
        onConfirm={() => void confirm()}
        onCancel={onCancel}
      />
      {remove.pending && <Spinner label="Deleting…" />}
      {remove.error && <ErrorBox message={remove.error} title="The server refused the delete" />}
    </Box>
  );
}
