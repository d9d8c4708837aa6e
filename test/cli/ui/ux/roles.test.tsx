import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import { App } from '../../../../cli/ui/app.js';
import type { UiActions } from '../../../../cli/ui/actions.js';
import { permissionsFor, privLevelOf } from '../../../../cli/ui/permissions.js';
import { deliveryServices, federationUsers, federations, job, origins, profiles, users } from '../helpers/fixtures.js';
import { KEY, press, type, waitForFrame } from '../helpers/ink.js';

afterEach(cleanup);

const ROLES = [
  { id: 1, name: 'admin', privLevel: 30 },
  { id: 2, name: 'operations', privLevel: 20 },
  { id: 3, name: 'portal', privLevel: 15 },
  { id: 4, name: 'read-only', privLevel: 10 },
];

function actions(roleName: string): UiActions {
  const role = ROLES.find((r) => r.name === roleName)!;
  return {
    currentUser: vi.fn(async () => ({ id: '9', username: 'someone', roleName, role: role.id, tenant: 'root' })),
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
    permissions: vi.fn(async () => permissionsFor(privLevelOf({ role: role.id, roleName }, ROLES))),
  };
}

const session = { server: 'http://127.0.0.1:8443', apiVersion: '1.3' };

async function openOrigins(roleName: string) {
  const view = render(<App actions={actions(roleName)} session={session} onQuit={vi.fn()} jobsRefreshMs={0} />);
  await waitForFrame(view.lastFrame, 'Signed in as someone');
  await type(view.stdin, '/origins');
  await press(view.stdin, KEY.enter);
  await waitForFrame(view.lastFrame, 'media-2');
  return view;
}

describe('the screens respect the role', () => {
  it('a read-only user is offered neither purge nor new / edit / delete, and n, e, d do nothing', async () => {
    const home = render(<App actions={actions('read-only')} session={session} onQuit={vi.fn()} jobsRefreshMs={0} />);
    const frame = await waitForFrame(
      home.lastFrame,
      (f) => f.includes('Signed in as someone') && f.includes('read-only for your role'),
    );
    expect(frame).not.toContain('Purge');
    cleanup();
    const view = await openOrigins('read-only');
    const list = view.lastFrame() ?? '';
    expect(list).not.toMatch(/n new|e edit|d delete/);
    await press(view.stdin, 'j', 'n');
    expect(view.lastFrame()).not.toContain('Origins › new');
    await press(view.stdin, 'e');
    expect(view.lastFrame()).not.toMatch(/Origins › media-2/);
    await press(view.stdin, 'd');
    expect(view.lastFrame()).not.toContain('Type the name');
    await press(view.stdin, KEY.enter);
    const detail = await waitForFrame(view.lastFrame, 'Origins › media-2');
    expect(detail).not.toMatch(/e edit|d delete/);
  });

  it('an operations user is offered purge and new / edit / delete of origins, not federation assignments', async () => {
    const view = await openOrigins('operations');
    expect(view.lastFrame()).toMatch(/n new · e edit · d delete/);
    await press(view.stdin, 'n');
    await waitForFrame(view.lastFrame, 'Origins › new');
    cleanup();
    const home = render(<App actions={actions('operations')} session={session} onQuit={vi.fn()} jobsRefreshMs={0} />);
    await waitForFrame(home.lastFrame, 'Signed in as someone');
    await waitForFrame(home.lastFrame, 'Purge');
    await type(home.stdin, '/federations');
    await press(home.stdin, KEY.enter);
    await waitForFrame(home.lastFrame, '› fed1.example.test.');
    await press(home.stdin, KEY.enter);
    const detail = await waitForFrame(home.lastFrame, 'Federations › ');
    expect(detail).not.toContain('a choose the assigned users');
    await press(home.stdin, 'a');
    expect(home.lastFrame()).not.toContain('Space assign / unassign');
  });

  it('an admin is offered everything', async () => {
    const view = await openOrigins('admin');
    expect(view.lastFrame()).toMatch(/n new · e edit · d delete/);
    expect(permissionsFor(30)).toEqual({ purge: true, writeOrigins: true, assignFederationUsers: true });
    expect(permissionsFor(15)).toEqual({ purge: true, writeOrigins: false, assignFederationUsers: false });
    expect(permissionsFor(null)).toEqual({ purge: true, writeOrigins: true, assignFederationUsers: true });
  });
});
