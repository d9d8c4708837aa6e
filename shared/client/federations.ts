import type { FederationRecord, FederationUserRecord } from '../contract/catalog.js';
import type { HttpClient } from './http.js';
import type { ApiResult } from './types.js';

/** A federation (GET federations): its CNAME, CDN and the xmlIds of its delivery services. */
export type Federation = FederationRecord;

/** A user assigned to a federation; `role` is the role name. */
export type FederationUser = FederationUserRecord;

/** GET federations, optionally `?cname=`. */
export function listFederations(
  http: HttpClient,
  query: { cname?: string; id?: number } = {},
): Promise<ApiResult<Federation[]>> {
  return http.get('/federations/catalog', query);
}

/** GET federations/:id/users (1.2+). */
export function listFederationUsers(http: HttpClient, federationId: number): Promise<ApiResult<FederationUser[]>> {
  return http.get(`/federations/${federationId}/users`);
}

/** POST federations/:id/users (1.2+): `replace` drops the existing assignments first. */
export function assignFederationUsers(
  http: HttpClient,
  federationId: number,
  userIds: number[],
  replace: boolean,
): Promise<ApiResult<{ userIds: number[]; replace: boolean }>> {
  return http.post(`/federations/${federationId}/users`, { userIds, replace });
}

/** DELETE federations/:id/users/:userId (1.2+). */
export function removeFederationUser(
  http: HttpClient,
  federationId: number,
  userId: number,
): Promise<ApiResult<undefined>> {
  return http.delete(`/federations/${federationId}/users/${userId}`);
}
