import { parseTimestamp } from '../time.js';

/** "2d 3h", "5h 12m", "4m 10s" or "expired": how long until `until` from `now` (epoch ms). */
export function timeLeft(until: number, now: number): string {
  const ms = until - now;
  if (ms <= 0) return 'expired';
  const seconds = Math.floor(ms / 1000);
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  if (minutes > 0) return `${minutes}m ${seconds % 60}s`;
  return `${seconds}s`;
}

/** The ttl in hours of a job's `TTL:<hours>h` parameters; null when they say something else. */
export function jobTtlHours(parameters: string): number | null {
  const m = /^TTL:(\d+)h$/.exec(parameters.trim());
  return m ? Number(m[1]) : null;
}

/** When a job stops applying (epoch ms): its start plus its ttl; null when either cannot be read. */
export function jobExpiry(job: { startTime: string; parameters: string }): number | null {
  const start = parseTimestamp(job.startTime);
  const ttl = jobTtlHours(job.parameters);
  return start === null || ttl === null ? null : start + ttl * 3600_000;
}

/** Where a job stands: not started yet, applying, or past its TTL (null when its times cannot be read). */
export type JobState = 'SCHEDULED' | 'ACTIVE' | 'EXPIRED';

/** The state of a job at `now` (epoch ms), from its start and its `TTL:<hours>h` parameters. */
export function jobState(job: { startTime: string; parameters: string }, now: number): JobState | null {
  const start = parseTimestamp(job.startTime);
  const end = jobExpiry(job);
  if (start === null || end === null) return null;
  if (now < start) return 'SCHEDULED';
  return now < end ? 'ACTIVE' : 'EXPIRED';
}
