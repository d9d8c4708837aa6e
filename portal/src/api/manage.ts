import type { CdnRecord, TenantRecord } from '../../../shared/contract/catalog.js';
import type { ParameterRecord } from '../../../shared/contract/parameters.js';
import type { ProfileParameterRecord, ProfileRecord } from '../../../shared/contract/profiles.js';
import { api } from './api';

// The writes of issue 31 as the portal uses them: delivery services, tenants, profiles and parameters,
// federations. Field names are the API's (records at the portal's API version, 1.3).

export type { CdnRecord, ParameterRecord, ProfileParameterRecord, ProfileRecord, TenantRecord };

/** A delivery service as GET deliveryservices answers it, every field by the API's name. */
export type DsRecord = Record<string, unknown> & { id: number; xmlId: string; tenantId: number };

export const listCdns = () => api.get<CdnRecord[]>('/cdns');
export const listDsRecords = () => api.get<DsRecord[]>('/deliveryservices');
export const createDs = (body: Record<string, unknown>) => api.post<DsRecord[]>('/deliveryservices', body);
export const updateDs = (id: string | number, body: Record<string, unknown>) =>
  api.put<DsRecord[]>(`/deliveryservices/${id}`, body);
export const deleteDs = (id: string | number) => api.del<null>(`/deliveryservices/${id}`);
/** Adds caches (by host name) to a delivery service's assignments. */
export const assignDsServers = (xmlId: string, serverNames: string[]) =>
  api.post<{ xmlId: string; serverNames: string[] }>(`/deliveryservices/${encodeURIComponent(xmlId)}/servers`, {
    serverNames,
  });

export interface TenantInput {
  name: string;
  active: boolean;
  parentId: number;
}
export const listTenantRecords = () => api.get<TenantRecord[]>('/tenants');
export const createTenant = (tenant: TenantInput) => api.post<TenantRecord>('/tenants', tenant);
export const updateTenant = (id: number, tenant: TenantInput) => api.put<TenantRecord>(`/tenants/${id}`, tenant);
export const deleteTenant = (id: number) => api.del<null>(`/tenants/${id}`);

export interface ProfileInput {
  name: string;
  description: string;
  cdn: number;
  type: string;
  routingDisabled: boolean;
}
export const listProfileRecords = () => api.get<ProfileRecord[]>('/profiles');
export const getProfileRecord = (id: number) => api.get<ProfileRecord[]>('/profiles', { id });
export const createProfile = (profile: ProfileInput) => api.post<{ id: number }>('/profiles', profile);
export const updateProfile = (id: number, profile: ProfileInput) => api.put<{ id: number }>(`/profiles/${id}`, profile);
export const deleteProfile = (id: number) => api.del<null>(`/profiles/${id}`);
export const copyProfile = (name: string, existing: string) =>
  api.post<unknown>(`/profiles/name/${encodeURIComponent(name)}/copy/${encodeURIComponent(existing)}`);
export const profileParameters = (id: number) => api.get<ProfileParameterRecord[]>(`/profiles/${id}/parameters`);

export interface ParameterInput {
  name: string;
  configFile: string;
  value: string;
  secure: boolean;
}
/** Creates (or finds) the parameter and links it to the profile, as POST profiles/:id/parameters does. */
export const addProfileParameter = (profileId: number, p: ParameterInput) =>
  api.post<unknown>(`/profiles/${profileId}/parameters`, [{ ...p, secure: p.secure ? 1 : 0 }]);
export const unlinkProfileParameter = (profileId: number, parameterId: number) =>
  api.del<null>(`/profileparameters/${profileId}/${parameterId}`);
export const listParameters = () => api.get<ParameterRecord[]>('/parameters');
export const createParameter = (p: ParameterInput) => api.post<ParameterRecord>('/parameters', p);
export const updateParameter = (id: number, p: ParameterInput) => api.put<ParameterRecord>(`/parameters/${id}`, p);
export const deleteParameter = (id: number) => api.del<null>(`/parameters/${id}`);

export interface FederationInput {
  cname: string;
  ttl: number;
  description: string | null;
}
export interface FederationDsRecord {
  id: number;
  xmlId: string;
  cdn: string;
  type: string;
}
export interface ResolverRecord {
  id: number;
  ipAddress: string;
  type: string;
}
const cdnFeds = (cdn: string) => `/cdns/${encodeURIComponent(cdn)}/federations`;
export const createFederation = (cdn: string, f: FederationInput) => api.post<{ id: number }>(cdnFeds(cdn), f);
export const updateFederation = (cdn: string, id: number, f: FederationInput) =>
  api.put<{ id: number }>(`${cdnFeds(cdn)}/${id}`, f);
export const deleteFederation = (cdn: string, id: number) => api.del<null>(`${cdnFeds(cdn)}/${id}`);
export const federationDeliveryServices = (id: number) =>
  api.get<FederationDsRecord[]>(`/federations/${id}/deliveryservices`);
export const addFederationDs = (id: number, dsId: number) =>
  api.post<unknown>(`/federations/${id}/deliveryservices`, { dsIds: [dsId], replace: false });
export const removeFederationDs = (id: number, dsId: number) =>
  api.del<null>(`/federations/${id}/deliveryservices/${dsId}`);
export const listResolvers = () => api.get<ResolverRecord[]>('/federation_resolvers');
export const federationResolvers = (id: number) => api.get<ResolverRecord[]>(`/federations/${id}/federation_resolvers`);
/** Adds a resolver to the federation's: the ones it has stay (replace false). */
export const addFederationResolver = (id: number, resolverIds: number[]) =>
  api.post<unknown>(`/federations/${id}/federation_resolvers`, { fedResolverIds: resolverIds, replace: false });
/** Creates a resolver (an address or CIDR network of a RESOLVE4/RESOLVE6 type); linking it is a second call. */
export const createResolver = (ipAddress: string, typeId: number) =>
  api.post<{ id: number }>('/federation_resolvers', { ipAddress, typeId });
