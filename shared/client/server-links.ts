import type { HttpClient } from './http.js';
import type { ApiResult } from './types.js';

/** POST deliveryserviceserver (1.1): links servers to a delivery service (`replace`: only these). */
export function linkServersToDs(
  http: HttpClient,
  dsId: number,
  servers: number[],
  replace: boolean,
): Promise<ApiResult<{ dsId: number; replace: boolean; servers: number[] }>> {
  return http.post('/deliveryserviceserver', { dsId, servers, replace });
}

/** DELETE deliveryservice_server/:dsId/:serverId (1.1, deprecated by Traffic Ops but the 1.x way). */
export function unlinkServerFromDs(http: HttpClient, dsId: number, serverId: number): Promise<ApiResult<undefined>> {
  return http.delete(`/deliveryservice_server/${dsId}/${serverId}`);
}
