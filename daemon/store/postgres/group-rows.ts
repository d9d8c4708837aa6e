/** Rows of a link query grouped by owner id, each group in the query's order (one query instead of one per owner). */
export function byOwner<R extends { owner: number }>(rows: readonly R[]): Map<number, Array<Omit<R, 'owner'>>> {
  const groups = new Map<number, Array<Omit<R, 'owner'>>>();
  for (const { owner, ...rest } of rows) {
    const group = groups.get(owner);
    if (group) group.push(rest);
    else groups.set(owner, [rest]);
  }
  return groups;
}
