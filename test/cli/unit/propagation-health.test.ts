import { expect, test } from 'vitest';
import { propagationLine } from '../../../cli/output/propagation.js';

/** Issue 35: a job's progress names the caches the health monitors report down instead of waiting for them. */
test('a tier lists its unavailable caches beside the pending ones', () => {
  const tier = { tier: 'MID', total: 2, applied: 1, pending: 0, pendingHosts: [], overdue: [] };
  const line = (unavailable: string[], complete: boolean) =>
    propagationLine({
      jobId: 1,
      deliveryService: 'ds1',
      cdnName: 'cdn1',
      enteredTime: '2026-11-21 12:00:00+00',
      checkInIntervalMinutes: 15,
      tiers: [{ ...tier, unavailable }],
      complete,
    });
  expect(line(['mid1'], true)).toBe('MID 1/2 applied (1 unavailable: mid1)  - complete');
  expect(line([], false)).toBe('MID 1/2 applied');
});
