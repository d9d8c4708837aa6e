import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import type { CacheMap, MapCache } from '../../../../shared/contract/cache-map.js';
import { CacheMapScreen } from '../../../../cli/ui/screens/caches/CacheMapScreen.js';
import { menuFor } from '../../../../cli/ui/screens/Home.js';
import { ALL_PERMISSIONS } from '../../../../cli/ui/permissions.js';
import { KEY, press, waitForFrame } from '../helpers/ink.js';

// Issue 33 ("Beyond the anchors"): the CDN map in the terminal, at 80×24 and 200×50. The screen polls the daemon's
// map (GET caches/events as JSON; the terminal client does not read the event stream) and redraws as it changes.

afterEach(cleanup);

const NOW = Date.parse('2026-11-27T12:00:00Z');
const group = (id: number, name: string, tier: string, parent: number | null) => ({
  id,
  name,
  typeName: `${tier}_LOC`,
  tier,
  parentCachegroupId: parent,
});
const cache = (id: number, hostName: string, cachegroupId: number, fields: Partial<MapCache> = {}): MapCache => ({
  id,
  hostName,
  cachegroupId,
  cdnName: 'cdn1',
  type: cachegroupId === 1 ? 'MID' : 'EDGE',
  status: 'REPORTED',
  updPending: false,
  revalPending: true,
  lastCheckIn: null,
  isAvailable: null,
  health: 'overdue',
  failingChecks: [],
  pendingJobs: [7],
  ...fields,
});
const applied = { revalPending: false, pendingJobs: [], health: 'current', lastCheckIn: '2026-11-27 11:58:00+00' };

/** cdn1: mid-cg over edge-cg1 and edge-cg-chicago (12 EDGEs), job 7 running; `midsApplied` says how far it got. */
function cdn(midsApplied: boolean): CacheMap {
  const mids = [cache(1, 'mid1', 1, midsApplied ? applied : {}), cache(2, 'mid2', 1, midsApplied ? applied : {})];
  const edges = [
    cache(3, 'edge1a', 2, { health: 'failing', failingChecks: ['HTTP'] }),
    ...Array.from({ length: 12 }, (_, i) => cache(10 + i, `edge-chicago-${String(i + 1).padStart(2, '0')}`, 3)),
  ];
  return {
    generatedAt: '2026-11-27 12:00:00+00',
    checkInIntervalMinutes: 15,
    cachegroups: [
      group(3, 'edge-cg-chicago', 'EDGE', 1),
      group(2, 'edge-cg1', 'EDGE', 1),
      group(1, 'mid-cg', 'MID', null),
    ],
    caches: [...mids, ...edges],
    jobs: [
      {
        id: 7,
        deliveryService: 'ds1',
        cdnName: 'cdn1',
        assetUrl: 'http://origin.ds1.example.test/live/.*',
        enteredTime: '2026-11-27 11:59:00+00',
        tiers: [
          { tier: 'MID', total: 2, applied: midsApplied ? 2 : 0 },
          { tier: 'EDGE', total: 13, applied: 0 },
        ],
        complete: false,
      },
    ],
  };
}

const frameLines = (frame: string) => frame.split('\n');

