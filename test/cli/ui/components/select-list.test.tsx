import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import { SelectList, type SelectItem } from '../../../../cli/ui/components/SelectList.js';
import { KEY, press, type } from '../helpers/ink.js';

const items: SelectItem<number>[] = ['alpha', 'bravo', 'charlie', 'delta'].map((label, i) => ({
  key: label,
  label,
  value: i,
}));

afterEach(cleanup);

describe('SelectList', () => {
  it('moves with arrows and j/k and selects with Enter', async () => {
    const onSelect = vi.fn();
    const { stdin, lastFrame } = render(<SelectList items={items} onSelect={onSelect} />);
    expect(lastFrame()).toContain('› alpha');
    await press(stdin, KEY.down, 'j');
    expect(lastFrame()).toContain('› charlie');
    await press(stdin, 'k');
    expect(lastFrame()).toContain('› bravo');
    await press(stdin, KEY.up, KEY.up);
    expect(lastFrame()).toContain('› alpha');
    await press(stdin, KEY.down, KEY.enter);
    expect(onSelect).toHaveBeenCalledWith(items[1]);
  });

  it('filters after / and selects the first match with Enter', async () => {
    const onSelect = vi.fn();
    const { stdin, lastFrame } = render(<SelectList items={items} onSelect={onSelect} />);
    await press(stdin, '/');
    await type(stdin, 'lt');
    const frame = lastFrame() ?? '';
    expect(frame).toContain('/lt');
    expect(frame).toContain('› delta');
    expect(frame).not.toContain('alpha');
    expect(frame).toContain('1 of 4');
    await press(stdin, KEY.enter);
    expect(onSelect).toHaveBeenCalledWith(items[3]);
  });

  it('types j and k into the filter instead of moving', async () => {
    const { stdin, lastFrame } = render(
      <SelectList items={[...items, { key: 'juliet', label: 'juliet', value: 9 }]} onSelect={vi.fn()} />,
    );
    await press(stdin, '/', 'j');
    expect(lastFrame()).toContain('› juliet');
    expect(lastFrame()).not.toContain('bravo');
  });

  it('clears the filter with the first Esc and cancels with the second', async () => {
    const onCancel = vi.fn();
    const { stdin, lastFrame } = render(<SelectList items={items} onSelect={vi.fn()} onCancel={onCancel} />);
    await press(stdin, '/', 'z');
    expect(lastFrame()).toContain('No match for "z"');
    await press(stdin, KEY.esc);
    expect(lastFrame()).toContain('alpha');
    expect(onCancel).not.toHaveBeenCalled();
    await press(stdin, KEY.esc);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('scrolls a long list and says how many are hidden', async () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ key: `i${i}`, label: `item-${i}`, value: i }));
    const { stdin, lastFrame } = render(<SelectList items={many} onSelect={vi.fn()} limit={5} />);
    expect(lastFrame()).toContain('↓ 25 more');
    await press(stdin, ...Array(10).fill('j'));
    const frame = lastFrame() ?? '';
    expect(frame).toContain('› item-10');
    expect(frame).toContain('↑ 8 more');
    expect(frame).not.toContain('item-0\n');
  });

  it('passes other keys to onKey with the item under the cursor', async () => {
    const onKey = vi.fn();
    const { stdin } = render(<SelectList items={items} onSelect={vi.fn()} onKey={onKey} />);
    await press(stdin, 'j', 'x');
    expect(onKey).toHaveBeenCalledWith('x', expect.anything(), items[1]);
  });
});
