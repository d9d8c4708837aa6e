import { purgeConfirmation } from '../../../../shared/rules/purge/confirmation.js';
import { Box, Text } from 'ink';
import type { DeliveryService } from '../../types.js';
import { Form } from '../../components/Form.js';
import {
  assetUrlPreview,
  expiryPreview,
  matchesEverything,
  purgeErrors,
  type PurgeValues,
} from '../../../../shared/rules/forms/purge.js';
import { theme } from '../../theme.js';

export type { PurgeValues } from '../../../../shared/rules/forms/purge.js';

/** The shared purge-safety warning (shared/rules/purge/confirmation.ts), from "matches every path" on. */
export const everythingWarning = (xmlId: string) => {
  const warning = purgeConfirmation('/.*', xmlId)!.warning;
  return warning.slice(warning.indexOf('matches every path'));
};

export interface PurgeDetailsProps {
  ds: DeliveryService;
  values: PurgeValues;
  maxTtl: number;
  now: number;
  onChange: (values: PurgeValues) => void;
  onSubmit: () => void;
  onCancel: () => void;
  isActive?: boolean;
}

/** What the preview says the job will be: its asset URL and when it stops applying. */
export function PurgePreview({ ds, values }: { ds: DeliveryService; values: PurgeValues }) {
  const url = assetUrlPreview(ds.orgServerFqdn, values.regex);
  const ttl = Number(values.ttl);
  const expiry = /^\d+$/.test(values.ttl.trim()) ? expiryPreview(values.startTime, ttl) : null;
  const everything = matchesEverything(values.regex);
  return (
    <Box flexDirection="column">
      <Text>
        <Text color={theme.muted}>{'Asset URL  '}</Text>
        {url === null ? (
          <Text color={theme.error}>this delivery service has no origin: the server will refuse the purge</Text>
        ) : (
          <Text color={everything ? theme.warning : undefined}>{url}</Text>
        )}
      </Text>
      <Text>
        <Text color={theme.muted}>{'Expires    '}</Text>
        {expiry ? `${expiry} UTC` : <Text color={theme.muted}>–</Text>}
      </Text>
    </Box>
  );
}

/** The purge's regex (checked as it is typed), ttl (with its maximum) and start time, with a live preview. */
export function PurgeDetails({
  ds,
  values,
  maxTtl,
  now,
  onChange,
  onSubmit,
  onCancel,
  isActive = true,
}: PurgeDetailsProps) {
  const errors = purgeErrors(values, maxTtl, now);
  const warnings = { regex: matchesEverything(values.regex) ? everythingWarning(ds.xmlId) : undefined };
  return (
    <Box flexDirection="column">
      <Text>
        {'Delivery service '}
        <Text bold>{ds.xmlId}</Text>
        {ds.displayName ? <Text color={theme.muted}>{` (${ds.displayName})`}</Text> : null}
      </Text>
      <Box marginTop={1} marginBottom={1}>
        <Form
          fields={[
            { name: 'regex', label: 'Regex', live: true, placeholder: '/images/.*\\.jpg' },
            { name: 'ttl', label: 'TTL (hours)', live: true, hint: `1–${maxTtl}` },
            { name: 'startTime', label: 'Start (UTC)', live: true, hint: 'YYYY-MM-DD hh:mm:ss' },
          ]}
          values={{ ...values }}
          errors={errors}
          warnings={warnings}
          isActive={isActive}
          submitLabel="review"
          onChange={(name, value) => onChange({ ...values, [name]: value })}
          onSubmit={onSubmit}
          onCancel={onCancel}
        />
      </Box>
      <PurgePreview ds={ds} values={values} />
    </Box>
  );
}
