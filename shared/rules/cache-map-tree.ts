// The live CDN map as a tree (issue 33): cache groups under their parents, MID tiers above EDGE ones, each with
// its caches; the portal's map page and the Ink `caches` screen draw the same tree.
import type { CacheMap, MapCache, MapCachegroup, MapJob } from '../contract/cache-map.js';

export interface MapNode {
  group: MapCachegroup;
  caches: MapCache[];
  children: MapNode[];
}

const TIER_ORDER = (tier: string) => (tier === 'MID' ? 0 : tier === 'EDGE' ? 1 : 2);
const byTierThenName = (a: MapNode, b: MapNode) =>
  TIER_ORDER(a.group.tier) - TIER_ORDER(b.group.tier) || a.group.name.localeCompare(b.group.name);

/** The map's cache groups as a forest: roots are the groups without a parent on the map; MID before EDGE. */
export function mapTree(map: CacheMap): MapNode[] {
  const nodes = new Map<number, MapNode>(
    map.cachegroups.map((group) => [
      group.id,
      { group, caches: map.caches.filter((c) => c.cachegroupId === group.id), children: [] },
    ]),
  );
  const roots: MapNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.group.parentCachegroupId === null ? undefined : nodes.get(node.group.parentCachegroupId);
    // A parent loop cannot be stored, but a group never nests under itself here either.
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  for (const node of nodes.values()) node.children.sort(byTierThenName);
  return roots.sort(byTierThenName);
}

/** The tree in drawing order with each node's depth (for flat renderers such as a terminal). */
export function flattenTree(roots: MapNode[], depth = 0): Array<{ node: MapNode; depth: number }> {
  return roots.flatMap((node) => [{ node, depth }, ...flattenTree(node.children, depth + 1)]);
}

/** A purge's progress in words: `MID 1/2 → EDGE 0/3`, or `applied by every cache`. */
export function jobProgressText(job: MapJob): string {
  if (job.complete) return 'applied by every cache';
  return job.tiers.map((t) => `${t.tier} ${t.applied}/${t.total}`).join(' → ');
}

/** The tier a running purge is at: the first tier not yet complete (MID before EDGE), or null when done. */
export function activeTier(job: MapJob): string | null {
  return job.tiers.find((t) => t.applied < t.total)?.tier ?? null;
}
