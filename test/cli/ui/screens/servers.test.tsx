import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import type { CacheActions, Propagation as PropagationState, ServerRow } from '../../../../cli/ui/cache-actions.js';
import { Servers } from '../../../../cli/ui/screens/servers/Servers.js';
import { Propagation } from '../../../../cli/ui/screens/purge/Propagation.js';
import { PurgeWizard } from '../../../../cli/ui/screens/purge/PurgeWizard.js';
import { deliveryServices, job } from '../helpers/fixtures.js';
import { KEY, press, type, waitForFrame } from '../helpers/ink.js';

afterEach(cleanup);

const server = (id: number, hostName: string, overrides: Partial<ServerRow> = {}): ServerRow => ({
  id,
  hostName,
  type: 'EDGE',
  status: 'REPORTED',
  cachegroup: 'edge-cg1',
  cdnName: 'cdn1',
  updPending: false,
  revalPending: false,
  lastCheckIn: null,
  offlineReason: null,
  ipAddress: '192.0.2.1',
  tcpPort: 80,
  profile: 'EDGE1',
  ...overrides,
});

function actions(overrides: Partial<CacheActions> = {}): CacheActions {
  return {
    listServers: vi.fn(async () => [
      server(1, 'edge1a', { revalPending: true, lastCheckIn: '2026-03-01 11:58:00+00' }),
      server(2, 'mid1', { type: 'MID', cachegroup: 'mid-cg', status: 'ONLINE' }),
    ]),
    serverChecks: vi.fn(async () => [{ id: 1, checks: { HTTP: 1, CKIN: 2, UPD: 1 } }]),
    setStatus: vi.fn(async () => ({
      alerts: [{ level: 'success', text: 'Updated status [ ADMIN_DOWN ] for edge1a' }],
    })),
    queue: vi.fn(async () => ({ alerts: [{ level: 'success', text: 'Queued an update (server 1)' }] })),
    propagation: vi.fn(),
    ...overrides,
  };
}

describe('Servers screen', () => {
  it('lists caches with status, pending flags, last check-in and checks', async () => {
    const view = render(<Servers actions={actions()} onBack={vi.fn()} refreshMs={0} width={120} />);
    const frame = await waitForFrame(view.lastFrame, 'mid1');
    expect(frame).toMatch(
      /edge1a\s+EDGE\s+REPORTED\s+edge-cg1\s+-\s+pending\s+2026-03-01 11:58:00\+00\s+✓\s+2 min\s+✓/,
    );
    expect(frame).toMatch(/mid1\s+MID\s+ONLINE\s+mid-cg\s+-\s+-\s+never\s+–\s+–\s+–/);
  });

  it("shows the health monitors' judgement last: up, down, or - before any report (issue 35)", async () => {
    const listServers = vi.fn(async () => [
      server(1, 'edge1a', { isAvailable: false }),
      server(2, 'edge1b', { isAvailable: true }),
      server(3, 'mid1', { type: 'MID', cachegroup: 'mid-cg' }),
    ]);
    const view = render(<Servers actions={actions({ listServers })} onBack={vi.fn()} refreshMs={0} width={160} />);
    const frame = await waitForFrame(view.lastFrame, 'mid1');
    expect(frame).toMatch(/Monitors/);
    expect(frame).toMatch(/edge1a.*\sdown\s*$/m);
    expect(frame).toMatch(/edge1b.*\sup\s*$/m);
    expect(frame).toMatch(/mid1.*\s-\s*$/m);
  });

  it('changes a status: ADMIN_DOWN asks for a reason and a y', async () => {
    const a = actions();
    const view = render(<Servers actions={a} onBack={vi.fn()} refreshMs={0} width={120} />);
    await waitForFrame(view.lastFrame, 'mid1');
    await press(view.stdin, 's');
    await waitForFrame(view.lastFrame, 'New status for edge1a (now REPORTED)');
    await press(view.stdin, KEY.down, KEY.down, KEY.enter);
    await waitForFrame(view.lastFrame, 'Set edge1a ADMIN_DOWN: it stops serving.');
    await type(view.stdin, 'disk swap');
    await press(view.stdin, KEY.enter);
    await waitForFrame(view.lastFrame, 'Go ahead? y / n');
    expect(a.setStatus).not.toHaveBeenCalled();
    await press(view.stdin, 'y');
    await waitForFrame(view.lastFrame, 'Updated status [ ADMIN_DOWN ] for edge1a');
    expect(a.setStatus).toHaveBeenCalledWith(1, 'ADMIN_DOWN', 'disk swap');
  });

  it('queues and dequeues an update on the selected cache', async () => {
    const a = actions();
    const view = render(<Servers actions={a} onBack={vi.fn()} refreshMs={0} width={120} />);
    await waitForFrame(view.lastFrame, 'mid1');
    await press(view.stdin, KEY.down, 'u');
    await waitForFrame(view.lastFrame, 'Queued an update');
    expect(a.queue).toHaveBeenCalledWith(2, true);
    await press(view.stdin, 'd');
    expect(a.queue).toHaveBeenLastCalledWith(2, false);
  });
});

