import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import { RecordScreen } from '../../../../cli/ui/screens/topology/RecordScreen.js';
import { CDN_SPEC } from '../../../../cli/ui/screens/topology/specs.js';
import { snapshotExtra, type SnapshotActions } from '../../../../cli/ui/screens/topology/SnapshotView.js';
import type { Cdn } from '../../../../shared/client/cdns.js';
import type { SnapshotDiff } from '../../../../shared/contract/crconfig.js';
import { KEY, press, type, waitForFrame } from '../helpers/ink.js';

// Issue 35, Ink: a CDN's detail opens its snapshot (`s`): the diff of pending against published per section, and
// `p` publishes once the CDN's name is typed.

afterEach(cleanup);

const CDN: Cdn = {
  id: 1,
  name: 'cdn1',
  domainName: 'cdn1.example.test',
  dnssecEnabled: false,
  lastUpdated: '2026-11-21 12:00:00+00',
};
const none = { added: [], removed: [], changed: [] };
const PENDING: SnapshotDiff = {
  cdn: 'cdn1',
  published: '2026-11-27T10:00:00.000Z',
  pending: true,
  crconfig: { contentServers: { added: ['edge9'], removed: ['edge1'], changed: ['mid1'] }, config: none },
  monitoring: { trafficServers: { added: ['edge9'], removed: [], changed: [] } },
};
const PUBLISHED: SnapshotDiff = { ...PENDING, pending: false, crconfig: {}, monitoring: {} };

function setup(canWrite = true) {
  let published = false;
  const actions: SnapshotActions = {
    diff: vi.fn(async () => (published ? PUBLISHED : PENDING)),
    publish: vi.fn(async () => {
      published = true;
      return 'SUCCESS';
    }),
  };
  const view = render(
    <RecordScreen
      spec={CDN_SPEC}
      actions={{ list: async () => [CDN], create: vi.fn(), update: vi.fn(), remove: vi.fn() }}
      onBack={vi.fn()}
      width={100}
      canWrite={canWrite}
      extra={snapshotExtra(actions, canWrite)}
    />,
  );
  return { ...view, actions, wait: (text: string) => waitForFrame(view.lastFrame, text) };
}

describe('the CDN screen’s snapshot', () => {
  it('shows the diff per section, publishes only once the name is typed, then shows no differences', async () => {
    const view = setup();
    await view.wait('cdn1.example.test');
    await press(view.stdin, KEY.enter);
    expect(await view.wait('snapshot diff and publish')).toContain('CDNs › cdn1');
    await press(view.stdin, 's');
    const frame = await view.wait('Monitoring configuration (Traffic Monitor)');
    expect(frame).toContain('CDNs › cdn1 › snapshot');
    expect(frame).toContain('Published 2026-11-27T10:00:00.000Z');
    expect(frame).toMatch(/CRConfig \(Traffic Router\)\n\s+contentServers\n\s+\+ edge9\n\s+- edge1\n\s+~ mid1/);
    expect(frame).not.toContain('config\n');

    await press(view.stdin, 'p');
    await view.wait('Publish CDN cdn1?');
    await type(view.stdin, 'cdn');
    await press(view.stdin, KEY.enter);
    expect(view.actions.publish).not.toHaveBeenCalled();
    await type(view.stdin, '1');
    await press(view.stdin, KEY.enter);
    const after = await view.wait('No differences: the published configuration is current.');
    expect(after).toContain('Published the configuration of cdn1.');
    expect(view.actions.publish).toHaveBeenCalledWith('cdn1');

    await press(view.stdin, KEY.esc);
    await view.wait('snapshot diff and publish');
  });

  it('shows a read-only role the diff but no publish', async () => {
    const view = setup(false);
    await view.wait('cdn1.example.test');
    await press(view.stdin, KEY.enter, 's');
    const frame = await view.wait('contentServers');
    expect(frame).not.toContain('publish (asks for the name)');
    await press(view.stdin, 'p');
    expect(view.lastFrame()).not.toContain('Publish CDN cdn1?');
    expect(view.actions.publish).not.toHaveBeenCalled();
  });
});
