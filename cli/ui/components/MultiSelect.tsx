import { useState } from 'react';
import { Box, Text } from 'ink';
import { useListKeys } from '../hooks/use-list-keys.js';
import { truncate } from '../../output/table.js';
import { theme } from '../theme.js';

export interface MultiSelectItem {
  key: string;
  label: string;
  hint?: string;
}

export interface MultiSelectProps {
  items: MultiSelectItem[];
  initialSelected?: string[];
  /** Enter: the keys chosen, in the items' order. */
  onSubmit: (keys: string[]) => void;
  onCancel?: () => void;
  isActive?: boolean;
  limit?: number;
  width?: number;
}

const matches = (item: MultiSelectItem, filter: string) =>
  item.label.toLowerCase().includes(filter) || (item.hint ?? '').toLowerCase().includes(filter);

/** A list to pick several items from: Space toggles, arrows or j/k move, `/` filters, Enter confirms, Esc cancels. */
export function MultiSelect({
  items,
  initialSelected = [],
  onSubmit,
  onCancel,
  isActive,
  limit = 10,
  width = 80,
}: MultiSelectProps) {
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(initialSelected));
  const toggle = (key: string) =>
    setChosen((c) => {
      const next = new Set(c);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const { shown, cursor, filter, filtering } = useListKeys({
    items,
    matches,
    isActive,
    onSelect: () => onSubmit(items.filter((item) => chosen.has(item.key)).map((item) => item.key)),
    onCancel,
    enterEndsFilter: true,
    onKey: (input, _key, current) => {
      if (input === ' ' && current) toggle(current.key);
    },
  });
  const start = Math.max(0, Math.min(cursor - Math.floor(limit / 2), shown.length - limit));
  return (
    <Box flexDirection="column">
      {(filtering || filter !== '') && (
        <Text>
          <Text color={theme.accent}>/</Text>
          {filter}
          {filtering && <Text inverse> </Text>}
        </Text>
      )}
      {start > 0 && <Text color={theme.muted}>{`  ↑ ${start} more`}</Text>}
      {shown.slice(start, start + limit).map((item, i) => {
        const selected = start + i === cursor;
        const mark = chosen.has(item.key) ? '[x]' : '[ ]';
        const line = `${mark} ${item.label}${item.hint ? `  ${item.hint}` : ''}`;
        return (
          <Text key={item.key} color={selected ? theme.selected : undefined} bold={selected}>
            {`${selected ? '›' : ' '} ${truncate(line, Math.max(width - 2, 1))}`}
          </Text>
        );
      })}
      {start + limit < shown.length && <Text color={theme.muted}>{`  ↓ ${shown.length - start - limit} more`}</Text>}
      <Text color={theme.muted}>{`${chosen.size} selected · Space toggle · Enter save · Esc cancel`}</Text>
    </Box>
  );
}
