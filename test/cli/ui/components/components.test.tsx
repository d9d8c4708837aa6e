import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, render } from 'ink-testing-library';
import { TextInput } from '../../../../cli/ui/components/TextInput.js';
import { Form, type FormField } from '../../../../cli/ui/components/Form.js';
import { MultiSelect } from '../../../../cli/ui/components/MultiSelect.js';
import { Confirm } from '../../../../cli/ui/components/Confirm.js';
import { Spinner } from '../../../../cli/ui/components/Spinner.js';
import { ErrorBox } from '../../../../cli/ui/components/ErrorBox.js';
import { KeyHelp } from '../../../../cli/ui/components/KeyHelp.js';
import { NarrowTerminal } from '../../../../cli/ui/components/NarrowTerminal.js';
import { Table } from '../../../../cli/ui/components/Table.js';
import { KEY, press, type, waitForFrame } from '../helpers/ink.js';

afterEach(cleanup);

function ControlledInput({ mask, onSubmit }: { mask?: string; onSubmit?: (v: string) => void }) {
  const [value, setValue] = useState('');
  return <TextInput value={value} onChange={setValue} mask={mask} onSubmit={onSubmit} />;
}

describe('TextInput', () => {
  it('appends typed text, deletes with Backspace, clears with Ctrl+U and submits with Enter', async () => {
    const onSubmit = vi.fn();
    const view = render(<ControlledInput onSubmit={onSubmit} />);
    await type(view.stdin, 'hello');
    await press(view.stdin, KEY.backspace, KEY.backspace);
    expect(view.lastFrame()).toContain('hel');
    expect(view.lastFrame()).not.toContain('hello');
    await press(view.stdin, KEY.enter);
    expect(onSubmit).toHaveBeenCalledWith('hel');
    await press(view.stdin, '\u0015');
    await type(view.stdin, 'x');
    await press(view.stdin, KEY.enter);
    expect(onSubmit).toHaveBeenLastCalledWith('x');
  });

  it('shows the mask instead of the characters', async () => {
    const view = render(<ControlledInput mask="*" />);
    await type(view.stdin, 'secret');
    expect(view.lastFrame()).toContain('******');
    expect(view.lastFrame()).not.toContain('secret');
  });
});

const fields: FormField[] = [
  { name: 'a', label: 'First' },
  { name: 'b', label: 'Second', hint: '1–9', live: true },
];

function ControlledForm({ onSubmit, onCancel }: { onSubmit: () => void; onCancel: () => void }) {
  const [values, setValues] = useState<Record<string, string>>({ a: '', b: '' });
  const errors = {
    a: values.a === '' ? 'cannot be blank' : undefined,
    b: values.b !== '' && !/^[1-9]$/.test(values.b) ? 'must be a digit from 1 to 9' : undefined,
  };
  return (
    <Form
      fields={fields}
      values={values}
      errors={errors}
      warnings={{ b: values.b === '9' ? 'nine is a lot' : undefined }}
      onChange={(name, value) => setValues((v) => ({ ...v, [name]: value }))}
      onSubmit={onSubmit}
      onCancel={onCancel}
    />
  );
}

