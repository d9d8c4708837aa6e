import { describe, expect, it } from 'vitest';
import { nextRegexRevalidateChange, renderRegexRevalidate } from '../../../daemon/services/jobs/regex-revalidate.js';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const now = Date.parse('2026-11-21T12:00:00Z');
const job = (assetUrl: string, startTime: number, ttlHours: number) => ({ assetUrl, startTime, ttlHours });
const body = (jobs: ReturnType<typeof job>[], at: number) =>
  renderRegexRevalidate(jobs, at, 90, 'cdn1', 'x').text.split('\n').slice(1);

describe('nextRegexRevalidateChange', () => {
  it('is null when no job is rendered', () => {
    expect(nextRegexRevalidateChange([], now, 90)).toBeNull();
    expect(nextRegexRevalidateChange([job('http://a/x', now - 2 * HOUR, 1)], now, 90)).toBeNull();
  });

  it('is the earliest end among the rendered jobs, with the TTL clamped as the file clamps it', () => {
    const jobs = [job('http://a/1', now - HOUR, 5), job('http://a/2', now, 0), job('http://a/3', now - DAY, 10_000)];
    expect(nextRegexRevalidateChange(jobs, now, 90)).toBe(now + HOUR);
    expect(nextRegexRevalidateChange([job('http://a/3', now - 10 * DAY, 10_000)], now, 11)).toBe(now + DAY);
  });

  it('ignores jobs outside the maxRevalDurationDays window', () => {
    const jobs = [job('http://a/old', now - 91 * DAY, 1), job('http://a/new', now, 3)];
    expect(nextRegexRevalidateChange(jobs, now, 90)).toBe(now + 3 * HOUR);
  });

  it('leaves the rendered lines unchanged until the moment it names, and changes them then', () => {
    const jobs = [
      job('http://a/1', now - HOUR, 2),
      job('http://a/1', now, 30),
      job('http://a/2', now - 3 * HOUR, 4),
      job('http://a/3', now, 48),
    ];
    const change = nextRegexRevalidateChange(jobs, now, 90)!;
    expect(body(jobs, change - 1)).toEqual(body(jobs, now));
    expect(body(jobs, change)).not.toEqual(body(jobs, now));
  });
});
