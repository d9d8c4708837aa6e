import { useState } from 'react';
import { Box, Text } from 'ink';
import type { WriteResult } from '../../types.js';
import { Spinner } from '../../components/Spinner.js';
import { ErrorBox } from '../../components/ErrorBox.js';
import { Table } from '../../components/Table.js';
import { Details } from '../../components/Details.js';
import { Form } from '../../components/Form.js';
import { Confirm } from '../../components/Confirm.js';
import { useAction } from '../../hooks/use-request.js';
import { useListKeys } from '../../hooks/use-list-keys.js';
import { theme } from '../../theme.js';
import type { NamedRecord, RecordSpec } from './RecordScreen.js';

// The parts of RecordScreen: the filtered table, one record's fields, the create/edit form, the typed-name delete.

interface RecordListProps<R extends NamedRecord, B, C> {
  spec: RecordSpec<R, B, C>;
  records: R[];
  width: number;
  isActive: boolean;
  onOpen: (record: R) => void;
  onBack: () => void;
  onKey: (input: string, record: R | undefined) => void;
}

export function RecordList<R extends NamedRecord, B, C>(props: RecordListProps<R, B, C>) {
  const { spec, records, width, isActive } = props;
  const matches = (r: R, filter: string) =>
    spec.columns.some((c) => c.value(r).toLowerCase().includes(filter.toLowerCase()));
  const list = useListKeys({
    items: records,
    matches,
    isActive,
    onSelect: props.onOpen,
    onCancel: props.onBack,
    onKey: (input, _key, current) => props.onKey(input, current),
  });
  return (
    <Box flexDirection="column">
      <Text>
        <Text bold>{spec.title}</Text>
        {list.filter || list.filtering ? (
          <Text>
            {' · matching '}
            <Text color={theme.accent}>{`/${list.filter}`}</Text>
            {list.filtering ? <Text inverse> </Text> : null}
          </Text>
        ) : null}
        <Text color={theme.muted}>{`  (${list.shown.length} of ${records.length})`}</Text>
      </Text>
      <Table
        columns={spec.columns}
        rows={list.shown}
        width={width}
        selected={list.cursor}
        emptyText={list.filter ? `No ${spec.noun} matches "${list.filter}".` : `No ${spec.title}.`}
      />
    </Box>
  );
}

export function RecordDetail<R extends NamedRecord, B, C>(props: {
  spec: RecordSpec<R, B, C>;
  record: R;
  width: number;
}) {
  return (
    <Box flexDirection="column">
      <Text bold>{props.record.name}</Text>
      <Box marginTop={1}>
        <Details width={props.width} rows={props.spec.detail(props.record)} />
      </Box>
    </Box>
  );
}

interface RecordFormProps<R extends NamedRecord, B, C> {
  spec: RecordSpec<R, B, C>;
  record: R | undefined;
  choices: C | undefined;
  save: (body: B) => Promise<R>;
  onSaved: (saved: R) => void;
  onCancel: () => void;
}

export function RecordForm<R extends NamedRecord, B, C>(props: RecordFormProps<R, B, C>) {
  const { spec, record, choices } = props;
  const [values, setValues] = useState(() => spec.toForm(record));
  const action = useAction();
  const submit = async () => {
    const saved = await action.run(() => props.save(spec.toBody(values, choices)));
    if (saved) props.onSaved(saved);
  };
  return (
    <Box flexDirection="column">
      <Text bold>{record ? `Edit ${spec.noun} ${record.name}` : `New ${spec.noun}`}</Text>
      <Box marginTop={1}>
        <Form
          fields={spec.fields(choices)}
          values={values}
          errors={spec.validate(values)}
          isActive={!action.pending}
          submitLabel={record ? 'save' : 'create'}
          onChange={(name, value) => {
            action.clearError();
            setValues((v) => ({ ...v, [name]: value }));
          }}
          onSubmit={() => void submit()}
          onCancel={props.onCancel}
        />
      </Box>
      {action.pending && <Spinner label={record ? 'Saving…' : 'Creating…'} />}
      {action.error && <ErrorBox message={action.error} title={`The server refused the ${spec.noun}`} />}
    </Box>
  );
}

interface RecordDeleteProps<R extends NamedRecord, B, C> {
  spec: RecordSpec<R, B, C>;
  record: R;
  remove: (id: number) => Promise<WriteResult>;
  onDeleted: (text: string) => void;
  onCancel: () => void;
}

export function RecordDelete<R extends NamedRecord, B, C>(props: RecordDeleteProps<R, B, C>) {
  const { spec, record } = props;
  const remove = useAction();
  const confirm = async () => {
    const result = await remove.run(() => props.remove(record.id));
    if (result)
      props.onDeleted(
        result.alerts.find((a) => a.level === 'success')?.text ?? `${spec.noun} ${record.name} was deleted.`,
      );
  };
  return (
    <Box flexDirection="column">
      <Confirm
        prompt={`Delete ${spec.noun} ${record.name}?`}
        expected={record.name}
        isActive={!remove.pending}
        onConfirm={() => void confirm()}
        onCancel={props.onCancel}
      />
      {remove.pending && <Spinner label="Deleting…" />}
      {remove.error && <ErrorBox message={remove.error} title="The server refused the delete" />}
    </Box>
  );
}
