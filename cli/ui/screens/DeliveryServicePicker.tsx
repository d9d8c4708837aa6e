import { Box } from 'ink';
import type { Key } from 'ink';
import type { DeliveryService } from '../types.js';
import { SelectList } from '../components/SelectList.js';
import { Spinner } from '../components/Spinner.js';
import { ErrorBox } from '../components/ErrorBox.js';
import type { RequestState } from '../hooks/use-request.js';

export interface DeliveryServicePickerProps {
  services: RequestState<DeliveryService[]>;
  onSelect: (ds: DeliveryService) => void;
  onCancel: () => void;
  onKey?: (input: string, key: Key) => void;
  width: number;
  isActive?: boolean;
}

const hint = (ds: DeliveryService) => [ds.displayName, ds.cdnName, ds.orgServerFqdn].filter(Boolean).join(' · ');

/** A filterable list of delivery services (xmlId, name, CDN, origin), with its loading and error states. */
export function DeliveryServicePicker({
  services,
  onSelect,
  onCancel,
  onKey,
  width,
  isActive,
}: DeliveryServicePickerProps) {
  return (
    <Box flexDirection="column">
      {services.loading && !services.data && <Spinner label="Loading delivery services…" />}
      {services.error && <ErrorBox message={services.error} title="Could not load delivery services" />}
      {services.data && (
        <SelectList
          items={services.data.map((ds) => ({ key: String(ds.id), label: ds.xmlId, hint: hint(ds), value: ds }))}
          width={width}
          isActive={isActive}
          emptyText="You can see no delivery services."
          onSelect={(item) => onSelect(item.value)}
          onCancel={onCancel}
          onKey={onKey}
        />
      )}
    </Box>
  );
}
