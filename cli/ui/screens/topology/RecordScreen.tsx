import { useState, type ReactNode } from 'react';
import { Box, useInput } from 'ink';
import type { WriteResult } from '../../types.js';
import { Screen } from '../../components/Screen.js';
import { Spinner } from '../../components/Spinner.js';
import { ErrorBox } from '../../components/ErrorBox.js';
import { Notice } from '../../components/Status.js';
import type { Column } from '../../components/Table.js';
import type { DetailValue } from '../../components/Details.js';
import type { FormField } from '../../components/Form.js';
import { useRequest } from '../../hooks/use-request.js';
import { RecordDelete, RecordDetail, RecordForm, RecordList } from './record-parts.js';

/** A topology record the screen lists: an id and a name at least. */
export interface NamedRecord {
  id: number;
  name: string;
}

/** What a record screen shows of its records and how its form reads and checks them (CDNs, cache groups). */
export interface RecordSpec<R extends NamedRecord, B, C> {
  /** The breadcrumb and list title, e.g. `CDNs`. */
  title: string;
  /** The record's noun in texts, e.g. `cache group`. */
  noun: string;
  columns: Column<R>[];
  detail(record: R): Array<[string, DetailValue]>;
  /** The form's fields, given what the pickers choose from. */
  fields(choices: C | undefined): FormField[];
  toForm(record: R | undefined): Record<string, string>;
  /** A message per field the API would refuse. */
  validate(values: Record<string, string>): Record<string, string | undefined>;
  toBody(values: Record<string, string>, choices: C | undefined): B;
}

/** The requests of a record screen. */
export interface RecordActions<R, B, C> {
  list(): Promise<R[]>;
  create(body: B): Promise<R>;
  update(id: number, body: B): Promise<R>;
  remove(id: number): Promise<WriteResult>;
  /** What the form's pickers choose from, fetched when a form opens. */
  choices?(): Promise<C>;
}

/** One more view of a record, opened by a key from its detail (a CDN's snapshot): it reads its own keys. */
export interface RecordExtra<R> {
  key: string;
  does: string;
  /** The breadcrumb's last part, e.g. `snapshot`. */
  label: string;
  bindings: Array<{ keys: string; does: string }>;
  render(record: R, back: () => void): ReactNode;
}

export interface RecordScreenProps<R extends NamedRecord, B, C> {
  spec: RecordSpec<R, B, C>;
  actions: RecordActions<R, B, C>;
  onBack: () => void;
  onQuit?: () => void;
  width?: number;
  /** Whether the role may create, edit and delete (default true). */
  canWrite?: boolean;
  extra?: RecordExtra<R>;
}

type Mode<R> =
  | { name: 'list' }
  | { name: 'detail'; record: R }
  | { name: 'create' }
  | { name: 'edit'; record: R }
  | { name: 'delete'; record: R }
  | { name: 'extra'; record: R };

const WRITE_KEYS = new Set(['n', 'e', 'd']);
const LIST_KEYS = [
  { keys: '↑↓ j/k', does: 'move' },
  { keys: 'Enter', does: 'details' },
  { keys: 'n', does: 'new' },
  { keys: 'e', does: 'edit' },
  { keys: 'd', does: 'delete' },
  { keys: '/', does: 'filter' },
  { keys: 'r', does: 'reload' },
  { keys: 'Esc', does: 'back' },
  { keys: 'q', does: 'quit' },
];
const MODE_KEYS = {
  detail: [
    { keys: 'e', does: 'edit' },
    { keys: 'd', does: 'delete' },
    { keys: 'Esc', does: 'back to the list' },
  ],
  form: [
    { keys: 'Enter', does: 'next field (save on the last)' },
    { keys: 'Tab ↑↓', does: 'move between fields' },
    { keys: 'Esc', does: 'cancel' },
  ],
  delete: [
    { keys: 'Enter', does: 'delete, once the name is typed' },
    { keys: 'Esc', does: 'cancel' },
  ],
};

function bindingsFor(mode: Mode<unknown>['name'], canWrite: boolean, extra?: RecordExtra<never>) {
  if (mode === 'extra') return extra?.bindings ?? [];
  const more = mode === 'detail' && extra ? [{ keys: extra.key, does: extra.does }] : [];
  const all =
    mode === 'list'
      ? LIST_KEYS
      : mode === 'create' || mode === 'edit'
        ? MODE_KEYS.form
        : mode === 'detail'
          ? MODE_KEYS.detail
          : MODE_KEYS.delete;
  return [...more, ...(canWrite ? all : all.filter((b) => !WRITE_KEYS.has(b.keys)))];
}

