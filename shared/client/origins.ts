import type { OriginRecord } from '../contract/origins.js';
import type { HttpClient } from './http.js';
import type { ApiResult } from './types.js';

/** An origin (1.3). */
export type Origin = OriginRecord;

/** The body of POST and PUT origins. */
export interface OriginBody {
  id?: number;
  deliveryServiceId: number;
  fqdn: string;
  name: string;
  protocol: string;
  cachegroupId?: number | null;
  coordinateId?: number | null;
  ip6Address?: string | null;
  ipAddress?: string | null;
  port?: number | null;
  profileId?: number | null;
  tenantId?: number | null;
}

/** The filters of GET origins (ids, except `name` and `primary`). */
export interface OriginFilter {
  cachegroup?: number;
  coordinate?: number;
  deliveryservice?: number;
  id?: number;
  name?: string;
  profileId?: number;
  primary?: boolean;
  tenant?: number;
}

/** GET origins. */
export function listOrigins(http: HttpClient, filter: OriginFilter = {}): Promise<ApiResult<Origin[]>> {
  return http.get('/origins', { ...filter });
}

/** POST origins. */
export function createOrigin(http: HttpClient, body: OriginBody): Promise<ApiResult<Origin>> {
  return http.post('/origins', body);
}

/** PUT origins?id=N. */
export function updateOrigin(http: HttpClient, id: number, body: OriginBody): Promise<ApiResult<Origin>> {
  return http.put('/origins', { ...body, id }, { id });
}

/** DELETE origin?id=N (the seed's singular path). */
export function deleteOrigin(http: HttpClient, id: number): Promise<ApiResult<undefined>> {
  return http.delete('/origin', { id });
}
