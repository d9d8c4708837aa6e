import { describe, expect, it } from 'vitest';
import {
  CACHE_HEALTHS,
  HEALTH_TEXT,
  cacheHealth,
  checkInAge,
  healthCounts,
  isOverdue,
} from '../../../shared/rules/cache-health.js';

const NOW = Date.parse('2026-11-27T12:00:00Z');
type Fields = { updPending: boolean; revalPending: boolean; lastCheckIn: string | null; isAvailable: boolean | null };
const cache = (fields: Partial<Fields>) => ({
  updPending: false,
  revalPending: false,
  lastCheckIn: '2026-11-27 11:50:00+00',
  ...fields,
});

describe('a cache’s health (issue 33: the dashboard’s counts, the map’s colours)', () => {
  it('is the worst of failing checks, overdue, pending, up to date', () => {
    expect(cacheHealth(cache({}), {}, NOW)).toBe('current');
    expect(cacheHealth(cache({ revalPending: true }), {}, NOW)).toBe('pending');
    expect(cacheHealth(cache({ updPending: true, lastCheckIn: null }), {}, NOW)).toBe('overdue');
    expect(cacheHealth(cache({ lastCheckIn: '2026-11-27 11:29:00+00' }), {}, NOW)).toBe('overdue');
    expect(cacheHealth(cache({}), { HTTP: 0, CKIN: 0 }, NOW)).toBe('failing');
    // Minutes since check-in are not a pass/fail check: 0 minutes is fine.
    expect(cacheHealth(cache({}), { HTTP: 1, CKIN: 0, UPD: 1 }, NOW)).toBe('current');
  });

  it('puts the monitors’ verdict first: a cache they report unavailable is down, whatever else is true', () => {
    expect(cacheHealth(cache({ isAvailable: false }), {}, NOW)).toBe('down');
    expect(cacheHealth(cache({ isAvailable: false, lastCheckIn: null }), { HTTP: 0 }, NOW)).toBe('down');
    expect(cacheHealth(cache({ isAvailable: true }), { HTTP: 0 }, NOW)).toBe('failing');
    expect(cacheHealth(cache({ isAvailable: null, updPending: true }), {}, NOW)).toBe('pending');
    expect(HEALTH_TEXT.down).toBe('down (monitors)');
    expect(CACHE_HEALTHS[0]).toBe('down');
  });

  it('counts overdue after twice the check-in interval', () => {
    expect(isOverdue('2026-11-27 11:31:00+00', NOW)).toBe(false);
    expect(isOverdue('2026-11-27 11:29:00+00', NOW)).toBe(true);
    expect(isOverdue('2026-11-27 11:29:00+00', NOW, 20)).toBe(false);
  });

  it('counts each health and tells a check-in age in words', () => {
    expect(healthCounts(['current', 'pending', 'current'])).toEqual({
      down: 0,
      failing: 0,
      overdue: 0,
      pending: 1,
      current: 2,
    });
    expect(checkInAge(null, NOW)).toBe('never');
    expect(checkInAge('2026-11-27 11:59:40+00', NOW)).toBe('just now');
    expect(checkInAge('2026-11-27 11:48:00+00', NOW)).toBe('12 min ago');
    expect(checkInAge('2026-11-27 07:00:00+00', NOW)).toBe('5 h ago');
    expect(checkInAge('2026-11-20 12:00:00+00', NOW)).toBe('7 d ago');
  });
});
