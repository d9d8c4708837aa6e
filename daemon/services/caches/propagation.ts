import type { PropagationRecord, PropagationTier } from '../../../shared/contract/servers.js';
import { formatTimestampTz } from '../../../shared/time.js';
import type { Server } from '../../store/servers.js';
import type { JobTarget } from '../../store/propagation.js';

/** The tiers in the order a revalidation reaches them. */
export const TIERS = ['MID', 'EDGE'] as const;

/** The tier of a cache, or null for a server a job does not reach (not a cache, OFFLINE, PRE_PROD). */
export function tierOf(server: Pick<Server, 'type' | 'status'>): (typeof TIERS)[number] | null {
  if (server.status === 'OFFLINE' || server.status === 'PRE_PROD') return null;
  if (server.type.startsWith('MID')) return 'MID';
  if (server.type.startsWith('EDGE')) return 'EDGE';
  return null;
}

/**
 * How far a job has reached (BEHAVIOR.md "Caches"): per tier, the caches of the job's CDN it reaches; a cache
 * has applied it once it reported a revalidation pass (reval_updated=false) that started after the job was entered
 * (a pass reported in the job's own millisecond may have read before it) (issue 33: per job and monotonic, whatever later jobs do to reval_pending);
 * a pending cache is overdue when it has not checked in for twice the check-in interval; a cache the health
 * monitors report unavailable is listed as unavailable, not pending (issue 35). For a cancelled job, `applied`
 * counts the caches that dropped its rule: a pass that started after the cancel (issue 33). Pure.
 */
export function propagation(
  job: JobTarget,
  servers: Server[],
  now: number,
  intervalMinutes: number,
): PropagationRecord {
  const overdueAfter = 2 * intervalMinutes * 60_000;
  // A cancelled job's removal is the same kind of event, measured from the cancel (issue 33).
  const since = job.cancelledTime ?? job.enteredTime;
  const tiers: PropagationTier[] = TIERS.map((tier) => {
    const caches = servers.filter((s) => s.cdnId === job.cdnId && tierOf(s) === tier);
    // Per job: a later job raising reval_pending again does not take back what this one reached.
    const waiting = caches.filter((s) => s.revalAppliedAt === null || s.revalAppliedAt <= since);
    // A cache the health monitors report down is not waited for (issue 35): shown as unavailable, not pending.
    const unavailable = waiting.filter((s) => s.available === false);
    const pending = waiting.filter((s) => s.available !== false);
    const overdue = pending.filter((s) => s.lastCheckIn === null || now - s.lastCheckIn > overdueAfter);
    return {
      tier,
      total: caches.length,
      applied: caches.length - waiting.length,
      pending: pending.length,
      pendingHosts: pending.map((s) => s.hostName),
      overdue: overdue.map((s) => s.hostName),
      unavailable: unavailable.map((s) => s.hostName),
    };
  });
  return {
    jobId: job.jobId,
    deliveryService: job.dsXmlId,
    cdnName: job.cdnName,
    enteredTime: formatTimestampTz(job.enteredTime),
    ...(job.cancelledTime === undefined ? {} : { cancelledTime: formatTimestampTz(job.cancelledTime) }),
    checkInIntervalMinutes: intervalMinutes,
    tiers,
    complete: tiers.every((t) => t.pending === 0),
  };
}
