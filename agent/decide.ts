import type { PassKind, UpdateStatus, WaitForParents } from './types.js';

/** What a pass does after check-in; a skip because parents are pending says so (`parents`). */
export type Decision =
  { action: 'skip'; reason: string; parents?: true } | { action: 'apply'; files: 'all' | 'revalidate'; reason: string };

/**
 * The agent's default --wait-for-parents (issue 32): always, as Traffic Control's ORT did. t3c's default, "reval",
 * let an EDGE apply an origin change before its MID had, and clients got 404 until the MID caught up.
 */
export const DEFAULT_WAIT_FOR_PARENTS: WaitForParents = 'true';

/**
 * How long an agent holds a pending update or revalidation back for parents that have not applied theirs, after which
 * it applies anyway (--parent-wait-max): a parent whose agent is dead must not freeze its children's configuration
 * for ever. 30 minutes: with the default timers (syncds every 15 min + up to 5 min) a healthy MID applies within
 * 20 min of any moment an EDGE first holds back, with room for a failed pass retried; a parent taken out of service
 * (OFFLINE, PRE_PROD) stops counting at once on the server's side.
 */
export const DEFAULT_PARENT_WAIT_MAX_MS = 30 * 60_000;

/** How long this pass's kind has been held back for parents, and the most it may be. */
export interface ParentHold {
  heldMs: number;
  maxMs: number;
}

const NO_HOLD: ParentHold = { heldMs: 0, maxMs: Number.POSITIVE_INFINITY };

/** Whether pending parents hold a syncds pass back: "true" always, "reval" only when rapid revalidate is off. */
export function waitsForParents(wait: WaitForParents, status: UpdateStatus): boolean {
  return wait === 'true' || (wait === 'reval' && !status.use_reval_pending);
}

/** The pending parents a syncds pass waits for: their updates, and their purges when purges come as updates. */
const syncdsParentsPending = (s: UpdateStatus) => s.parent_pending || (!s.use_reval_pending && s.parent_reval_pending);

/** Skips while the parents are pending, unless the hold has lasted its maximum: then applies with `apply`. */
function holdOrApply(hold: ParentHold, what: string, flag: string, apply: Decision): Decision {
  if (hold.heldMs >= hold.maxMs) {
    const s = Math.round(hold.heldMs / 1000);
    return {
      ...apply,
      reason: `${apply.reason}; a parent has still not applied its own after ${s} s: applying anyway`,
    };
  }
  const reason = `${what}, but a parent has not applied its own yet (${flag}); waiting`;
  return { action: 'skip', reason, parents: true };
}

function decideSyncds(status: UpdateStatus, wait: WaitForParents, hold: ParentHold): Decision {
  if (!status.upd_pending) return { action: 'skip', reason: 'no update pending (upd_pending=false)' };
  const apply: Decision = { action: 'apply', files: 'all', reason: 'update pending (upd_pending=true)' };
  if (waitsForParents(wait, status) && syncdsParentsPending(status))
    return holdOrApply(hold, 'update pending', 'parent_pending', apply);
  return apply;
}

function decideRevalidate(status: UpdateStatus, wait: WaitForParents, hold: ParentHold): Decision {
  if (!status.use_reval_pending)
    return { action: 'skip', reason: 'rapid revalidate is off (use_reval_pending=false): purges come as updates' };
  if (!status.reval_pending) return { action: 'skip', reason: 'no revalidation pending (reval_pending=false)' };
  const apply: Decision = { action: 'apply', files: 'revalidate', reason: 'revalidation pending (reval_pending=true)' };
  if (wait !== 'false' && status.parent_reval_pending)
    return holdOrApply(hold, 'revalidation pending', 'parent_reval_pending', apply);
  return apply;
}

/**
 * What a pass does with the server's update status (Traffic Ops' ORT/t3c rules): a syncds pass applies every
 * file when an update is queued and no parent is still pending; a revalidate pass applies regex_revalidate.config
 * when a revalidation is pending, rapid revalidate is on and the parents have applied theirs. `force` (ORT's
 * "badass" mode) makes a syncds pass apply whatever is pending. An unknown host (an empty answer) is never applied.
 * A pass held back for parents longer than `hold.maxMs` applies anyway.
 */
export function decide(
  kind: PassKind,
  statuses: readonly UpdateStatus[],
  host: string,
  wait: WaitForParents,
  force = false,
  hold: ParentHold = NO_HOLD,
): Decision {
  const status = statuses.find((s) => s.host_name === host) ?? statuses[0];
  if (!status) return { action: 'skip', reason: `the server does not know host ${host} (update_status is empty)` };
  if (force && kind === 'syncds')
    return { action: 'apply', files: 'all', reason: 'forced (--force): every file, whatever is pending' };
  return kind === 'syncds' ? decideSyncds(status, wait, hold) : decideRevalidate(status, wait, hold);
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
