import { Box, Text, type Key } from 'ink';
import { useListKeys } from '../hooks/use-list-keys.js';
import { theme } from '../theme.js';
import { truncate } from '../../output/table.js';

export interface SelectItem<V> {
  key: string;
  label: string;
  hint?: string;
  color?: string;
  value: V;
}

export interface SelectListProps<V> {
  items: SelectItem<V>[];
  onSelect: (item: SelectItem<V>) => void;
  onCancel?: () => void;
  /** Keys the list does not use (letters other than j/k, `?`…), with the item under the cursor. */
  onKey?: (input: string, key: Key, current: SelectItem<V> | undefined) => void;
  isActive?: boolean;
  /** How many rows are visible at once. */
  limit?: number;
  width?: number;
  emptyText?: string;
  /** The key of the item the cursor starts on. */
  initialKey?: string;
}

const matches = (item: SelectItem<unknown>, filter: string) =>
  item.label.toLowerCase().includes(filter) || (item.hint ?? '').toLowerCase().includes(filter);

/** Names before descriptions: a label that starts with the text, then one that contains it, then a hint. */
export const rankItem = (item: SelectItem<unknown>, filter: string) => {
  const label = item.label.toLowerCase();
  return label.startsWith(filter) ? 0 : label.includes(filter) ? 1 : 2;
};

/** A list to pick one item from: arrows or j/k move, Enter selects, `/` filters, Esc clears the filter or cancels. */
export function SelectList<V>(props: SelectListProps<V>) {
  const { items, limit = 10, width = 80, emptyText = 'Nothing to show.' } = props;
  const { shown, cursor, filter, filtering } = useListKeys({
    items,
    matches,
    rank: rankItem,
    isActive: props.isActive,
    onSelect: props.onSelect,
    onCancel: props.onCancel,
    onKey: props.onKey,
    initialCursor: Math.max(
      0,
      items.findIndex((item) => item.key === props.initialKey),
    ),
  });
  const start = Math.max(0, Math.min(cursor - Math.floor(limit / 2), shown.length - limit));
  const visible = shown.slice(start, start + limit);
  const labelWidth = Math.max(...visible.map((item) => item.label.length), 0);
  return (
    <Box flexDirection="column">
      {(filtering || filter !== '') && (
        <Text>
          <Text color={theme.accent}>/</Text>
          {filter}
          {filtering && <Text inverse> </Text>}
          <Text color={theme.muted}>{`  ${shown.length} of ${items.length}`}</Text>
        </Text>
      )}
      {shown.length === 0 && <Text color={theme.muted}>{filter ? `No match for "${filter}".` : emptyText}</Text>}
      {start > 0 && <Text color={theme.muted}>{`  ↑ ${start} more`}</Text>}
      {visible.map((item, i) => {
        const selected = start + i === cursor;
        const line = item.hint ? `${item.label.padEnd(labelWidth)}  ${item.hint}` : item.label;
        return (
          <Text key={item.key} color={selected ? theme.selected : item.color} bold={selected}>
            {`${selected ? '›' : ' '} ${truncate(line, Math.max(width - 2, 1))}`}
          </Text>
        );
      })}
      {start + limit < shown.length && <Text color={theme.muted}>{`  ↓ ${shown.length - start - limit} more`}</Text>}
    </Box>
  );
}
