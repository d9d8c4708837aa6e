// Times as the API writes them: `YYYY-MM-DD hh:mm:ss`, UTC.
import { jobTtlHours, timeLeft } from '../../../src/rules/job-time.js';

/** Epoch milliseconds as `YYYY-MM-DD hh:mm:ss` (UTC): the API's, the CLI's and the daemon's own formatter. */
export { formatTimestamp as formatApiTime } from '../../../src/time.js';

/** `YYYY-MM-DD hh:mm:ss` (UTC, an optional `+00` suffix) as epoch milliseconds, or null when malformed. */
export function parseApiTime(text: string): number | null {
  const m = /^(\d{4})-(\d\d)-(\d\d)[ T](\d\d):(\d\d):(\d\d)(?:\+00)?$/.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number);
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  const d = new Date(ms);
  return d.getUTCMonth() === month - 1 && d.getUTCDate() === day && hour < 24 && minute < 60 && second < 60 ? ms : null;
}

// The TTL of a job and the time it has left are the CLI's own rules (src/rules/job-time.ts), so the terminal and
// the page say the same "2d 3h".
export { jobTtlHours as ttlHours, timeLeft } from '../../../src/rules/job-time.js';

export type JobTime =
  | { state: 'scheduled'; text: string }
  | { state: 'active'; text: string }
  | { state: 'expired'; text: string }
  | { state: 'unknown'; text: string };

/** How long a purge rule still revalidates: from its start time for its TTL. */
export function jobTimeLeft(job: { startTime: string; parameters: string }, now: number): JobTime {
  const start = parseApiTime(job.startTime);
  const hours = jobTtlHours(job.parameters);
  if (start === null || hours === null) return { state: 'unknown', text: 'unknown' };
  const end = start + hours * 3_600_000;
  if (now < start) return { state: 'scheduled', text: `starts in ${timeLeft(start, now)}` };
  if (now < end) return { state: 'active', text: `${timeLeft(end, now)} left` };
  return { state: 'expired', text: 'expired' };
}
