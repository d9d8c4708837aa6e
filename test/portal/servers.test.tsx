import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CacheServer, JobPropagation } from '../../portal/src/api/caches';
import { parseRoute } from '../../portal/src/lib/router';
import { choices, filterServers, NO_FILTER } from '../../portal/src/lib/servers';
import { PropagationRow } from '../../portal/src/screens/JobsPropagation';
import { ServersTable, healthText } from '../../portal/src/screens/ServersTable';

const text = (markup: string) =>
  markup
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const buttons = (markup: string) => [...markup.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((m) => m[1]);
/** The buttons of each row's Actions cell (the grid's own toolbar and pager buttons are not a row's operations). */
const rowActions = (markup: string) =>
  [...markup.matchAll(/<td class="row-actions">(.*?)<\/td>/g)].map((m) => buttons(m[1]));
/** The summary of each row's actions menu. */
const rowMenus = (markup: string) =>
  [...markup.matchAll(/<summary>([^<]*)<\/summary>/g)].map((m) => m[1]).filter((t) => t.startsWith('Actions'));
const OPERATIONS = ['Status…', 'Queue', 'Dequeue'];

const server = (id: number, hostName: string, fields: Partial<CacheServer> = {}): CacheServer => ({
  id,
  hostName,
  domainName: 'cdn1.example.test',
  type: 'EDGE',
  status: 'REPORTED',
  offlineReason: null,
  cachegroup: 'edge-cg1',
  cdnName: 'cdn1',
  updPending: false,
  revalPending: false,
  lastCheckIn: null,
  ...fields,
});
const servers = [
  server(1, 'edge1a', { revalPending: true, lastCheckIn: '2026-11-21 12:00:00+00' }),
  server(2, 'mid1', { type: 'MID', cachegroup: 'mid-cg', status: 'ADMIN_DOWN', offlineReason: 'ops: disk' }),
  server(3, 'edge9', { cdnName: 'cdn2', status: 'OFFLINE', offlineReason: 'ops: gone' }),
];

describe('portal: Servers page', () => {
  it('is reached at /servers', () => {
    expect(parseRoute('/servers')).toEqual({ name: 'servers' });
  });

  it('filters by CDN, cache group, type and status, offering the values listed', () => {
    expect(filterServers(servers, NO_FILTER).map((s) => s.hostName)).toEqual(['edge1a', 'mid1', 'edge9']);
    expect(filterServers(servers, { ...NO_FILTER, cdn: 'cdn1', type: 'EDGE' }).map((s) => s.hostName)).toEqual([
      'edge1a',
    ]);
    expect(filterServers(servers, { ...NO_FILTER, status: 'ADMIN_DOWN' }).map((s) => s.hostName)).toEqual(['mid1']);
    expect(choices(servers, (s) => s.cachegroup)).toEqual(['edge-cg1', 'mid-cg']);
  });

  it('shows status with reason, pending flags, last check-in and checks; buttons only for operations', () => {
    const checks = new Map([[1, { HTTP: 1, CKIN: 3, UPD: 0 }]]);
    const now = Date.parse('2026-11-21T12:10:00Z');
    const markup = renderToStaticMarkup(
      <ServersTable
        servers={servers}
        checks={checks}
        now={now}
        canWrite
        onQueue={() => undefined}
        onStatus={() => undefined}
      />,
    );
    // Health first (issue 33 item 4): edge1a fails its up-to-date check; mid1 never checked in (overdue).
    expect(text(markup)).toContain(
      'edge1a failing checks EDGE REPORTED edge-cg1 cdn1 – pending 2026-11-21 12:00:00+00 ✓ 3 min ✗',
    );
    expect(text(markup)).toContain('mid1 overdue MID ADMIN_DOWN (ops: disk) mid-cg cdn1 – – never – – –');
    expect(rowActions(markup)).toEqual([OPERATIONS, OPERATIONS, OPERATIONS]);
    // Issue 33 item 4: the operations sit in one menu per row (not 3 primary buttons each); the host column sticks.
    expect(rowMenus(markup)).toEqual(['Actions for edge1a', 'Actions for mid1', 'Actions for edge9']);
    expect(markup).not.toMatch(/<button type="button">(Status…|Queue|Dequeue)</);
    expect(markup).toMatch(/<td class="mono sticky-col"[^>]*>edge1a/);
    const readOnly = renderToStaticMarkup(
      <ServersTable
        servers={servers}
        checks={checks}
        canWrite={false}
        onQueue={() => undefined}
        onStatus={() => undefined}
      />,
    );
    expect(rowActions(readOnly)).toEqual([]);
    expect(readOnly).not.toContain('aria-label="Actions"');
    expect(buttons(readOnly).filter((b) => OPERATIONS.includes(b))).toEqual([]);
  });
});

describe('portal: a job’s propagation on the jobs page', () => {
  it('shows MID then EDGE with counts, meters and overdue caches', () => {
    const state: JobPropagation = {
      jobId: 7,
      deliveryService: 'ds1',
      cdnName: 'cdn1',
      complete: false,
      checkInIntervalMinutes: 15,
      tiers: [
        { tier: 'MID', total: 2, applied: 2, pending: 0, pendingHosts: [], overdue: [], unavailable: [] },
        {
          tier: 'EDGE',
          total: 3,
          applied: 1,
          pending: 2,
          pendingHosts: ['edge1b', 'edge2a'],
          overdue: ['edge2a'],
          unavailable: [],
        },
      ],
    };
    const markup = renderToStaticMarkup(<PropagationRow state={state} />);
    expect(text(markup)).toBe('Job 7 (ds1): MID 2/2 EDGE 1/3 overdue: edge2a');
    expect(markup.match(/<meter/g)).toHaveLength(2);
    expect(text(renderToStaticMarkup(<PropagationRow state={{ ...state, complete: true }} />))).toContain(
      'applied by every cache',
    );
  });

  it('a cancelled job shows how many caches dropped its rule (issue 33)', () => {
    const tiers = [
      { tier: 'MID', total: 2, applied: 2, pending: 0, pendingHosts: [], overdue: [], unavailable: [] },
      { tier: 'EDGE', total: 3, applied: 3, pending: 0, pendingHosts: [], overdue: [], unavailable: [] },
    ];
    const state: JobPropagation = {
      jobId: 9,
      deliveryService: 'ds1',
      cdnName: 'cdn1',
      cancelledTime: '2026-11-27 12:00:00+00',
      complete: true,
      checkInIntervalMinutes: 15,
      tiers,
    };
    expect(text(renderToStaticMarkup(<PropagationRow state={state} />))).toBe(
      'Job 9 (ds1): cancelled, dropped: MID 2/2 EDGE 3/3 dropped by every cache',
    );
  });
});

describe('portal: cache health (issue 35)', () => {
  const cells = (markup: string) => [...markup.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((m) => m[1]);

  it('the Servers page shows each cache up, down, or – before any monitor report', () => {
    const judged = [
      server(1, 'edge1a', { isAvailable: false }),
      server(2, 'edge1b', { isAvailable: true }),
      server(3, 'edge2a', { isAvailable: null }),
      server(4, 'old'),
    ];
    const markup = renderToStaticMarkup(
      <ServersTable
        servers={judged}
        checks={new Map()}
        canWrite={false}
        onQueue={() => undefined}
        onStatus={() => undefined}
      />,
    );
    expect(markup).toMatch(/>Monitors</);
    expect(cells(markup).filter((c) => ['up', 'down'].includes(c))).toEqual(['down', 'up']);
    expect([healthText(null), healthText(undefined), healthText(true), healthText(false)]).toEqual([
      '–',
      '–',
      'up',
      'down',
    ]);
  });

  it("a job's propagation names the caches reported unavailable", () => {
    const tier = {
      tier: 'MID',
      total: 2,
      applied: 1,
      pending: 0,
      pendingHosts: [],
      overdue: [],
      unavailable: ['mid1'],
    };
    const state = { jobId: 7, deliveryService: 'ds1', cdnName: 'cdn1', complete: true, checkInIntervalMinutes: 15 };
    expect(renderToStaticMarkup(<PropagationRow state={{ ...state, tiers: [tier] }} />)).toContain('unavailable: mid1');
  });
});
