import { Box, Text, type Key } from 'ink';
import type { Origin, OriginFilters } from '../../types.js';
import { Table, type Column } from '../../components/Table.js';
import { useListKeys } from '../../hooks/use-list-keys.js';
import { theme } from '../../theme.js';

const COLUMNS: Column<Origin>[] = [
  { header: 'ID', value: (o) => String(o.id), align: 'right', minWidth: 2, priority: 2 },
  { header: 'Name', value: (o) => `${o.isPrimary ? '★ ' : ''}${o.name}`, minWidth: 8, priority: 1, ellipsis: 'middle' },
  { header: 'Delivery service', value: (o) => o.deliveryService ?? '', minWidth: 8, priority: 3, ellipsis: 'middle' },
  { header: 'FQDN', value: (o) => o.fqdn, minWidth: 10, priority: 4, ellipsis: 'middle' },
  { header: 'Protocol', value: (o) => o.protocol, minWidth: 5, priority: 5 },
  { header: 'Port', value: (o) => (o.port ? String(o.port) : ''), align: 'right', minWidth: 4, priority: 6 },
  { header: 'Tenant', value: (o) => o.tenant ?? '', minWidth: 6, priority: 7 },
  { header: 'Cache group', value: (o) => o.cachegroup ?? '', minWidth: 6, priority: 8 },
];

const matches = (o: Origin, filter: string) =>
  [o.name, o.fqdn, o.deliveryService ?? '', o.tenant ?? '', o.cachegroup ?? ''].some((text) =>
    text.toLowerCase().includes(filter),
  );

/** A line that says which server-side filters are on. */
export function describeFilters(filters: OriginFilters, dsName?: string): string {
  const parts: string[] = [];
  if (filters.deliveryservice !== undefined) parts.push(`delivery service ${dsName ?? filters.deliveryservice}`);
  if (filters.primary === true) parts.push('primary only');
  if (filters.primary === false) parts.push('non-primary only');
  return parts.length === 0 ? 'all origins' : parts.join(' · ');
}

export interface OriginsListProps {
  origins: Origin[];
  filters: OriginFilters;
  dsName?: string;
  width: number;
  isActive: boolean;
  onOpen: (origin: Origin) => void;
  onBack: () => void;
  onKey: (input: string, key: Key, current: Origin | undefined) => void;
}

/** The origins table: a text filter on `/`, the server-side filters named above it, primaries marked ★. */
export function OriginsList({ origins, filters, dsName, width, isActive, onOpen, onBack, onKey }: OriginsListProps) {
  const list = useListKeys({ items: origins, matches, isActive, onSelect: onOpen, onCancel: onBack, onKey });
  return (
    <Box flexDirection="column">
      <Text>
        <Text color={theme.muted}>{'Showing '}</Text>
        {describeFilters(filters, dsName)}
        {list.filter || list.filtering ? (
          <Text>
            {' · matching '}
            <Text color={theme.accent}>{`/${list.filter}`}</Text>
            {list.filtering ? <Text inverse> </Text> : null}
          </Text>
        ) : null}
        <Text color={theme.muted}>{`  (${list.shown.length} of ${origins.length})`}</Text>
      </Text>
      <Table
        columns={COLUMNS}
        rows={list.shown}
        width={width}
        selected={list.cursor}
        extraRows={3}
        rowColor={(o) => (o.isPrimary ? theme.primary : undefined)}
        emptyText={list.filter ? `No origin matches "${list.filter}".` : 'No origins.'}
      />
      <Text color={theme.muted}>★ primary origin: protected, made from its delivery service's origin URL</Text>
    </Box>
  );
}
