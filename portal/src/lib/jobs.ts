import { jobTimeLeft, parseApiTime, ttlHours, type JobTime } from './time';

/**
 * A purge job as the portal shows it, whichever shape the API answered: the seed's (`dsXmlId`, `username`,
 * `startTime`, `status`; user/current/jobs and GET jobs at 1.1–1.3), Traffic Ops' GET jobs (`deliveryService`,
 * `createdBy`) or its user/current/jobs (`deliveryService`, `username`, no `startTime`).
 */
export interface PortalJob {
  id: string;
  keyword: string;
  dsXmlId: string;
  username: string;
  assetUrl: string;
  parameters: string;
  startTime: string | null;
  enteredTime: string | null;
  status: string | null;
}

const str = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

export function normalizeJob(raw: Record<string, unknown>): PortalJob {
  return {
    id: str(raw.id) ?? '',
    keyword: str(raw.keyword) ?? 'PURGE',
    dsXmlId: str(raw.dsXmlId) ?? str(raw.deliveryService) ?? '',
    username: str(raw.username) ?? str(raw.createdBy) ?? '',
    assetUrl: str(raw.assetUrl) ?? '',
    parameters: str(raw.parameters) ?? '',
    startTime: str(raw.startTime),
    enteredTime: str(raw.enteredTime),
    status: str(raw.status),
  };
}

/** Epoch ms when a job stops revalidating (start + TTL), or null when either is unknown. */
export function jobEnd(job: PortalJob): number | null {
  const start = job.startTime === null ? null : parseApiTime(job.startTime);
  const hours = ttlHours(job.parameters);
  return start === null || hours === null ? null : start + hours * 3_600_000;
}

/** Where a job stands at `now`: scheduled, active (with the time left), expired, or unknown. */
export function jobState(job: PortalJob, now: number): JobTime {
  if (job.startTime === null) return { state: 'unknown', text: 'unknown' };
  return jobTimeLeft({ startTime: job.startTime, parameters: job.parameters }, now);
}

/** Newest first by start time (entered time when there is none), then by id. */
export function newestFirst(jobs: PortalJob[]): PortalJob[] {
  const at = (j: PortalJob) => parseApiTime(j.startTime ?? j.enteredTime ?? '') ?? 0;
  return [...jobs].sort((a, b) => at(b) - at(a) || Number(b.id) - Number(a.id));
}
