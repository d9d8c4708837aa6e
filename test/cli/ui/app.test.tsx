import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import { App } from '../../../cli/ui/app.js';
import type { UiActions } from '../../../cli/ui/actions.js';
import { deliveryServices, federationUsers, federations, job, origins, profiles, users } from './helpers/fixtures.js';
import { KEY, press, waitForFrame } from './helpers/ink.js';

afterEach(cleanup);

function actions(): UiActions {
  return {
    currentUser: vi.fn(async () => ({
      id: '1',
      username: 'admin',
      fullName: 'Admin User',
      roleName: 'admin',
      tenant: 'root',
    })),
    listDeliveryServices: vi.fn(async () => deliveryServices),
    listJobs: vi.fn(async () => [job({ id: '1' })]),
    createJob: vi.fn(async () => ({ alerts: [], job: null })),
    maxTtlHours: vi.fn(async () => 2160),
    listOrigins: vi.fn(async () => origins),
    createOrigin: vi.fn(),
    updateOrigin: vi.fn(),
    deleteOrigin: vi.fn(),
    listUsers: vi.fn(async () => users),
    listFederations: vi.fn(async () => federations),
    listFederationUsers: vi.fn(async () => federationUsers),
    assignFederationUsers: vi.fn(),
    removeFederationUser: vi.fn(),
    listProfiles: vi.fn(async () => profiles),
  };
}

const session = { server: 'http://127.0.0.1:8443', apiVersion: '1.3' };

describe('App navigation', () => {
  it('opens each menu entry with Enter and comes back home with Esc, the cursor on the entry it left', async () => {
    const view = render(
      <App actions={actions()} session={session} onQuit={vi.fn()} now={() => Date.UTC(2026, 2, 1)} jobsRefreshMs={0} />,
    );
    await waitForFrame(view.lastFrame, 'Signed in as admin');
    const screens = [
      ['Delivery services', 'images-eu'],
      ['Purge', 'Choose the delivery service to purge'],
      ['Jobs', 'Time left'],
      ['Origins', 'media-2'],
      ['Federations', 'fed2.example.test.'],
      ['Users', 'tenanta_user'],
      ['Profiles', 'EDGE1'],
    ];
    for (const [i, [title, content]] of screens.entries()) {
      // Back home the cursor is still on the entry just left: one j reaches the next.
      await press(view.stdin, ...(i === 0 ? [] : ['j']), KEY.enter);
      const frame = await waitForFrame(view.lastFrame, content);
      expect(frame).toContain(`cdnctl › ${title}`);
      await press(view.stdin, KEY.esc);
      const home = await waitForFrame(view.lastFrame, 'Signed in as admin');
      expect(home).toMatch(new RegExp(`› ${title}`));
    }
  });

  it('quits with q from home and from a screen', async () => {
    const onQuit = vi.fn();
    const view = render(<App actions={actions()} session={session} onQuit={onQuit} jobsRefreshMs={0} />);
    await waitForFrame(view.lastFrame, 'Signed in as admin');
    await press(view.stdin, 'q');
    expect(onQuit).toHaveBeenCalledTimes(1);
    await press(view.stdin, 'j', 'j', 'j', KEY.enter);
    await waitForFrame(view.lastFrame, 'media-2');
    await press(view.stdin, 'q');
    expect(onQuit).toHaveBeenCalledTimes(2);
  });

  it('goes from a finished purge to the jobs, and back home from there', async () => {
    const a = actions();
    a.createJob = vi.fn(async () => ({ alerts: [{ level: 'success', text: 'submitted' }], job: job({ id: '77' }) }));
    const view = render(
      <App
        actions={a}
        session={session}
        onQuit={vi.fn()}
        now={() => Date.UTC(2026, 2, 1)}
        jobsRefreshMs={0}
        initial="purge"
      />,
    );
    await waitForFrame(view.lastFrame, 'ds2');
    await press(view.stdin, KEY.enter, '/', 'x', KEY.enter, KEY.enter, KEY.enter, KEY.enter);
    await waitForFrame(view.lastFrame, 'job 77');
    await press(view.stdin, 'j');
    await waitForFrame(view.lastFrame, 'Time left');
    await press(view.stdin, KEY.esc);
    await waitForFrame(view.lastFrame, 'Signed in as admin');
  });

  it('shows a readable message instead of the layout on a too-narrow terminal, and q still quits', async () => {
    const onQuit = vi.fn();
    const view = render(<App actions={actions()} session={session} onQuit={onQuit} width={40} />);
    const frame = await waitForFrame(view.lastFrame, 'Terminal too narrow');
    expect(frame).toContain('40 columns; cdnctl needs 60.');
    expect(frame).not.toContain('Delivery services');
    for (const line of frame.split('\n')) expect(line.length).toBeLessThanOrEqual(40);
    await press(view.stdin, 'q');
    expect(onQuit).toHaveBeenCalled();
  });

  it('follows the terminal when it is resized', async () => {
    const view = render(<App actions={actions()} session={session} onQuit={vi.fn()} />);
    await waitForFrame(view.lastFrame, 'Signed in as admin');
    Object.defineProperty(view.stdout, 'columns', { value: 30, configurable: true });
    view.stdout.emit('resize');
    await waitForFrame(view.lastFrame, '30 columns');
    Object.defineProperty(view.stdout, 'columns', { value: 100, configurable: true });
    view.stdout.emit('resize');
    await waitForFrame(view.lastFrame, 'Signed in as admin');
  });
});
