import type { GoRoleRecord, RoleRecord } from '../contract/catalog.js';
import type { HttpClient } from './http.js';
import type { ApiResult } from './types.js';

/** A role with its privilege level. */
export type Role = RoleRecord;

/** A role as the 1.3+ writes echo it: with its capabilities. */
export type RoleWithCapabilities = GoRoleRecord;

/** GET roles, optionally `?name=`. */
export function listRoles(http: HttpClient, query: { name?: string } = {}): Promise<ApiResult<Role[]>> {
  return http.get('/roles', query);
}

/** The body of POST roles and PUT roles?id=. */
export interface RoleBody {
  name: string;
  description: string;
  privLevel: number;
  capabilities?: string[];
}

/** POST roles (1.3+, admin). */
export function createRole(http: HttpClient, body: RoleBody): Promise<ApiResult<RoleWithCapabilities>> {
  return http.post('/roles', body);
}

/** PUT roles?id= (1.3+, admin). */
export function updateRole(http: HttpClient, id: number, body: RoleBody): Promise<ApiResult<RoleWithCapabilities>> {
  return http.put('/roles', body, { id });
}

/** DELETE roles?id= (1.3+, admin). */
export function deleteRole(http: HttpClient, id: number): Promise<ApiResult<undefined>> {
  return http.delete('/roles', { id });
}
