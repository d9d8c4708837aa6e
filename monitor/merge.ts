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
