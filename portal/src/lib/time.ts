// Times as the API writes them: `YYYY-MM-DD hh:mm:ss`, UTC.

const pad = (n: number) => String(n).padStart(2, '0');

/** Epoch milliseconds as `YYYY-MM-DD hh:mm:ss` (UTC). */
export function formatApiTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** `YYYY-MM-DD hh:mm:ss` (UTC, an optional `+00` suffix) as epoch milliseconds, or null when malformed. */
export function parseApiTime(text: string): number | null {
  const m = /^(\d{4})-(\d\d)-(\d\d)[ T](\d\d):(\d\d):(\d\d)(?:\+00)?$/.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number);
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  const d = new Date(ms);
  return d.getUTCMonth() === month - 1 && d.getUTCDate() === day && hour < 24 && minute < 60 && second < 60 ? ms : null;
}

/** The hours of a job's `TTL:<hours>h` parameters, or null. */
export function ttlHours(parameters: string): number | null {
  const m = /^TTL:(\d+)h$/.exec(parameters.trim());
  return m ? Number(m[1]) : null;
}

/** A duration for people: `2 d 4 h`, `5 h 30 min`, `12 min`, `under a minute`. */
export function formatDuration(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'under a minute';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return rest > 0 ? `${hours} h ${rest} min` : `${hours} h`;
  return `${rest} min`;
}

export type JobTime =
  | { state: 'scheduled'; text: string }
  | { state: 'active'; text: string }
  | { state: 'expired'; text: string }
  | { state: 'unknown'; text: string };

/** How long a purge rule still revalidates: from its start time for its TTL. */
export function jobTimeLeft(job: { startTime: string; parameters: string }, now: number): JobTime {
  const start = parseApiTime(job.startTime);
  const hours = ttlHours(job.parameters);
  if (start === null || hours === null) return { state: 'unknown', text: 'unknown' };
  const end = start + hours * 3_600_000;
  if (now < start) return { state: 'scheduled', text: `starts in ${formatDuration(start - now)}` };
  if (now < end) return { state: 'active', text: `${formatDuration(end - now)} left` };
  return { state: 'expired', text: 'expired' };
}
