import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import { Jobs, type JobsProps } from '../../../../cli/ui/screens/Jobs.js';
import { deferred, job } from '../helpers/fixtures.js';
import { KEY, press, type, waitForFrame } from '../helpers/ink.js';
import type { Job } from '../../../../cli/ui/types.js';
import type { Propagation } from '../../../../cli/ui/cache-actions.js';

// 2026-03-01 12:00:00 UTC
const NOW = Date.UTC(2026, 2, 1, 12, 0, 0);

const jobs: Job[] = [
  job({
    id: '7',
    assetUrl: 'http://ds1-origin.example.test/css/.*',
    parameters: 'TTL:48h',
    startTime: '2026-03-01 11:00:00',
  }),
  job({
    id: '6',
    assetUrl: 'http://ds1-origin.example.test/images/.*',
    parameters: 'TTL:2h',
    startTime: '2026-03-01 11:30:00',
  }),
  job({
    id: '5',
    dsXmlId: 'ds2',
    assetUrl: 'https://ds2-origin.example.test:8443/old/.*',
    parameters: 'TTL:1h',
    startTime: '2026-02-27 08:00:00',
  }),
];

function setup(overrides: Partial<JobsProps> = {}) {
  const props: JobsProps = {
    listJobs: vi.fn(async () => jobs),
    now: () => NOW,
    refreshMs: 0,
    onBack: vi.fn(),
    onQuit: vi.fn(),
    width: 120,
    ...overrides,
  };
  const view = render(<Jobs {...props} />);
  return {
    ...view,
    props,
    frame: () => view.lastFrame() ?? '',
    wait: (check: string) => waitForFrame(view.lastFrame, check),
  };
}

afterEach(cleanup);

describe('Jobs screen', () => {
  it('lists the jobs with the time left until each expires', async () => {
    const view = setup();
    const frame = await view.wait('/css/.*');
    expect(frame).toMatch(/7\s+ds1\s+http:\/\/ds1-origin\.example\.test\/css\/\.\*\s+48h\s+1d 23h/);
    expect(frame).toMatch(/6\s+ds1\s+.*images.*\s+2h\s+1h 30m/);
    expect(frame).toMatch(/5\s+ds2\s+.*\s+1h\s+expired/);
  });

  it('shows a spinner while the first list loads', async () => {
    const list = deferred<Job[]>();
    const view = setup({ listJobs: () => list.promise });
    expect(view.frame()).toContain('Loading your jobs');
    list.resolve([]);
    await view.wait('You have no purge jobs.');
  });

  it('fetches the list again on the injected interval and shows new jobs', async () => {
    const listJobs = vi.fn().mockResolvedValueOnce(jobs.slice(1)).mockResolvedValue(jobs);
    const view = setup({ listJobs, refreshMs: 20 });
    await view.wait('/images/.*');
    expect(view.frame()).not.toContain('/css/');
    expect(view.frame()).toContain('refreshes every 20 ms');
    await view.wait('/css/.*');
    expect(listJobs.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it('recomputes the time left from the clock at each refresh', async () => {
    let now = NOW;
    const view = setup({ now: () => now });
    await view.wait('1h 30m');
    now += 45 * 60_000;
    await press(view.stdin, 'r');
    await view.wait('45m 0s');
  });

  it('keeps the list and shows the error in a box when a refresh fails', async () => {
    const listJobs = vi.fn().mockResolvedValueOnce(jobs).mockRejectedValue(new Error('Unauthorized, please log in.'));
    const view = setup({ listJobs });
    await view.wait('/css/.*');
    await press(view.stdin, 'r');
    const frame = await view.wait('Could not load your jobs');
    expect(frame).toContain('Unauthorized, please log in.');
    expect(frame).toContain('/css/.*');
  });

  it('opens a job with Enter, shows its expiry, and filters with /', async () => {
    const view = setup();
    await view.wait('/css/.*');
    await press(view.stdin, 'j', KEY.enter);
    const frame = await view.wait('Expires (UTC)');
    expect(frame).toContain('Jobs › job 6');
    expect(frame).toContain('2026-03-01 13:30:00');
    await press(view.stdin, KEY.esc, '/');
    await type(view.stdin, 'ds2');
    expect(view.frame()).not.toContain('/css/');
    expect(view.frame()).toContain('/old/.*');
  });

  it('goes back with Esc and quits with q', async () => {
    const view = setup();
    await view.wait('/css/.*');
    await press(view.stdin, 'q');
    expect(view.props.onQuit).toHaveBeenCalled();
    await press(view.stdin, KEY.esc);
    expect(view.props.onBack).toHaveBeenCalled();
  });

  it('x in a job detail cancels it after its id is typed, then shows the caches dropping its rule (issue 33)', async () => {
    let cancelledAt: string | undefined;
    const tier = (name: string, total: number, applied: number) => ({
      tier: name,
      total,
      applied,
      pending: total - applied,
      pendingHosts: [],
      overdue: [],
      unavailable: [],
    });
    const state = (): Propagation => ({
      jobId: 7,
      deliveryService: 'ds1',
      cdnName: 'cdn1',
      enteredTime: '2026-03-01 11:00:00+00',
      ...(cancelledAt === undefined ? {} : { cancelledTime: cancelledAt }),
      checkInIntervalMinutes: 15,
      tiers:
        cancelledAt === undefined ? [tier('MID', 2, 2), tier('EDGE', 3, 3)] : [tier('MID', 2, 1), tier('EDGE', 3, 0)],
      complete: cancelledAt === undefined,
    });
    const cancelJob = vi.fn(async () => {
      cancelledAt = '2026-03-01 12:00:00+00';
    });
    const view = setup({ propagation: vi.fn(async () => state()), cancelJob });
    await view.wait('/css/.*');
    await press(view.stdin, KEY.enter);
    await view.wait('Every cache has applied it.');
    expect(view.frame()).toContain('x cancel the job');
    await press(view.stdin, 'x');
    await view.wait('Type 7 to confirm');
    await type(view.stdin, '6');
    await press(view.stdin, KEY.enter);
    expect(cancelJob).not.toHaveBeenCalled();
    await press(view.stdin, KEY.backspace);
    await type(view.stdin, '7');
    await press(view.stdin, KEY.enter);
    const frame = await view.wait('Cancelled: removal from the caches');
    expect(cancelJob).toHaveBeenCalledWith(7);
    expect(frame).toMatch(/MID .* 1\/2 dropped/);
    expect(frame).toMatch(/EDGE .* 0\/3 dropped/);
  });

  it('offers no x without a cancel action', async () => {
    const view = setup();
    await view.wait('/css/.*');
    await press(view.stdin, KEY.enter);
    await view.wait('Expires (UTC)');
    expect(view.frame()).not.toContain('cancel the job');
  });
});
