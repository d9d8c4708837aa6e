import type { PropagationRecord, PropagationTier } from '../../shared/contract/servers.js';

/** `MID 1/2 applied` (or `dropped`, for a cancelled job's removal) with what is pending, overdue and unavailable. */
function tierText(t: PropagationTier, done = 'applied'): string {
  const extra = [
    t.pending > 0 ? `${t.pending} pending` : '',
    t.overdue.length > 0 ? `${t.overdue.length} overdue: ${t.overdue.join(', ')}` : '',
    // issue 35: caches the health monitors report down are not waited for (absent from older servers' answers).
    (t.unavailable?.length ?? 0) > 0 ? `${t.unavailable.length} unavailable: ${t.unavailable.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  return `${t.tier} ${t.applied}/${t.total} ${done}${extra ? ` (${extra})` : ''}`;
}

/** What a cache that caught up did: applied the job, or, once it was cancelled, dropped its rule (issue 33). */
const doneWord = (p: PropagationRecord): string => (p.cancelledTime === undefined ? 'applied' : 'dropped');

/** The closing line of the terminal view. */
function summary(p: PropagationRecord): string {
  if (p.cancelledTime !== undefined) {
    return p.complete
      ? `job ${p.jobId} (cancelled): every cache has dropped its rule`
      : `job ${p.jobId} on ${p.deliveryService} (cancelled): waiting for caches to drop its rule`;
  }
  return p.complete
    ? `job ${p.jobId}: every cache has applied it`
    : `job ${p.jobId} on ${p.deliveryService}: waiting for caches to check in`;
}

/** One line per state, for output that is no terminal: it changes only when a count or an overdue cache does. */
export function propagationLine(p: PropagationRecord): string {
  const tiers = p.tiers.map((t) => tierText(t, doneWord(p))).join('  ');
  return p.complete ? `${tiers}  - complete` : tiers;
}

/** A progress bar of `width` cells. */
export function bar(done: number, total: number, width = 24): string {
  const filled = total === 0 ? width : Math.round((done / total) * width);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]`;
}

/** The terminal view: one line per tier, MID first, with a bar, the counts and the overdue caches. */
export function propagationBars(p: PropagationRecord): string[] {
  const lines = p.tiers.map(
    (t) => `${t.tier.padEnd(4)} ${bar(t.applied, t.total)} ${tierText(t, doneWord(p)).slice(t.tier.length + 1)}`,
  );
  lines.push(summary(p));
  return lines;
}
