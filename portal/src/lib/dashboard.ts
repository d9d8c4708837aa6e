import type { Origin } from '../api/types';
import { jobEnd, type PortalJob } from './jobs';
import { parseApiTime } from './time';

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` (UTC) of epoch ms. */
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** When a purge was asked for: its start time, or when it was entered where the shape has no start time. */
function jobTime(job: PortalJob): number | null {
  return parseApiTime(job.startTime ?? job.enteredTime ?? '');
}

/** One bar of the purges-per-day chart: the day, the total, and a count per delivery service named in `series`. */
export type DayBar = { day: string; label: string; total: number } & Record<string, number | string>;

export const OTHER_SERIES = 'other';

/**
 * Purges per UTC day over the last `days` days (today included), each day split by delivery service: the
 * `top` busiest delivery services of the period get their own series, the rest add up in `other`.
 */
export function purgesPerDay(jobs: PortalJob[], now: number, days = 30, top = 5): { bars: DayBar[]; series: string[] } {
  const first = Date.parse(`${dayOf(now - (days - 1) * DAY_MS)}T00:00:00Z`);
  const end = first + days * DAY_MS;
  const inWindow = jobs.filter((j) => {
    const at = jobTime(j);
    return at !== null && at >= first && at < end;
  });
  const perDs = purgesPerDs(inWindow);
  const named = perDs.slice(0, top).map((d) => d.ds);
  const series = perDs.length > top ? [...named, OTHER_SERIES] : named;
  const bars: DayBar[] = [];
  const byDay = new Map<string, DayBar>();
  for (let i = 0; i < days; i++) {
    const day = dayOf(first + i * DAY_MS);
    const bar = { day, label: day.slice(5), total: 0 } as DayBar;
    for (const s of series) bar[s] = 0;
    bars.push(bar);
    byDay.set(day, bar);
  }
  for (const job of inWindow) {
    const bar = byDay.get(dayOf(jobTime(job) ?? 0));
    if (!bar) continue;
    const key = named.includes(job.dsXmlId) ? job.dsXmlId : OTHER_SERIES;
    bar[key] = (bar[key] as number) + 1;
    bar.total += 1;
  }
  return { bars, series };
}

/** Jobs per delivery service, busiest first (ties by name). */
export function purgesPerDs(jobs: PortalJob[]): Array<{ ds: string; count: number }> {
  const counts = new Map<string, number>();
  for (const j of jobs) counts.set(j.dsXmlId, (counts.get(j.dsXmlId) ?? 0) + 1);
  return [...counts]
    .map(([ds, count]) => ({ ds, count }))
    .sort((a, b) => b.count - a.count || a.ds.localeCompare(b.ds));
}

/** Jobs of the last `days` days, for the per-delivery-service totals. */
export function recentJobs(jobs: PortalJob[], now: number, days = 30): PortalJob[] {
  const first = Date.parse(`${dayOf(now - (days - 1) * DAY_MS)}T00:00:00Z`);
  return jobs.filter((j) => {
    const at = jobTime(j);
    return at !== null && at >= first && at <= now;
  });
}

/** Active jobs (started, not yet ended) that end within `withinMs`, soonest first. */
export function expiringSoon(
  jobs: PortalJob[],
  now: number,
  withinMs = DAY_MS,
  limit = 8,
): Array<{ job: PortalJob; end: number }> {
  const out: Array<{ job: PortalJob; end: number }> = [];
  for (const job of jobs) {
    const start = job.startTime === null ? null : parseApiTime(job.startTime);
    const end = jobEnd(job);
    if (start === null || end === null || start > now || end <= now || end - now > withinMs) continue;
    out.push({ job, end });
  }
  return out.sort((a, b) => a.end - b.end).slice(0, limit);
}

/** How many jobs are active at `now`. */
export function activeCount(jobs: PortalJob[], now: number): number {
  return jobs.filter((j) => {
    const start = j.startTime === null ? null : parseApiTime(j.startTime);
    const end = jobEnd(j);
    return start !== null && end !== null && start <= now && now < end;
  }).length;
}

/** Origins per tenant, most first; origins without a tenant count under `(none)`. */
export function originsPerTenant(origins: Origin[]): Array<{ tenant: string; count: number }> {
  const counts = new Map<string, number>();
  for (const o of origins) counts.set(o.tenant ?? '(none)', (counts.get(o.tenant ?? '(none)') ?? 0) + 1);
  return [...counts]
    .map(([tenant, count]) => ({ tenant, count }))
    .sort((a, b) => b.count - a.count || a.tenant.localeCompare(b.tenant));
}