function pathOf<R extends NamedRecord>(title: string, mode: Mode<R>, extra?: RecordExtra<R>): string[] {
  if (mode.name === 'create') return [title, 'new'];
  if (mode.name === 'extra') return [title, mode.record.name, extra?.label ?? ''];
  return mode.name === 'list' ? [title] : [title, mode.record.name];
}

/** What a record screen keeps and does; the component only draws it. */
function useRecordScreen<R extends NamedRecord, B, C>(props: RecordScreenProps<R, B, C>) {
  const { actions, canWrite = true } = props;
  const [mode, setMode] = useState<Mode<R>>({ name: 'list' });
  const [notice, setNotice] = useState<{ text: string; level: string } | null>(null);
  const [help, setHelp] = useState(false);
  const records = useRequest(actions.list);
  const choices = useRequest(async () =>
    mode.name === 'create' || mode.name === 'edit' ? actions.choices?.() : undefined,
  );
  const toList = () => setMode({ name: 'list' });
  const done = (text: string) => {
    setNotice({ text, level: 'success' });
    toList();
    records.reload();
  };
  const act = (input: string, record: R | undefined) => {
    if (!canWrite && WRITE_KEYS.has(input)) return;
    if (input === '?') setHelp((h) => !h);
    else if (input === 'q') props.onQuit?.();
    else if (input === 'r') records.reload();
    else if (input === 'n' || (input === 'e' && record)) {
      setMode(input === 'n' ? { name: 'create' } : { name: 'edit', record: record! });
      choices.reload();
    } else if (input === 'd' && record) setMode({ name: 'delete', record });
  };
  useInput(
    (input, key) => {
      if (key.escape) toList();
      else if (mode.name === 'detail' && props.extra && input === props.extra.key)
        setMode({ name: 'extra', record: mode.record });
      else if (mode.name === 'detail' && 'ed?q'.includes(input) && input !== '') act(input, mode.record);
    },
    { isActive: mode.name === 'detail' },
  );
  return { mode, setMode, notice, help, records, choices, toList, done, act };
}

/** A topology table (CDNs, cache groups): a filtered list, a detail view, create/edit forms, a typed-name delete. */
export function RecordScreen<R extends NamedRecord, B, C>(props: RecordScreenProps<R, B, C>) {
  const { spec, actions, width = 80, canWrite = true } = props;
  const { mode, setMode, notice, help, records, choices, toList, done, act } = useRecordScreen(props);
  return (
    <Screen
      path={pathOf(spec.title, mode, props.extra)}
      bindings={bindingsFor(mode.name, canWrite, props.extra as RecordExtra<never> | undefined)}
      showHelp={help}
      width={width}
      helpKey={mode.name === 'list' || mode.name === 'detail'}
    >
      {notice && mode.name === 'list' && <Notice text={notice.text} level={notice.level} />}
      <Box flexDirection="column" display={mode.name === 'list' ? 'flex' : 'none'}>
        {records.loading && <Spinner label={`Loading ${spec.title}…`} />}
        {records.error && (
          <ErrorBox message={records.error} title={`Could not load ${spec.title}`} hint="r to try again" />
        )}
        {(records.data || !records.loading) && (
          <RecordList
            spec={spec}
            records={records.data ?? []}
            width={width}
            isActive={mode.name === 'list'}
            onOpen={(record) => setMode({ name: 'detail', record })}
            onBack={props.onBack}
            onKey={act}
          />
        )}
      </Box>
      {mode.name === 'detail' && <RecordDetail spec={spec} record={mode.record} width={width} />}
      {mode.name === 'extra' &&
        props.extra?.render(mode.record, () => setMode({ name: 'detail', record: mode.record }))}
      {(mode.name === 'create' || mode.name === 'edit') && (
        <RecordForm
          spec={spec}
          record={mode.name === 'edit' ? mode.record : undefined}
          choices={choices.data}
          save={(body) => (mode.name === 'edit' ? actions.update(mode.record.id, body) : actions.create(body))}
          onSaved={(saved) => done(`${spec.noun} ${saved.name} was ${mode.name === 'edit' ? 'updated' : 'created'}.`)}
          onCancel={toList}
        />
      )}
      {mode.name === 'delete' && (
        <RecordDelete spec={spec} record={mode.record} remove={actions.remove} onDeleted={done} onCancel={toList} />
      )}
    </Screen>
  );
}
