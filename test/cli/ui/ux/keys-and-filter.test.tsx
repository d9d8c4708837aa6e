import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import { Home } from '../../../../cli/ui/screens/Home.js';
import { SelectList, type SelectItem } from '../../../../cli/ui/components/SelectList.js';
import { KEY, press, type, waitForFrame } from '../helpers/ink.js';
import type { CurrentUser } from '../../../../cli/ui/types.js';

afterEach(cleanup);

const session = { server: 'http://127.0.0.1:8443', apiVersion: '1.3' };
const admin: CurrentUser = { id: '1', username: 'admin', roleName: 'admin', tenant: 'root' };
const items: SelectItem<number>[] = Array.from({ length: 8 }, (_, i) => ({
  key: String(i),
  label: `row-${i}`,
  value: i,
}));

describe('keys that arrive together', () => {
  it('jjjj in one write moves four rows, and kk two back', async () => {
    const onSelect = vi.fn();
    const view = render(<SelectList items={items} onSelect={onSelect} />);
    await type(view.stdin, 'jjjj');
    expect(view.lastFrame()).toContain('› row-4');
    await type(view.stdin, 'kk');
    expect(view.lastFrame()).toContain('› row-2');
    await press(view.stdin, KEY.enter);
    expect(onSelect).toHaveBeenLastCalledWith(items[2]);
  });

  it('a slash that arrives with text starts the filter with that text', async () => {
    const view = render(<SelectList items={items} onSelect={vi.fn()} />);
    await type(view.stdin, 'j/row-7');
    const frame = view.lastFrame() ?? '';
    expect(frame).toContain('/row-7');
    expect(frame).toContain('1 of 8');
    expect(frame).toContain('› row-7');
  });

  it('other letters that arrive together each reach the screen', async () => {
    const onKey = vi.fn();
    const view = render(<SelectList items={items} onSelect={vi.fn()} onKey={onKey} />);
    await type(view.stdin, 'jrq');
    expect(onKey.mock.calls.map(([input]) => input)).toEqual(['r', 'q']);
    expect(view.lastFrame()).toContain('› row-1');
  });
});

describe('the home filter', () => {
  it('matches section names before descriptions: "users" opens Users, not Federations', async () => {
    const onOpen = vi.fn();
    const view = render(<Home session={session} loadUser={async () => admin} onOpen={onOpen} onQuit={vi.fn()} />);
    await waitForFrame(view.lastFrame, 'Signed in');
    await press(view.stdin, '/');
    await type(view.stdin, 'users');
    const frame = view.lastFrame() ?? '';
    expect(frame).toContain('› Users');
    expect(frame.indexOf('Users')).toBeLessThan(frame.indexOf('Federations'));
    await press(view.stdin, KEY.enter);
    expect(onOpen).toHaveBeenLastCalledWith('users');
  });

  it('a description still matches when no name does ("invalidate" finds Purge)', async () => {
    const onOpen = vi.fn();
    const view = render(<Home session={session} loadUser={async () => admin} onOpen={onOpen} onQuit={vi.fn()} />);
    await waitForFrame(view.lastFrame, 'Signed in');
    await type(view.stdin, '/invalidate');
    await press(view.stdin, KEY.enter);
    expect(onOpen).toHaveBeenLastCalledWith('purge');
  });
});
