import { renderToStaticMarkup } from 'react-dom/server';
import { expect, it } from 'vitest';
import type { CacheServer } from '../../portal/src/api/caches';
import { PropagationRow } from '../../portal/src/screens/JobsPropagation';
import { ServersTable, healthText } from '../../portal/src/screens/ServersTable';

/* Issue 35 in the portal: the monitors' judgement on the Servers page, and down caches in a job's propagation. */

const cells = (markup: string) => [...markup.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((m) => m[1]);

it('the Servers page shows each cache up, down, or – before any monitor report', () => {
  const server = (id: number, hostName: string, isAvailable?: boolean | null): CacheServer => ({
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
    ...(isAvailable === undefined ? {} : { isAvailable }),
  });
  const markup = renderToStaticMarkup(
    <ServersTable
      servers={[server(1, 'edge1a', false), server(2, 'edge1b', true), server(3, 'edge2a', null), server(4, 'old')]}
      checks={new Map()}
      canWrite={false}
      onQueue={() => undefined}
      onStatus={() => undefined}
    />,
  );
  expect(markup).toMatch(/>Health</);
  expect(cells(markup).filter((c) => ['up', 'down'].includes(c))).toEqual(['down', 'up']);
  expect([healthText(null), healthText(undefined), healthText(true), healthText(false)]).toEqual([
    '–',
    '–',
    'up',
    'down',
  ]);
});

it("a job's propagation names the caches reported unavailable", () => {
  const markup = renderToStaticMarkup(
    <PropagationRow
      state={{
        jobId: 7,
        deliveryService: 'ds1',
        cdnName: 'cdn1',
        complete: true,
        checkInIntervalMinutes: 15,
        tiers: [
          { tier: 'MID', total: 2, applied: 1, pending: 0, pendingHosts: [], overdue: [], unavailable: ['mid1'] },
        ],
      }}
    />,
  );
  expect(markup).toContain('unavailable: mid1');
});
