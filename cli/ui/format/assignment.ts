/** The requests that turn a federation's assigned users into a chosen set. */
export type AssignmentPlan =
  { kind: 'none' } | { kind: 'assign'; userIds: number[]; replace: boolean } | { kind: 'remove'; userIds: number[] };

/**
 * Plans the fewest requests from `assigned` to `chosen`: only additions → assign them; anything removed while
 * some stay → one `replace` assignment of the whole choice (one transaction on the server); all removed →
 * remove each, since an assignment needs at least one user.
 */
export function planAssignment(assigned: number[], chosen: number[]): AssignmentPlan {
  const before = new Set(assigned);
  const after = new Set(chosen);
  const added = chosen.filter((id) => !before.has(id));
  const removed = assigned.filter((id) => !after.has(id));
  if (added.length === 0 && removed.length === 0) return { kind: 'none' };
  if (removed.length === 0) return { kind: 'assign', userIds: added, replace: false };
  if (chosen.length > 0) return { kind: 'assign', userIds: chosen, replace: true };
  return { kind: 'remove', userIds: removed };
}
