import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import { Federations, type FederationsProps } from '../../../../cli/ui/screens/Federations.js';
import { federationUsers, federations, users } from '../helpers/fixtures.js';
import { KEY, press, type, waitForFrame } from '../helpers/ink.js';

function setup(overrides: Partial<FederationsProps> = {}) {
  const props: FederationsProps = {
    listFederations: vi.fn(async () => federations),
    listFederationUsers: vi.fn(async () => federationUsers),
    listUsers: vi.fn(async () => users),
    assignFederationUsers: vi.fn(async (_id: number, ids: number[]) => ({
      alerts: [{ level: 'success', text: `${ids.length} user(s) were assigned to the fed1.example.test. federation` }],
    })),
    removeFederationUser: vi.fn(async () => ({
      alerts: [{ level: 'success', text: 'Removed user [ ops_user ] from federation [ fed1.example.test. ]' }],
    })),
    onBack: vi.fn(),
    onQuit: vi.fn(),
    width: 100,
    ...overrides,
  };
  const view = render(<Federations {...props} />);
  return {
    ...view,
    props,
    frame: () => view.lastFrame() ?? '',
    wait: (check: string) => waitForFrame(view.lastFrame, check),
  };
}

async function openFirst(view: ReturnType<typeof setup>) {
  await view.wait('fed2.example.test.');
  await press(view.stdin, KEY.enter);
  await view.wait('Assigned users');
  await view.wait('ops_user');
}

afterEach(cleanup);

describe('Federations screen', () => {
  it('lists federations and opens one with its details and assigned users', async () => {
    const view = setup();
    const list = await view.wait('fed2.example.test.');
    expect(list).toContain('federation one · ttl 60');
    await press(view.stdin, KEY.enter);
    const frame = await view.wait('ops_user');
    expect(frame).toContain('Federations › fed1.example.test.');
    expect(frame).toContain('Delivery services  ds1');
    expect(frame).toContain('Ops Person · operations');
    expect(view.props.listFederationUsers).toHaveBeenCalledWith(1);
  });

  it('assigns more users with the multi-select, keeping the current ones', async () => {
    const view = setup();
    await openFirst(view);
    await press(view.stdin, 'a');
    const chooser = await view.wait('1 selected');
    expect(chooser).toContain('[x] ops_user');
    expect(chooser).toContain('[ ] admin');
    await press(view.stdin, KEY.space, 'j', KEY.space, KEY.enter);
    await view.wait('2 user(s) were assigned');
    expect(view.props.assignFederationUsers).toHaveBeenCalledWith(1, [1, 2], false);
    expect(view.props.listFederationUsers).toHaveBeenCalledTimes(2);
  });

  it('replaces the assignments when a user is unselected and others stay', async () => {
    const view = setup();
    await openFirst(view);
    await press(view.stdin, 'a');
    await view.wait('1 selected');
    await press(view.stdin, KEY.space, '/');
    await type(view.stdin, 'ops');
    await press(view.stdin, KEY.enter, KEY.space, KEY.esc);
    expect(view.frame()).toContain('[ ] ops_user');
    await press(view.stdin, KEY.enter);
    await view.wait('were assigned');
    expect(view.props.assignFederationUsers).toHaveBeenCalledWith(1, [1], true);
  });

  it('removes the last user with a delete, since an assignment needs a user', async () => {
    const view = setup();
    await openFirst(view);
    await press(view.stdin, 'a');
    await view.wait('1 selected');
    await press(view.stdin, 'j', 'j', KEY.space);
    await view.wait('0 selected');
    await press(view.stdin, KEY.enter);
    await view.wait('Removed user [ ops_user ]');
    expect(view.props.removeFederationUser).toHaveBeenCalledWith(1, 3);
    expect(view.props.assignFederationUsers).not.toHaveBeenCalled();
  });

  it('cancels the multi-select with Esc without a request', async () => {
    const view = setup();
    await openFirst(view);
    await press(view.stdin, 'a');
    await view.wait('1 selected');
    await press(view.stdin, KEY.space, KEY.esc);
    expect(view.frame()).not.toContain('selected');
    expect(view.props.assignFederationUsers).not.toHaveBeenCalled();
    await press(view.stdin, KEY.esc);
    await view.wait('fed2.example.test.');
    await press(view.stdin, KEY.esc);
    expect(view.props.onBack).toHaveBeenCalled();
  });

  it('shows a refused assignment in a box and stays on the federation', async () => {
    const assignFederationUsers = vi.fn(async () => {
      throw new Error('Forbidden.');
    });
    const view = setup({ assignFederationUsers });
    await openFirst(view);
    await press(view.stdin, 'a');
    await view.wait('1 selected');
    await press(view.stdin, KEY.space, KEY.enter);
    const frame = await view.wait('The server refused the change');
    expect(frame).toContain('Forbidden.');
    expect(frame).toContain('Federations › fed1.example.test.');
  });

  it('shows errors loading federations in a box', async () => {
    const view = setup({
      listFederations: vi.fn(async () => Promise.reject(new Error('cannot reach http://127.0.0.1:1'))),
    });
    const frame = await view.wait('Could not load federations');
    expect(frame).toContain('cannot reach http://127.0.0.1:1');
  });
});
