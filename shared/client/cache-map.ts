import type { CacheMap } from '../contract/cache-map.js';
import type { HttpClient } from './http.js';
import type { ApiResult } from './types.js';

/**
 * GET caches/events as JSON: the live CDN map as it is now (issue 33). The same route streams changes to a
 * client that asks for `text/event-stream` (the portal); the terminal screen polls this answer.
 */
export function getCacheMap(http: HttpClient): Promise<ApiResult<CacheMap>> {
  return http.get<CacheMap>('/caches/events');
}
