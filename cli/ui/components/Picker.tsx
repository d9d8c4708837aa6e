import { Box, Text } from 'ink';
import { useListKeys } from '../hooks/use-list-keys.js';
import { theme } from '../theme.js';
import { truncate } from '../../output/table.js';

/** One thing to pick: the value the form keeps, and how it reads. */
export interface Choice {
  value: string;
  label: string;
}

export interface PickerProps {
  choices: Choice[];
  onPick: (choice: Choice) => void;
  onCancel: () => void;
  /** Text typed before the list opened: it is the filter's start. */
  initialFilter?: string;
  isActive?: boolean;
  limit?: number;
  width?: number;
}

const matches = (choice: Choice, filter: string) => choice.label.toLowerCase().includes(filter);
const rank = (choice: Choice, filter: string) => (choice.label.toLowerCase().startsWith(filter) ? 0 : 1);

/** A list to choose from by typing: every letter narrows it, ↑↓ move, Enter picks, Esc clears the text, then closes. */
export function Picker({
  choices,
  onPick,
  onCancel,
  initialFilter,
  isActive = true,
  limit = 6,
  width = 80,
}: PickerProps) {
  const list = useListKeys({
    items: choices,
    matches,
    rank,
    isActive,
    onSelect: onPick,
    onCancel,
    typeToFilter: true,
    initialFilter,
  });
  const visible = list.shown.slice(Math.max(0, list.cursor - limit + 1), Math.max(0, list.cursor - limit + 1) + limit);
  return (
    <Box flexDirection="column" marginLeft={2}>
      <Text>
        <Text color={theme.accent}>{'type to filter: '}</Text>
        {list.filter}
        <Text inverse> </Text>
        <Text
          color={theme.muted}
        >{`  ${list.shown.length} of ${choices.length} · ↑↓ move · Enter choose · Esc back`}</Text>
      </Text>
      {list.shown.length === 0 && <Text color={theme.muted}>{`No match for "${list.filter}".`}</Text>}
      {visible.map((choice) => {
        const selected = choice === list.current;
        return (
          <Text key={choice.value} color={selected ? theme.selected : undefined} bold={selected}>
            {`${selected ? '›' : ' '} ${truncate(choice.label, Math.max(width - 4, 1))}`}
          </Text>
        );
      })}
    </Box>
  );
}
