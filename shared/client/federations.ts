import type { FederationRecord, FederationUserRecord } from '../contract/catalog.js';
import type {
  CdnFederationRecord,
  FederationDeliveryServiceRecord,
  FederationResolverRecord,
} from '../contract/federations.js';
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

/** A CDN federation as the per-CDN routes answer it. */
export type CdnFederation = CdnFederationRecord;

/** A federation resolver (GET federation_resolvers). */
export type FederationResolver = FederationResolverRecord;

/** A resolver of one federation (GET federations/:id/federation_resolvers). */
export type FederationResolverLink = Omit<FederationResolverRecord, 'lastUpdated'>;

/** A delivery service of one federation. */
export type FederationDeliveryService = FederationDeliveryServiceRecord;

/** The body of POST cdns/:name/federations and PUT cdns/:name/federations/:id. */
export interface CdnFederationBody {
  cname: string;
  ttl: number;
  description: string | null;
}

const cdnPath = (cdn: string) => `/cdns/${encodeURIComponent(cdn)}/federations`;

/** POST cdns/:name/federations (admin). */
export function createCdnFederation(
  http: HttpClient,
  cdn: string,
  body: CdnFederationBody,
): Promise<ApiResult<CdnFederation>> {
  return http.post(cdnPath(cdn), body);
}

/** PUT cdns/:name/federations/:id (admin). */
export function updateCdnFederation(
  http: HttpClient,
  cdn: string,
  id: number,
  body: CdnFederationBody,
): Promise<ApiResult<CdnFederation>> {
  return http.put(`${cdnPath(cdn)}/${id}`, body);
}

/** DELETE cdns/:name/federations/:id (admin). */
export function deleteCdnFederation(http: HttpClient, cdn: string, id: number): Promise<ApiResult<undefined>> {
  return http.delete(`${cdnPath(cdn)}/${id}`);
}

/** GET federation_resolvers, filtered by id, IP address or type name. */
export function listResolvers(
  http: HttpClient,
  query: { id?: number; ipAddress?: string; type?: string } = {},
): Promise<ApiResult<FederationResolver[]>> {
  return http.get('/federation_resolvers', query);
}

/** POST federation_resolvers (admin): `typeId` is a RESOLVE4 or RESOLVE6 type. */
export function createResolver(
  http: HttpClient,
  body: { ipAddress: string; typeId: number },
): Promise<ApiResult<{ id: number; ipAddress: string; type: string | null; typeId: number }>> {
  return http.post('/federation_resolvers', body);
}

/** DELETE federation_resolvers/:id (admin; the path form every 1.x version serves). */
export function deleteResolver(http: HttpClient, id: number): Promise<ApiResult<unknown>> {
  return http.delete(`/federation_resolvers/${id}`);
}

/** GET federations/:id/federation_resolvers. */
export function listFederationResolvers(http: HttpClient, id: number): Promise<ApiResult<FederationResolverLink[]>> {
  return http.get(`/federations/${id}/federation_resolvers`);
}

/** POST federations/:id/federation_resolvers (admin): `replace` drops the existing links first. */
export function attachResolvers(
  http: HttpClient,
  id: number,
  fedResolverIds: number[],
  replace: boolean,
): Promise<ApiResult<{ fedResolverIds: number[]; replace: boolean }>> {
  return http.post(`/federations/${id}/federation_resolvers`, { fedResolverIds, replace });
}

/** GET federations/:id/deliveryservices. */
export function listFederationDeliveryServices(
  http: HttpClient,
  id: number,
): Promise<ApiResult<FederationDeliveryService[]>> {
  return http.get(`/federations/${id}/deliveryservices`);
}

/** POST federations/:id/deliveryservices (admin): `replace` drops the existing links first. */
export function assignFederationDeliveryServices(
  http: HttpClient,
  id: number,
  dsIds: number[],
  replace: boolean,
): Promise<ApiResult<{ dsIds: number[]; replace: boolean }>> {
  return http.post(`/federations/${id}/deliveryservices`, { dsIds, replace });
}

/** DELETE federations/:id/deliveryservices/:dsID (admin). */
export function removeFederationDeliveryService(
  http: HttpClient,
  id: number,
  dsId: number,
): Promise<ApiResult<undefined>> {
  return http.delete(`/federations/${id}/deliveryservices/${dsId}`);
}