describe('the caches screen (the CDN map in the terminal)', () => {
  it('is on the home menu', () => {
    expect(menuFor(ALL_PERMISSIONS).map((i) => i.label)).toContain('Caches');
  });

  it('at 200×50: counts, the running purge, the whole tree MID over EDGE, each cache with health, age and work', async () => {
    const view = render(
      <CacheMapScreen load={async () => cdn(false)} now={() => NOW} width={200} rows={50} onBack={vi.fn()} />,
    );
    const frame = await waitForFrame(view.lastFrame, 'edge-chicago-12');
    const lines = frameLines(frame);
    expect(lines.length).toBeLessThanOrEqual(50);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(200);
    expect(frame).toContain('0 up to date · 0 pending · 14 overdue · 1 failing checks');
    expect(frame).toContain('Job 7 ds1 MID 0/2 → EDGE 0/13  /live/.*');
    const order = [
      '▸ mid-cg [MID]',
      'mid1',
      '  ▸ edge-cg-chicago [EDGE]',
      'edge-chicago-01',
      '  ▸ edge-cg1 [EDGE]',
      'edge1a',
    ];
    const at = order.map((text) => lines.findIndex((l) => l.includes(text)));
    expect(
      at.every((i, k) => i >= 0 && (k === 0 || i > at[k - 1])),
      JSON.stringify(at),
    ).toBe(true);
    expect(lines.find((l) => l.includes('mid1'))).toMatch(/◐ mid1\s+overdue\s+REPORTED\s+never\s+reval · job 7/);
    expect(lines.find((l) => l.includes('edge1a'))).toMatch(/edge1a\s+failing checks/);
    expect(frame).not.toContain('more');
  });

  it('at 80×24: nothing passes 80 columns or 24 rows; the rest scrolls', async () => {
    const view = render(
      <CacheMapScreen load={async () => cdn(false)} now={() => NOW} width={80} rows={24} onBack={vi.fn()} />,
    );
    const frame = await waitForFrame(view.lastFrame, 'mid1');
    expect(frameLines(frame).length).toBeLessThanOrEqual(24);
    for (const line of frameLines(frame)) expect(line.length).toBeLessThanOrEqual(80);
    expect(frame).toMatch(/↓ \d+ more/);
    expect(frame).not.toContain('edge1a');
    await press(view.stdin, ...Array.from({ length: 20 }, () => 'j'));
    const scrolled = await waitForFrame(view.lastFrame, 'edge1a');
    expect(scrolled).toMatch(/↑ \d+ more/);
    expect(frameLines(scrolled).length).toBeLessThanOrEqual(24);
  });

  it('follows the map as it changes: the MID tier applies the purge', async () => {
    let midsApplied = false;
    const load = vi.fn(async () => cdn(midsApplied));
    const view = render(
      <CacheMapScreen load={load} refreshMs={20} now={() => NOW} width={200} rows={50} onBack={vi.fn()} />,
    );
    await waitForFrame(view.lastFrame, 'MID 0/2 → EDGE 0/13');
    midsApplied = true;
    const frame = await waitForFrame(view.lastFrame, 'MID 2/2 → EDGE 0/13');
    expect(frameLines(frame).find((l) => l.includes('mid1'))).toMatch(
      /● mid1\s+up to date\s+REPORTED\s+2 min ago\s+nothing pending/,
    );
    expect(frame).toContain('2 up to date · 0 pending · 12 overdue · 1 failing checks');
  });

  it('reads the map again when the daemon pushes a change, without polling', async () => {
    let midsApplied = false;
    const load = vi.fn(async () => cdn(midsApplied));
    let push: (() => void) | null = null;
    const watch = (onChange: () => void, signal: AbortSignal) =>
      new Promise<void>((resolve) => {
        push = onChange;
        signal.addEventListener('abort', () => resolve());
      });
    const view = render(
      <CacheMapScreen
        load={load}
        watch={watch}
        refreshMs={20}
        now={() => NOW}
        width={200}
        rows={50}
        onBack={vi.fn()}
      />,
    );
    await waitForFrame(view.lastFrame, 'MID 0/2 → EDGE 0/13');
    const before = load.mock.calls.length;
    push!();
    await vi.waitFor(() => expect(load.mock.calls.length).toBeGreaterThan(before));
    // Pushed: no polling any more (every 20 ms it would have read the map ten times by now).
    const pushed = load.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(load.mock.calls.length).toBe(pushed);
    midsApplied = true;
    push!();
    await waitForFrame(view.lastFrame, 'MID 2/2 → EDGE 0/13');
    view.unmount();
  });

  it('shows a cache the health monitors report down as `down (monitors)`, counted apart (issue 35)', async () => {
    const map = cdn(true);
    map.caches = map.caches.map((c) => (c.hostName === 'mid2' ? { ...c, isAvailable: false, health: 'down' } : c));
    const view = render(
      <CacheMapScreen load={async () => map} now={() => NOW} width={200} rows={50} onBack={vi.fn()} />,
    );
    const frame = await waitForFrame(view.lastFrame, 'edge-chicago-12');
    expect(frame).toContain('1 up to date · 0 pending · 12 overdue · 1 failing checks · 1 down (monitors)');
    expect(frameLines(frame).find((l) => l.includes('mid2'))).toMatch(/mid2\s+down \(monitors\)/);
  });

  it('goes back on Esc', async () => {
    const onBack = vi.fn();
    const view = render(
      <CacheMapScreen load={async () => cdn(false)} now={() => NOW} width={80} rows={24} onBack={onBack} />,
    );
    await waitForFrame(view.lastFrame, 'mid1');
    await press(view.stdin, KEY.esc);
    expect(onBack).toHaveBeenCalled();
  });
});
