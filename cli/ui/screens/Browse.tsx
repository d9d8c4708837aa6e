import { useState } from 'react';
import { Box, useInput } from 'ink';
import { Screen } from '../components/Screen.js';
import { Spinner } from '../components/Spinner.js';
import { ErrorBox } from '../components/ErrorBox.js';
import { SelectList } from '../components/SelectList.js';
import { Details, type DetailValue } from '../components/Details.js';
import { useRequest } from '../hooks/use-request.js';
import { useListRows } from '../hooks/use-terminal-width.js';

export interface BrowseProps<T> {
  /** The screen's name, e.g. "Users". */
  title: string;
  /** What is loading, e.g. "users". */
  noun: string;
  load: () => Promise<T[]>;
  item: (record: T) => { key: string; label: string; hint?: string };
  details: (record: T) => [string, DetailValue][];
  onBack: () => void;
  onQuit?: () => void;
  width?: number;
  /** Keys of the list the screen adds (e.g. `n` new, `e` edit), with the record under the cursor. */
  onListKey?: (input: string, current: T | undefined) => void;
  /** The footer's lines for those keys. */
  extraKeys?: Array<{ keys: string; does: string }>;
}

const LIST_KEYS = [
  { keys: '↑↓ j/k', does: 'move' },
  { keys: 'Enter', does: 'details' },
  { keys: '/', does: 'filter' },
  { keys: 'r', does: 'reload' },
  { keys: 'Esc', does: 'back' },
  { keys: 'q', does: 'quit' },
];
const DETAIL_KEYS = [
  { keys: 'Esc', does: 'back to the list' },
  { keys: 'q', does: 'quit' },
];

/** A read-only list with a detail view per record: the shape of the delivery services, users and profiles screens. */
export function Browse<T>(props: BrowseProps<T>) {
  const { title, noun, load, item, details, onBack, onQuit, width = 80, onListKey, extraKeys = [] } = props;
  const records = useRequest(load);
  const listRows = useListRows(-1);
  const [open, setOpen] = useState<T | null>(null);
  const [help, setHelp] = useState(false);
  useInput(
    (input, key) => {
      if (key.escape) setOpen(null);
      else if (input === 'q') onQuit?.();
      else if (input === '?') setHelp((h) => !h);
    },
    { isActive: open !== null },
  );
  return (
    <Screen
      path={open ? [title, item(open).label] : [title]}
      bindings={open ? DETAIL_KEYS : [...extraKeys, ...LIST_KEYS]}
      showHelp={help}
      width={width}
    >
      {open && <Details rows={details(open)} width={width} />}
      <Box flexDirection="column" display={open ? 'none' : 'flex'}>
        {records.loading && <Spinner label={`Loading ${noun}…`} />}
        {records.error && <ErrorBox message={records.error} title={`Could not load ${noun}`} hint="r to try again" />}
        {records.data && (
          <SelectList
            items={records.data.map((record) => ({ ...item(record), value: record }))}
            isActive={open === null}
            width={width}
            limit={listRows}
            emptyText={`No ${noun}.`}
            onSelect={(selected) => setOpen(selected.value)}
            onCancel={onBack}
            onKey={(input, _key, current) => {
              onListKey?.(input, current?.value);
              if (input === 'r') records.reload();
              else if (input === 'q') onQuit?.();
              else if (input === '?') setHelp((h) => !h);
            }}
          />
        )}
      </Box>
    </Screen>
  );
}
