import type { CacheJudgement, PeerView } from './types.js';

/**
 * The optimistic merge of the monitors' views (the seed's rule): a cache is unavailable only when this monitor
 * and every peer that answered and knows the cache agree that it is; one monitor that sees it keeps it available.
 * Peers that did not answer take no part. Pure.
 */
export function mergeViews(local: readonly CacheJudgement[], peers: readonly PeerView[]): Record<string, boolean> {
  const merged: Record<string, boolean> = {};
  for (const judgement of local) {
    merged[judgement.hostName] =
      judgement.isAvailable || peers.some((p) => p.caches !== null && p.caches[judgement.hostName] === true);
  }
  return merged;
}

/** The local view as Traffic Monitor's CrStates `caches` map. */
export function localStates(local: readonly CacheJudgement[]): Record<string, boolean> {
  return Object.fromEntries(local.map((j) => [j.hostName, j.isAvailable]));
}

/**
 * The merged view without the caches it cannot decide yet: a cache merged unavailable while a peer that answered
 * has not judged it (it started a moment ago) is left out of the report, so that a monitor starting beside its
 * peers does not publish its lone vote. Available is always decided: one monitor that sees the cache is enough.
 */
export function decided(merged: Record<string, boolean>, peers: readonly PeerView[]): Record<string, boolean> {
  const answering = peers.filter((p) => p.caches !== null);
  return Object.fromEntries(
    Object.entries(merged).filter(([host, up]) => up || answering.every((p) => p.caches![host] !== undefined)),
  );
}
