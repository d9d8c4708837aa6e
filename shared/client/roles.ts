import type { RoleRecord } from '../contract/catalog.js';
import type { HttpClient } from './http.js';
import type { ApiResult } from './types.js';

/** A role with its privilege level. */
export type Role = RoleRecord;

/** GET roles, optionally `?name=`. */
export function listRoles(http: HttpClient, query: { name?: string } = {}): Promise<ApiResult<Role[]>> {
  return http.get('/roles', query);
}
