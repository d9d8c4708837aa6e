import { Box, Text } from 'ink';
import { renderTable, type Column } from '../../output/table.js';
import { theme } from '../theme.js';
import { useListRows } from '../hooks/use-terminal-width.js';

export type { Column } from '../../output/table.js';

export interface TableProps<Row> {
  columns: Column<Row>[];
  rows: Row[];
  width: number;
  /** The highlighted row, if any. */
  selected?: number;
  /** How many rows are visible at once (default: as many as the terminal's height holds); the window follows the selected row. */
  limit?: number;
  /** Lines the screen shows besides the table and its frame (a status line, a footnote), for the default limit. */
  extraRows?: number;
  /** A colour per row (e.g. to mark primary origins). */
  rowColor?: (row: Row) => string | undefined;
  emptyText?: string;
}

/** A table that fits `width`: columns shrink, then the rightmost ones drop out. */
export function Table<Row>({
  columns,
  rows,
  width,
  selected,
  limit: fixedLimit,
  extraRows = 0,
  rowColor,
  emptyText = 'Nothing to show.',
}: TableProps<Row>) {
  const fitting = useListRows(extraRows);
  const limit = fixedLimit ?? fitting;
  // Two characters are kept for the selection marker.
  const { header, lines } = renderTable(columns, rows, Math.max(width - 2, 1));
  const focus = selected ?? 0;
  const start = Math.max(0, Math.min(focus - Math.floor(limit / 2), rows.length - limit));
  return (
    <Box flexDirection="column">
      <Text bold>{`  ${header}`}</Text>
      {rows.length === 0 && <Text color={theme.muted}>{`  ${emptyText}`}</Text>}
      {start > 0 && <Text color={theme.muted}>{`  ↑ ${start} more`}</Text>}
      {lines.slice(start, start + limit).map((line, i) => {
        const index = start + i;
        const isSelected = index === selected;
        return (
          <Text key={index} color={isSelected ? theme.selected : rowColor?.(rows[index])} bold={isSelected}>
            {`${isSelected ? '›' : ' '} ${line}`}
          </Text>
        );
      })}
      {start + limit < rows.length && <Text color={theme.muted}>{`  ↓ ${rows.length - start - limit} more`}</Text>}
    </Box>
  );
}