describe('propagation of a purge', () => {
  const state = (applied: number): PropagationState => ({
    jobId: 42,
    deliveryService: 'ds1',
    cdnName: 'cdn1',
    enteredTime: '2026-03-01 12:00:00+00',
    checkInIntervalMinutes: 15,
    tiers: [
      {
        tier: 'MID',
        total: 2,
        applied: Math.min(applied, 2),
        pending: 2 - Math.min(applied, 2),
        pendingHosts: [],
        overdue: [],
        unavailable: [],
      },
      {
        tier: 'EDGE',
        total: 3,
        applied: Math.max(0, applied - 2),
        pending: 3 - Math.max(0, applied - 2),
        pendingHosts: [],
        overdue: applied === 0 ? ['edge2a'] : [],
        unavailable: [],
      },
    ],
    complete: applied === 5,
  });

  it('shows each tier with a bar, refreshing until every cache applied it', async () => {
    let applied = 0;
    const load = vi.fn(async () => state(applied));
    const view = render(<Propagation jobId={42} load={load} refreshMs={20} onBack={vi.fn()} width={100} />);
    const first = await waitForFrame(view.lastFrame, 'MID');
    expect(first).toContain('0/2 applied');
    expect(first).toContain('overdue: edge2a');
    applied = 2;
    expect(await waitForFrame(view.lastFrame, '2/2 applied')).toContain('0/3 applied');
    applied = 5;
    expect(await waitForFrame(view.lastFrame, 'Every cache has applied it.')).toContain('3/3 applied');
    expect(load).toHaveBeenCalledWith(42);
  });

  it('the purge wizard offers to watch the job it created', async () => {
    const onWatch = vi.fn();
    const view = render(
      <PurgeWizard
        listDeliveryServices={async () => deliveryServices}
        maxTtlHours={async () => 2160}
        createJob={async () => ({ alerts: [], job: job({ id: '42' }) })}
        now={() => Date.UTC(2026, 2, 1, 12)}
        onBack={vi.fn()}
        onWatch={onWatch}
        width={100}
      />,
    );
    await waitForFrame(view.lastFrame, 'ds1');
    await press(view.stdin, '/');
    await type(view.stdin, 'ds1');
    await press(view.stdin, KEY.enter);
    await waitForFrame(view.lastFrame, 'Regex');
    await type(view.stdin, '/images/.*');
    await press(view.stdin, KEY.enter, KEY.enter, KEY.enter);
    await waitForFrame(view.lastFrame, 'Submit this purge?');
    await press(view.stdin, KEY.enter);
    await waitForFrame(view.lastFrame, 'w: watch it reach the caches');
    await press(view.stdin, 'w');
    expect(onWatch).toHaveBeenCalledWith(42);
  });
});
