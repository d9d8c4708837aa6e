import { describe, expect, it } from 'vitest';
import type { Origin } from '../../portal/src/api/types';
import {
  activeCount,
  expiringSoon,
  originsPerTenant,
  OTHER_SERIES,
  purgesPerDay,
  purgesPerDs,
  recentJobs,
} from '../../portal/src/lib/dashboard';
import type { PortalJob } from '../../portal/src/lib/jobs';

const NOW = Date.parse('2026-11-21T12:00:00Z');
let nextId = 1;
const job = (ds: string, startTime: string, ttlHours = 24): PortalJob => ({
  id: String(nextId++),
  keyword: 'PURGE',
  dsXmlId: ds,
  username: 'admin',
  assetUrl: `http://${ds}.test/x`,
  parameters: `TTL:${ttlHours}h`,
  startTime,
  enteredTime: null,
  status: null,
});

describe('dashboard figures', () => {
  it('counts purges per UTC day over 30 days, split by the busiest delivery services', () => {
    const jobs = [
      job('ds1', '2026-11-21 01:00:00'),
      job('ds1', '2026-11-21 11:00:00'),
      job('ds2', '2026-11-20 23:59:59'),
      job('ds3', '2026-10-23 00:00:00'),
      job('ds4', '2026-10-22 23:59:59'),
      job('ds1', '2026-11-22 08:00:00'),
    ];
    const { bars, series } = purgesPerDay(jobs, NOW, 30, 2);
    expect(bars).toHaveLength(30);
    expect(bars[0].day).toBe('2026-10-23');
    expect(bars[29]).toEqual({ day: '2026-11-21', label: '11-21', total: 2, ds1: 2, ds2: 0, [OTHER_SERIES]: 0 });
    expect(bars[28]).toMatchObject({ total: 1, ds2: 1 });
    expect(bars[0]).toMatchObject({ total: 1, [OTHER_SERIES]: 1 });
    expect(series).toEqual(['ds1', 'ds2', OTHER_SERIES]);
    expect(bars.reduce((n, b) => n + b.total, 0)).toBe(4);
  });

  it('totals per delivery service, busiest first', () => {
    const jobs = [
      job('b', '2026-11-21 01:00:00'),
      job('a', '2026-11-21 01:00:00'),
      job('b', '2026-11-20 01:00:00'),
      job('c', '2026-09-01 00:00:00'),
    ];
    expect(purgesPerDs(recentJobs(jobs, NOW))).toEqual([
      { ds: 'b', count: 2 },
      { ds: 'a', count: 1 },
    ]);
  });

  it('lists active jobs that end within a day, soonest first', () => {
    const soon = job('ds1', '2026-11-20 14:00:00'); // ends 14:00 today
    const later = job('ds2', '2026-11-21 06:00:00'); // ends 06:00 tomorrow
    const far = job('ds1', '2026-11-21 10:00:00', 72);
    const scheduled = job('ds1', '2026-11-21 13:00:00', 1);
    const over = job('ds1', '2026-11-19 00:00:00');
    const soonList = expiringSoon([later, far, scheduled, over, soon], NOW);
    expect(soonList.map((e) => e.job.id)).toEqual([soon.id, later.id]);
    expect(soonList[0].end).toBe(Date.parse('2026-11-21T14:00:00Z'));
    expect(activeCount([later, far, scheduled, over, soon], NOW)).toBe(3);
  });

  it('counts origins per tenant', () => {
    const o = (tenant: string | null) => ({ tenant }) as Origin;
    expect(originsPerTenant([o('root'), o('a'), o('root'), o(null)])).toEqual([
      { tenant: 'root', count: 2 },
      { tenant: '(none)', count: 1 },
      { tenant: 'a', count: 1 },
    ]);
  });
});
