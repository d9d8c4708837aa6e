import type { HttpClient } from './http.js';
import type { ApiResult } from './types.js';

/** A role with its privilege level. */
export interface Role {
  id: number;
  name: string;
  description: string | null;
  privLevel: number;
}

/** GET roles, optionally `?name=`. */
export function listRoles(http: HttpClient, query: { name?: string } = {}): Promise<ApiResult<Role[]>> {
  return http.get('/roles', query);
}
