import type { DsRequestRecord } from '../contract/ds-requests.js';
import type { HttpClient } from './http.js';
import type { ApiResult } from './types.js';

/** A delivery-service request (1.3+, issue 31). */
export type DsRequest = DsRequestRecord;

/** The body of POST and PUT deliveryservice_requests. */
export interface DsRequestBody {
  changeType: 'create' | 'update' | 'delete';
  status: 'draft' | 'submitted';
  deliveryService: Record<string, unknown>;
}

/** GET deliveryservice_requests, with Traffic Ops' filters. */
export function listDsRequests(
  http: HttpClient,
  query: { id?: number; status?: string; xmlId?: string } = {},
): Promise<ApiResult<DsRequest[]>> {
  return http.get('/deliveryservice_requests', query);
}

export function createDsRequest(http: HttpClient, body: DsRequestBody): Promise<ApiResult<DsRequest>> {
  return http.post('/deliveryservice_requests', body);
}

/** PUT deliveryservice_requests/:id/status. */
export function setDsRequestStatus(http: HttpClient, id: number, status: string): Promise<ApiResult<DsRequest>> {
  return http.put(`/deliveryservice_requests/${id}/status`, { status });
}

/** PUT deliveryservice_requests/:id/assign (null unassigns). */
export function assignDsRequest(
  http: HttpClient,
  id: number,
  assigneeId: number | null,
): Promise<ApiResult<DsRequest>> {
  return http.put(`/deliveryservice_requests/${id}/assign`, { assigneeId });
}

export function deleteDsRequest(http: HttpClient, id: number): Promise<ApiResult<undefined>> {
  return http.delete('/deliveryservice_requests', { id });
}
