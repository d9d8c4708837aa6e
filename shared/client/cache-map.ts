import type { CacheMap } from '../contract/cache-map.js';
import { followEvents } from './events.js';
import type { HttpClient } from './http.js';
import type { ApiResult } from './types.js';

/** GET caches/events as JSON: the live CDN map as it is now (issue 33). */
export function getCacheMap(http: HttpClient): Promise<ApiResult<CacheMap>> {
  return http.get<CacheMap>('/caches/events');
}

/**
 * GET caches/events as a stream: `onChange` is called when the daemon says the map changed (its first `snapshot`
 * event included), until the daemon ends the stream (after some minutes) or `signal` aborts. The terminal reads
 * the map again on each call rather than merging the events (the portal merges them).
 */
export function watchCacheMap(http: HttpClient, onChange: () => void, signal: AbortSignal): Promise<void> {
  return followEvents(http, '/caches/events', () => onChange(), signal);
}
