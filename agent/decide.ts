import type { PassKind, UpdateStatus, WaitForParents } from './types.js';

/** What a pass does after check-in. */
export type Decision =
  { action: 'skip'; reason: string } | { action: 'apply'; files: 'all' | 'revalidate'; reason: string };

/** Whether pending parents hold a syncds pass back: "true" always, "reval" only when rapid revalidate is off. */
export function waitsForParents(wait: WaitForParents, status: UpdateStatus): boolean {
  return wait === 'true' || (wait === 'reval' && !status.use_reval_pending);
}

function decideSyncds(status: UpdateStatus, wait: WaitForParents): Decision {
  if (!status.upd_pending) return { action: 'skip', reason: 'no update pending (upd_pending=false)' };
  if (waitsForParents(wait, status) && (status.parent_pending || status.parent_reval_pending)) {
    return {
      action: 'skip',
      reason: 'update pending, but a parent has not applied its own yet (parent_pending); waiting',
    };
  }
  return { action: 'apply', files: 'all', reason: 'update pending (upd_pending=true)' };
}

function decideRevalidate(status: UpdateStatus, wait: WaitForParents): Decision {
  if (!status.use_reval_pending)
    return { action: 'skip', reason: 'rapid revalidate is off (use_reval_pending=false): purges come as updates' };
  if (!status.reval_pending) return { action: 'skip', reason: 'no revalidation pending (reval_pending=false)' };
  if (wait !== 'false' && status.parent_reval_pending) {
    return {
      action: 'skip',
      reason: 'revalidation pending, but a parent has not applied its own yet (parent_reval_pending); waiting',
    };
  }
  return { action: 'apply', files: 'revalidate', reason: 'revalidation pending (reval_pending=true)' };
}

/**
 * What a pass does with the server's update status (Traffic Ops' ORT/t3c rules): a syncds pass applies every
 * file when an update is queued and no parent is still pending; a revalidate pass applies regex_revalidate.config
 * when a revalidation is pending, rapid revalidate is on and the parents have applied theirs. `force` (ORT's
 * "badass" mode) makes a syncds pass apply whatever is pending. An unknown host (an empty answer) is never applied.
 */
export function decide(
  kind: PassKind,
  statuses: readonly UpdateStatus[],
  host: string,
  wait: WaitForParents,
  force = false,
): Decision {
  const status = statuses.find((s) => s.host_name === host) ?? statuses[0];
  if (!status) return { action: 'skip', reason: `the server does not know host ${host} (update_status is empty)` };
  if (force && kind === 'syncds')
    return { action: 'apply', files: 'all', reason: 'forced (--force): every file, whatever is pending' };
  return kind === 'syncds' ? decideSyncds(status, wait) : decideRevalidate(status, wait);
}

/**
 * The flags to report after a pass applied (`POST /update/:hostname` form fields): a syncds pass clears
 * upd_pending and sends reval_pending back as it was; a revalidate pass clears reval_pending and leaves upd_pending.
 */
export function reportFor(kind: PassKind, status: UpdateStatus): { updated: boolean; reval_updated: boolean } {
  return kind === 'syncds'
    ? { updated: false, reval_updated: status.reval_pending }
    : { updated: status.upd_pending, reval_updated: false };
}

/** The delay before retry `attempt` (0-based) after a transient failure: doubling from 1 s, at most `max`. */
export function backoffMs(attempt: number, maxMs: number): number {
  return Math.min(1000 * 2 ** Math.min(attempt, 20), Math.max(maxMs, 1000));
}

/** A random delay in [0, dispersionMs) before a syncds pass, so caches do not all ask at once. */
export function dispersionDelay(dispersionMs: number, random: () => number = Math.random): number {
  return dispersionMs <= 0 ? 0 : Math.floor(random() * dispersionMs);
}
