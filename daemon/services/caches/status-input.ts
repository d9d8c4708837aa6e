import { textProblem } from '../../../shared/rules/names.js';
import { NEEDS_REASON, SERVER_STATUSES, type ServerStatus } from '../../../shared/rules/servers.js';

/** A checked PUT servers/:id/status body. */
export interface StatusChange {
  status: ServerStatus;
  /** The reason as sent; only kept for ADMIN_DOWN and OFFLINE. */
  offlineReason: string | null;
}

export type StatusResult = { ok: true; change: StatusChange } | { ok: false; error: string };

export { NEEDS_REASON } from '../../../shared/rules/servers.js';

/**
 * Checks a status body in Traffic Ops' order: `status` required (a name; cdnctl has no status ids, so a number
 * names no status), known, and a reason for ADMIN_DOWN / OFFLINE (ignored otherwise).
 */
export function readStatusChange(body: unknown): StatusResult {
  const raw =
    typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const status = raw.status;
  if (status === undefined || status === null || status === '') return { ok: false, error: 'status is required' };
  if (typeof status !== 'string' || !(SERVER_STATUSES as readonly string[]).includes(status)) {
    return { ok: false, error: 'invalid status (does not exist)' };
  }
  const reason =
    typeof raw.offlineReason === 'string' && raw.offlineReason.trim() !== '' ? raw.offlineReason.trim() : null;
  if (NEEDS_REASON.has(status) && reason === null)
    return { ok: false, error: 'offlineReason is required for ADMIN_DOWN or OFFLINE status' };
  const problem = reason === null ? null : textProblem('offlineReason', reason);
  if (problem) return { ok: false, error: problem };
  return {
    ok: true,
    change: { status: status as ServerStatus, offlineReason: NEEDS_REASON.has(status) ? reason : null },
  };
}

/** The stored reason: the user name first, as Traffic Ops stored it. */
export const storedReason = (username: string, reason: string | null) =>
  reason === null ? null : `${username}: ${reason}`;

/** `Updated status [ <S> ] for <fqdn> [ <user>: <reason> ]`, and the child-cache note for EDGE/MID servers. */
export function statusChangedText(
  status: string,
  fqdn: string,
  reason: string | null,
  queuedChildren: boolean,
): string {
  const why = reason === null ? '' : ` [ ${reason} ]`;
  return `Updated status [ ${status} ] for ${fqdn}${why}${queuedChildren ? ' and queued updates on all child caches' : ''}`;
}

/** `queue` → true, `dequeue` → false, anything else → null (400 `action must be 'queue' or 'dequeue'`). */
export function readQueueAction(body: unknown): boolean | null {
  const action = typeof body === 'object' && body !== null ? (body as { action?: unknown }).action : undefined;
  return action === 'queue' ? true : action === 'dequeue' ? false : null;
}

export const isCacheType = (type: string) => type.startsWith('EDGE') || type.startsWith('MID');
