import type { CachegroupRecord, PropagationRecord, ServerCheckRecord, ServerRecord } from '../contract/servers.js';
import type { HttpClient } from './http.js';
import type { ApiResult } from './types.js';

export type Server = ServerRecord;
export type Cachegroup = CachegroupRecord;
export type ServerCheck = ServerCheckRecord;
export type Propagation = PropagationRecord;

/** GET servers with Traffic Ops' filters (ids, except hostName, status and type). */
export function listServers(
  http: HttpClient,
  query: Record<string, string | number | undefined> = {},
): Promise<ApiResult<Server[]>> {
  return http.get('/servers', query);
}

/** GET deliveryservices/:id/servers: the EDGE caches assigned to a delivery service. */
export function listDeliveryServiceServers(http: HttpClient, dsId: number): Promise<ApiResult<Server[]>> {
  return http.get(`/deliveryservices/${dsId}/servers`);
}

/** POST servers: the body uses the API's field names; references by id or by name. */
export function createServer(http: HttpClient, body: Record<string, unknown>): Promise<ApiResult<Server>> {
  return http.post('/servers', body);
}

export function updateServer(http: HttpClient, id: number, body: Record<string, unknown>): Promise<ApiResult<Server>> {
  return http.put(`/servers/${id}`, body);
}

export function deleteServer(http: HttpClient, id: number): Promise<ApiResult<undefined>> {
  return http.delete(`/servers/${id}`);
}

export function setServerStatus(
  http: HttpClient,
  id: number,
  status: string,
  offlineReason?: string,
): Promise<ApiResult<undefined>> {
  return http.put(`/servers/${id}/status`, { status, ...(offlineReason === undefined ? {} : { offlineReason }) });
}

export function queueServer(
  http: HttpClient,
  id: number,
  queue: boolean,
): Promise<ApiResult<{ serverId: number; action: string }>> {
  return http.post(`/servers/${id}/queue_update`, { action: queue ? 'queue' : 'dequeue' });
}

export function queueCdn(
  http: HttpClient,
  cdnId: number,
  queue: boolean,
): Promise<ApiResult<{ cdnId: number; action: string }>> {
  return http.post(`/cdns/${cdnId}/queue_update`, { action: queue ? 'queue' : 'dequeue' });
}

export function listCachegroups(http: HttpClient, query: { name?: string } = {}): Promise<ApiResult<Cachegroup[]>> {
  return http.get('/cachegroups', query);
}

export function listServerChecks(
  http: HttpClient,
  query: { hostName?: string } = {},
): Promise<ApiResult<ServerCheck[]>> {
  return http.get('/servers/checks', query);
}

/** GET jobs/:id/propagation (cdnctl's own route). */
export function jobPropagation(http: HttpClient, jobId: number): Promise<ApiResult<Propagation>> {
  return http.get(`/jobs/${jobId}/propagation`);
}

/** The logins bound to a server, its agents (issue 28): they check in for it and read its key-store files. */
export interface ServerAgents {
  serverId: number;
  hostName: string;
  usernames: string[];
}

export function serverAgents(http: HttpClient, id: number): Promise<ApiResult<ServerAgents>> {
  return http.get(`/servers/${id}/agents`);
}

export function setServerAgents(http: HttpClient, id: number, usernames: string[]): Promise<ApiResult<ServerAgents>> {
  return http.put(`/servers/${id}/agents`, { usernames });
}
