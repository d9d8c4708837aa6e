// Times as the API writes them (`YYYY-MM-DD hh:mm:ss`, UTC) and what is left of a job: the CLI's and the daemon's
// own rules (src/time.ts, src/rules/job-time.ts), so the terminal and the page read and say the same ("2d 3h").
import { parseTimestamp } from '../../../shared/time.js';
import { jobExpiry, timeLeft } from '../../../shared/rules/job-time.js';

export { formatTimestamp as formatApiTime, parseTimestamp as parseApiTime } from '../../../shared/time.js';
export { jobTtlHours as ttlHours, timeLeft } from '../../../shared/rules/job-time.js';

export type JobTime =
  | { state: 'scheduled'; text: string }
  | { state: 'active'; text: string }
  | { state: 'expired'; text: string }
  | { state: 'unknown'; text: string };

/** How long a purge rule still revalidates: from its start time for its TTL. */
export function jobTimeLeft(job: { startTime: string; parameters: string }, now: number): JobTime {
  const start = parseTimestamp(job.startTime);
  const end = jobExpiry(job);
  if (start === null || end === null) return { state: 'unknown', text: 'unknown' };
  if (now < start) return { state: 'scheduled', text: `starts in ${timeLeft(start, now)}` };
  if (now < end) return { state: 'active', text: `${timeLeft(end, now)} left` };
  return { state: 'expired', text: 'expired' };
}
