import type { CachegroupRecord, ServerRecord } from '../../../shared/contract/servers.js';

/** A cache group's tier, from its type: MID_LOC groups are parents of EDGE_LOC groups; ORG_LOC holds origins. */
export type Tier = 'MID' | 'EDGE' | 'ORIGIN' | 'OTHER';

export type TreeGroup = Pick<
  CachegroupRecord,
  | 'id'
  | 'name'
  | 'shortName'
  | 'typeName'
  | 'parentCachegroupId'
  | 'parentCachegroupName'
  | 'secondaryParentCachegroupId'
  | 'secondaryParentCachegroupName'
  | 'fallbacks'
  | 'fallbackToClosest'
  | 'localizationMethods'
>;

export type TreeServer = Pick<
  ServerRecord,
  'id' | 'hostName' | 'cachegroupId' | 'status' | 'type' | 'updPending' | 'revalPending'
>;

export interface ServerLeaf {
  server: TreeServer;
  /** No update and no revalidation waits for the cache. */
  upToDate: boolean;
}

export interface GroupNode {
  group: TreeGroup;
  tier: Tier;
  servers: ServerLeaf[];
  /** The groups whose (primary) parent this one is. */
  children: GroupNode[];
  /** A group whose parents loop back to it is drawn once, at the top, marked. */
  inLoop: boolean;
}

export function tierOf(typeName: string): Tier {
  if (typeName.startsWith('MID')) return 'MID';
  if (typeName.startsWith('EDGE')) return 'EDGE';
  if (typeName.startsWith('ORG')) return 'ORIGIN';
  return 'OTHER';
}

const TIER_ORDER: Record<Tier, number> = { ORIGIN: 0, MID: 1, EDGE: 2, OTHER: 3 };

function byTierThenName(a: TreeGroup, b: TreeGroup): number {
  return TIER_ORDER[tierOf(a.typeName)] - TIER_ORDER[tierOf(b.typeName)] || a.name.localeCompare(b.name);
}

/** Whether following primary parents from `group` comes back to it. */
function loops(group: TreeGroup, byId: Map<number, TreeGroup>): boolean {
  const seen = new Set<number>();
  let at: TreeGroup | undefined = group;
  while (at && at.parentCachegroupId !== null) {
    if (at.parentCachegroupId === group.id) return true;
    if (seen.has(at.id)) return false;
    seen.add(at.id);
    at = byId.get(at.parentCachegroupId);
  }
  return false;
}

/**
 * The cache groups as a forest by primary parent: a group whose parent is unknown (or not visible) is a root,
 * and so is each group on a parent loop (the API refuses loops; a snapshot of old data may hold one), so every
 * group is drawn exactly once. Siblings go ORIGIN, MID, EDGE, other, then by name; each group carries its servers
 * by host name and whether each is up to date (no update or revalidation pending).
 */
export function buildCachegroupTree(groups: readonly TreeGroup[], servers: readonly TreeServer[]): GroupNode[] {
  const byId = new Map(groups.map((g) => [g.id, g]));
  const serversOf = new Map<number, ServerLeaf[]>();
  for (const server of [...servers].sort((a, b) => a.hostName.localeCompare(b.hostName))) {
    const list = serversOf.get(server.cachegroupId) ?? [];
    list.push({ server, upToDate: !server.updPending && !server.revalPending });
    serversOf.set(server.cachegroupId, list);
  }
  const childrenOf = new Map<number, TreeGroup[]>();
  const roots: TreeGroup[] = [];
  const looping = new Set(groups.filter((g) => loops(g, byId)).map((g) => g.id));
  for (const group of groups) {
    const parent = group.parentCachegroupId;
    if (parent === null || !byId.has(parent) || looping.has(group.id)) roots.push(group);
    else childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), group]);
  }
  const node = (group: TreeGroup): GroupNode => ({
    group,
    tier: tierOf(group.typeName),
    servers: serversOf.get(group.id) ?? [],
    children: (childrenOf.get(group.id) ?? []).sort(byTierThenName).map(node),
    inLoop: looping.has(group.id),
  });
  return roots.sort(byTierThenName).map(node);
}
