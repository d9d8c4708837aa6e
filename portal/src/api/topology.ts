import type { CdnRecord } from '../../../shared/contract/catalog.js';
import type {
  DivisionRecord,
  PhysLocationRecord,
  RegionRecord,
  StatusRecord,
  TypeRecord,
} from '../../../shared/contract/places.js';
import type { CachegroupRecord, ServerRecord } from '../../../shared/contract/servers.js';
import { api } from './api';

// The topology API (issue 30) as the Topology and Servers pages use it; field names are the API's.

export type { CachegroupRecord, CdnRecord, DivisionRecord, PhysLocationRecord, RegionRecord, ServerRecord };
export type { StatusRecord, TypeRecord };

type Body = object;

export const listCdns = () => api.get<CdnRecord[]>('/cdns');
export const createCdn = (body: Body) => api.post<CdnRecord>('/cdns', body);
export const updateCdn = (id: number, body: Body) => api.put<CdnRecord>(`/cdns/${id}`, body);
export const deleteCdn = (id: number) => api.del<null>(`/cdns/${id}`);

export const listCachegroups = () => api.get<CachegroupRecord[]>('/cachegroups');
export const createCachegroup = (body: Body) => api.post<CachegroupRecord>('/cachegroups', body);
export const updateCachegroup = (id: number, body: Body) => api.put<CachegroupRecord>(`/cachegroups/${id}`, body);
export const deleteCachegroup = (id: number) => api.del<null>(`/cachegroups/${id}`);

/** The table of each kind of place, by the API's path. */
export const PLACE_PATHS = { division: 'divisions', region: 'regions', physLocation: 'phys_locations' } as const;
export type PlacePathKind = keyof typeof PLACE_PATHS;

export const listDivisions = () => api.get<DivisionRecord[]>('/divisions');
export const listRegions = () => api.get<RegionRecord[]>('/regions');
export const listPhysLocations = () => api.get<PhysLocationRecord[]>('/phys_locations');
export const createPlace = (kind: PlacePathKind, body: Body) =>
  api.post<Record<string, unknown>>(`/${PLACE_PATHS[kind]}`, body);
export const updatePlace = (kind: PlacePathKind, id: number, body: Body) =>
  api.put<Record<string, unknown>>(`/${PLACE_PATHS[kind]}/${id}`, body);
export const deletePlace = (kind: PlacePathKind, id: number) => api.del<null>(`/${PLACE_PATHS[kind]}/${id}`);

export const listTypes = (useInTable: string) => api.get<TypeRecord[]>('/types', { useInTable });
export const listStatuses = () => api.get<StatusRecord[]>('/statuses');

export const listFullServers = () => api.get<ServerRecord[]>('/servers');
export const createServer = (body: Body) => api.post<ServerRecord>('/servers', body);
export const updateServer = (id: number, body: Body) => api.put<ServerRecord>(`/servers/${id}`, body);
export const deleteServer = (id: number) => api.del<ServerRecord>(`/servers/${id}`);

/** The delivery services assigned to a server (ids and xmlIds are what the portal reads). */
export const listServerDeliveryServices = (id: number) =>
  api.get<Array<{ id: number; xmlId: string }>>(`/servers/${id}/deliveryservices`);
/** Replaces a server's delivery services with `dsIds`. */
export const assignServerDeliveryServices = (id: number, dsIds: number[]) =>
  api.post<{ serverId: number; dsIds: number[] }>(`/servers/${id}/deliveryservices`, dsIds, { replace: true });
/** One server with every field (GET servers?id=), or none when it is gone or not visible. */
export const getServer = (id: number) => api.get<ServerRecord[]>('/servers', { id });
