import type { DivisionRecord, PhysLocationRecord, RegionRecord, StatusRecord, TypeRecord } from '../contract/places.js';
import type { HttpClient } from './http.js';
import type { ApiResult } from './types.js';

export type Division = DivisionRecord;
export type Region = RegionRecord;
export type PhysLocation = PhysLocationRecord;
export type TypeInfo = TypeRecord;
export type Status = StatusRecord;

/** The paths of the topology's small tables (issue 30) the CLI manages. */
export type PlacePath = 'divisions' | 'regions' | 'phys_locations' | 'types' | 'statuses';

/** GET <path> with Traffic Ops' filters (`id`, `name`, …). */
export function listPlaces<R>(
  http: HttpClient,
  path: PlacePath,
  query: Record<string, string | number | undefined> = {},
): Promise<ApiResult<R[]>> {
  return http.get(`/${path}`, query);
}

/** POST <path>. */
export function createPlace<R>(
  http: HttpClient,
  path: PlacePath,
  body: Record<string, unknown>,
): Promise<ApiResult<R>> {
  return http.post(`/${path}`, body);
}

/** PUT <path>/:id. */
export function updatePlace<R>(
  http: HttpClient,
  path: PlacePath,
  id: number,
  body: Record<string, unknown>,
): Promise<ApiResult<R>> {
  return http.put(`/${path}/${id}`, body);
}

/** DELETE <path>/:id. */
export function deletePlace(http: HttpClient, path: PlacePath, id: number): Promise<ApiResult<undefined>> {
  return http.delete(`/${path}/${id}`);
}
