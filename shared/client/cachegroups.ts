import type { CachegroupRecord } from '../contract/servers.js';
import type { CachegroupBody } from '../rules/topology/cachegroups.js';
import type { HttpClient } from './http.js';
import type { ApiResult } from './types.js';

export type { CachegroupBody };

/** POST cachegroups. */
export function createCachegroup(http: HttpClient, body: CachegroupBody): Promise<ApiResult<CachegroupRecord>> {
  return http.post('/cachegroups', body);
}

/** PUT cachegroups/:id. */
export function updateCachegroup(
  http: HttpClient,
  id: number,
  body: CachegroupBody,
): Promise<ApiResult<CachegroupRecord>> {
  return http.put(`/cachegroups/${id}`, body);
}

/** DELETE cachegroups/:id. */
export function deleteCachegroup(http: HttpClient, id: number): Promise<ApiResult<undefined>> {
  return http.delete(`/cachegroups/${id}`);
}
