import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import { Home } from '../../../../cli/ui/screens/Home.js';
import { Login } from '../../../../cli/ui/screens/Login.js';
import { deferred } from '../helpers/fixtures.js';
import { KEY, press, type, waitForFrame } from '../helpers/ink.js';
import type { CurrentUser } from '../../../../cli/ui/types.js';

afterEach(cleanup);

const session = { server: 'http://127.0.0.1:8443', apiVersion: '1.3' };
const admin: CurrentUser = { id: '1', username: 'admin', fullName: 'Admin User', roleName: 'admin', tenant: 'root' };

describe('Home screen', () => {
  it('shows the user, the server, the API version and the menu', async () => {
    const user = deferred<CurrentUser>();
    const view = render(<Home session={session} loadUser={() => user.promise} onOpen={vi.fn()} onQuit={vi.fn()} />);
    expect(view.lastFrame()).toContain('Loading your account');
    user.resolve(admin);
    const frame = await waitForFrame(view.lastFrame, 'Signed in as admin');
    expect(frame).toContain('(Admin User) · admin · tenant root');
    expect(frame).toContain('Server http://127.0.0.1:8443 · API 1.3');
    for (const entry of ['Delivery services', 'Purge', 'Jobs', 'Origins', 'Federations', 'Users', 'Profiles'])
      expect(frame).toContain(entry);
  });

  it('opens the entry under the cursor with Enter, moving with arrows and j/k', async () => {
    const onOpen = vi.fn();
    const view = render(<Home session={session} loadUser={async () => admin} onOpen={onOpen} onQuit={vi.fn()} />);
    await waitForFrame(view.lastFrame, 'Signed in');
    await press(view.stdin, KEY.down, 'j', 'j', 'k', KEY.enter);
    expect(onOpen).toHaveBeenLastCalledWith('jobs');
    await press(view.stdin, '/');
    await type(view.stdin, 'orig');
    await press(view.stdin, KEY.enter);
    expect(onOpen).toHaveBeenLastCalledWith('origins');
  });

  it('quits with q and shows every key with ?', async () => {
    const onQuit = vi.fn();
    const view = render(<Home session={session} loadUser={async () => admin} onOpen={vi.fn()} onQuit={onQuit} />);
    await waitForFrame(view.lastFrame, 'Signed in');
    await press(view.stdin, '?');
    const help = view.lastFrame() ?? '';
    expect(help).toContain('Keys (? to close)');
    expect(help).toMatch(/q\s+quit/);
    expect(help).toMatch(/Esc\s+clear the filter/);
    await press(view.stdin, '?');
    expect(view.lastFrame()).not.toContain('Keys (? to close)');
    await press(view.stdin, 'q');
    expect(onQuit).toHaveBeenCalledTimes(1);
  });

  it('shows an error loading the account in a box and keeps the menu', async () => {
    const view = render(
      <Home
        session={session}
        loadUser={async () => Promise.reject(new Error('Unauthorized, please log in.'))}
        onOpen={vi.fn()}
        onQuit={vi.fn()}
      />,
    );
    const frame = await waitForFrame(view.lastFrame, 'Could not load your account');
    expect(frame).toContain('Unauthorized, please log in.');
    expect(frame).toContain('Origins');
  });
});

describe('Login screen', () => {
  function setup(onLogin = vi.fn(async () => undefined), initialUsername?: string) {
    const onDone = vi.fn();
    const onCancel = vi.fn();
    const view = render(
      <Login
        server="http://127.0.0.1:8443"
        initialUsername={initialUsername}
        onLogin={onLogin}
        onDone={onDone}
        onCancel={onCancel}
      />,
    );
    return { ...view, onLogin, onDone, onCancel };
  }

  it('masks the password and logs in with Enter on the last field', async () => {
    const view = setup();
    expect(view.lastFrame()).toContain('Log in to http://127.0.0.1:8443');
    await type(view.stdin, 'admin');
    await press(view.stdin, KEY.enter);
    await type(view.stdin, 's3cret!');
    const frame = view.lastFrame() ?? '';
    expect(frame).toContain('*******');
    expect(frame).not.toContain('s3cret!');
    await press(view.stdin, KEY.enter);
    await waitForFrame(view.lastFrame, () => view.onDone.mock.calls.length > 0);
    expect(view.onLogin).toHaveBeenCalledWith('admin', 's3cret!');
    expect(view.onDone).toHaveBeenCalledWith('admin');
  });

  it('logs in when each field arrives with its Enter in one write (a paste, or keys sent at once)', async () => {
    const view = setup();
    await press(view.stdin, 'admin\r');
    await press(view.stdin, 'pw\r');
    await waitForFrame(view.lastFrame, () => view.onDone.mock.calls.length > 0);
    expect(view.onLogin).toHaveBeenCalledWith('admin', 'pw');
  });

  it('starts on the password when the username is known', async () => {
    const view = setup(undefined, 'ops_user');
    await type(view.stdin, 'pw');
    expect(view.lastFrame()).toMatch(/Username\s+ops_user/);
    expect(view.lastFrame()).toMatch(/Password\s+\*\*/);
  });

  it('refuses blank fields without calling the server', async () => {
    const view = setup();
    await press(view.stdin, KEY.enter, KEY.enter);
    const frame = view.lastFrame() ?? '';
    expect(frame).toContain('✗ cannot be blank');
    expect(frame).toContain('Fix the fields marked');
    expect(view.onLogin).not.toHaveBeenCalled();
  });

  it('shows the refusal inline, clears the password, and lets the user try again', async () => {
    const onLogin = vi
      .fn()
      .mockRejectedValueOnce(new Error('Invalid username or password.'))
      .mockResolvedValue(undefined);
    const view = setup(onLogin);
    await type(view.stdin, 'admin');
    await press(view.stdin, KEY.enter);
    await type(view.stdin, 'wrong');
    await press(view.stdin, KEY.enter);
    const frame = await waitForFrame(view.lastFrame, 'Invalid username or password.');
    expect(frame).toContain('Log in to');
    expect(frame).not.toContain('*****');
    expect(view.onDone).not.toHaveBeenCalled();
    await type(view.stdin, 'right');
    expect(view.lastFrame()).not.toContain('Invalid username or password.');
    await press(view.stdin, KEY.enter);
    await waitForFrame(view.lastFrame, () => view.onDone.mock.calls.length > 0);
    expect(onLogin).toHaveBeenLastCalledWith('admin', 'right');
  });

  it('shows a spinner while the login runs and cancels with Esc', async () => {
    const pending = deferred<undefined>();
    const view = setup(vi.fn(() => pending.promise));
    await type(view.stdin, 'admin');
    await press(view.stdin, KEY.enter);
    await type(view.stdin, 'pw');
    await press(view.stdin, KEY.enter);
    await waitForFrame(view.lastFrame, 'Logging in');
    pending.resolve(undefined);
    await waitForFrame(view.lastFrame, () => view.onDone.mock.calls.length > 0);
    cleanup();
    const other = setup();
    await press(other.stdin, KEY.esc);
    expect(other.onCancel).toHaveBeenCalled();
  });
});