describe('Form', () => {
  it('shows an error once the field is left, a live field while it is typed, and submits only when clean', async () => {
    const onSubmit = vi.fn();
    const view = render(<ControlledForm onSubmit={onSubmit} onCancel={vi.fn()} />);
    expect(view.lastFrame()).not.toContain('✗');
    await press(view.stdin, KEY.tab);
    expect(view.lastFrame()).toContain('✗ cannot be blank');
    await type(view.stdin, 'x');
    expect(view.lastFrame()).toContain('✗ must be a digit from 1 to 9');
    await press(view.stdin, KEY.enter);
    expect(onSubmit).not.toHaveBeenCalled();
    await press(view.stdin, KEY.backspace);
    await type(view.stdin, '9');
    expect(view.lastFrame()).toContain('! nine is a lot');
    await press(view.stdin, KEY.up);
    await type(view.stdin, 'ok');
    await press(view.stdin, KEY.enter, KEY.enter);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('cancels with Esc', async () => {
    const onCancel = vi.fn();
    const view = render(<ControlledForm onSubmit={vi.fn()} onCancel={onCancel} />);
    await press(view.stdin, KEY.esc);
    expect(onCancel).toHaveBeenCalled();
  });
});

describe('MultiSelect', () => {
  const items = ['ann', 'bob', 'cy'].map((name) => ({ key: name, label: name }));

  it('toggles with Space and answers the chosen keys in order with Enter', async () => {
    const onSubmit = vi.fn();
    const view = render(<MultiSelect items={items} initialSelected={['cy']} onSubmit={onSubmit} />);
    expect(view.lastFrame()).toContain('[x] cy');
    await press(view.stdin, KEY.space, 'j', 'j', KEY.space);
    expect(view.lastFrame()).toContain('[x] ann');
    expect(view.lastFrame()).toContain('[ ] cy');
    expect(view.lastFrame()).toContain('1 selected');
    await press(view.stdin, KEY.enter);
    expect(onSubmit).toHaveBeenCalledWith(['ann']);
  });

  it('ends a filter with Enter instead of saving', async () => {
    const onSubmit = vi.fn();
    const view = render(<MultiSelect items={items} onSubmit={onSubmit} />);
    await press(view.stdin, '/');
    await type(view.stdin, 'bo');
    await press(view.stdin, KEY.enter, KEY.space);
    expect(onSubmit).not.toHaveBeenCalled();
    await press(view.stdin, KEY.enter);
    expect(onSubmit).toHaveBeenCalledWith(['bob']);
  });
});

describe('Confirm', () => {
  it('goes ahead only when the expected name is typed, and backs out with Esc', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const view = render(
      <Confirm prompt="Delete origin media-2?" expected="media-2" onConfirm={onConfirm} onCancel={onCancel} />,
    );
    expect(view.lastFrame()).toContain('Type media-2 to confirm');
    await type(view.stdin, 'media-3');
    await press(view.stdin, KEY.enter);
    expect(onConfirm).not.toHaveBeenCalled();
    expect(view.lastFrame()).toContain('That is not "media-2"');
    await press(view.stdin, KEY.backspace);
    await type(view.stdin, '2');
    expect(view.lastFrame()).not.toContain('That is not');
    await press(view.stdin, KEY.enter);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await press(view.stdin, KEY.esc);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});

describe('Spinner, ErrorBox, KeyHelp, NarrowTerminal, Table', () => {
  it('turns the spinner on its interval', async () => {
    const view = render(<Spinner label="Loading origins…" interval={10} />);
    const first = view.lastFrame();
    expect(first).toContain('Loading origins…');
    await waitForFrame(view.lastFrame, (frame) => frame !== first);
  });

  it('draws an error in a box with its title and hint', () => {
    const view = render(<ErrorBox message="origin not found" title="Could not load" hint="r to retry" />);
    const frame = view.lastFrame() ?? '';
    expect(frame).toContain('╭');
    expect(frame).toMatch(/│ Could not load\s+│/);
    expect(frame).toMatch(/│ origin not found\s+│/);
    expect(frame).toContain('r to retry');
  });

  it('lists every binding in the key help', () => {
    const view = render(
      <KeyHelp
        bindings={[
          { keys: 'Enter', does: 'open' },
          { keys: 'q', does: 'quit' },
        ]}
      />,
    );
    expect(view.lastFrame()).toMatch(/Enter\s+open/);
    expect(view.lastFrame()).toMatch(/q\s+quit/);
  });

  it('keeps the narrow-terminal message within the width it is given', () => {
    const view = render(<NarrowTerminal width={24} minWidth={60} />);
    const frame = view.lastFrame() ?? '';
    expect(frame).toContain('Terminal too narrow');
    // Wrapped at word boundaries, so it still reads as sentences.
    expect(frame.replace(/\s+/g, ' ')).toContain('24 columns; cdnctl needs 60. Widen the window');
    for (const line of frame.split('\n')) expect(line.length).toBeLessThanOrEqual(24);
  });

  it('highlights the selected row of a table', () => {
    const rows = [{ n: 'a' }, { n: 'b' }];
    const view = render(
      <Table columns={[{ header: 'Name', value: (r: { n: string }) => r.n }]} rows={rows} width={30} selected={1} />,
    );
    expect(view.lastFrame()).toContain('› b');
    expect(view.lastFrame()).toContain('  a');
  });
});

describe('pasted text with a line break', () => {
  it('fills the field and then submits the form with the new value', async () => {
    const onSubmit = vi.fn();
    const view = render(<ControlledForm onSubmit={onSubmit} onCancel={vi.fn()} />);
    await press(view.stdin, 'abc\r');
    expect(view.lastFrame()).toMatch(/First\s+abc/);
    expect(view.lastFrame()).toMatch(/› Second/);
    await press(view.stdin, '5\r');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
