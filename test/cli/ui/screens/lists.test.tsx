import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import { DeliveryServices, Profiles, Users } from '../../../../cli/ui/screens/Lists.js';
import { deferred, deliveryServices, profiles, users } from '../helpers/fixtures.js';
import { KEY, press, type, waitForFrame } from '../helpers/ink.js';
import type { User } from '../../../../cli/ui/types.js';

afterEach(cleanup);

const handlers = () => ({ onBack: vi.fn(), onQuit: vi.fn() });

describe('Users screen', () => {
  it('shows a spinner, then the users with their names and roles', async () => {
    const list = deferred<User[]>();
    const view = render(<Users load={() => list.promise} {...handlers()} width={100} />);
    expect(view.lastFrame()).toContain('Loading users');
    list.resolve(users);
    const frame = await waitForFrame(view.lastFrame, 'tenanta_user');
    expect(frame).toContain('Ops Person · operations · root');
  });

  it('opens a user with Enter and returns to the same place with Esc', async () => {
    const h = handlers();
    const view = render(<Users load={async () => users} {...h} width={100} />);
    await waitForFrame(view.lastFrame, 'tenanta_user');
    await press(view.stdin, 'j', 'j', KEY.enter);
    const frame = await waitForFrame(view.lastFrame, 'E-mail');
    expect(frame).toContain('Users › ops_user');
    expect(frame).toContain('ops@example.test');
    await press(view.stdin, KEY.esc);
    expect(view.lastFrame()).toContain('› ops_user');
    await press(view.stdin, KEY.esc);
    expect(h.onBack).toHaveBeenCalled();
  });

  it('filters with / and shows an API error in a box', async () => {
    const view = render(<Users load={async () => users} {...handlers()} width={100} />);
    await waitForFrame(view.lastFrame, 'tenanta_user');
    await press(view.stdin, '/');
    await type(view.stdin, 'tenant-a');
    expect(view.lastFrame()).toContain('› tenanta_user');
    expect(view.lastFrame()).not.toContain('ro_user');
    cleanup();
    const failing = render(
      <Users load={async () => Promise.reject(new Error('Forbidden.'))} {...handlers()} width={100} />,
    );
    const frame = await waitForFrame(failing.lastFrame, 'Could not load users');
    expect(frame).toContain('Forbidden.');
  });

  it('reloads with r and quits with q', async () => {
    const h = handlers();
    const load = vi.fn(async () => users);
    const view = render(<Users load={load} {...h} width={100} />);
    await waitForFrame(view.lastFrame, 'admin');
    await press(view.stdin, 'r');
    await waitForFrame(view.lastFrame, 'admin');
    expect(load).toHaveBeenCalledTimes(2);
    await press(view.stdin, 'q');
    expect(h.onQuit).toHaveBeenCalled();
  });
});

describe('Delivery services screen', () => {
  it('lists delivery services, marks inactive ones, and shows the origin in the details', async () => {
    const view = render(<DeliveryServices load={async () => deliveryServices} {...handlers()} width={100} />);
    const frame = await waitForFrame(view.lastFrame, 'images-eu');
    expect(frame).toContain('Images Europe · cdn1 · inactive');
    await press(view.stdin, 'j', KEY.enter);
    const detail = await waitForFrame(view.lastFrame, 'Origin');
    expect(detail).toContain('https://ds2-origin.example.test:8443');
    expect(detail).toContain('Delivery services › ds2');
  });
});

describe('Profiles screen', () => {
  it('lists profiles with descriptions and opens one', async () => {
    const view = render(<Profiles load={async () => profiles} {...handlers()} width={100} />);
    const frame = await waitForFrame(view.lastFrame, 'EDGE1');
    expect(frame).toContain('Global Traffic Ops profile');
    await press(view.stdin, '?');
    expect(view.lastFrame()).toContain('Keys (? to close)');
    await press(view.stdin, 'j', KEY.enter);
    const detail = await waitForFrame(view.lastFrame, 'Last updated');
    expect(detail).toContain('Edge caches of cdn1');
  });
});
