import type { TenancyEntry } from './tenancy-cases.js';

/*
 * Tenancy cases of delivery-service requests and comments (issue 31, §5.7). The golden data set has no requests,
 * so these ask about an id no one has (404, the same answer whatever the tenant); a root-tenant request refused
 * to tenant-a callers with 403 `not authorized on this tenant`, and left out of their lists, is tested in
 * test/daemon/deliveryservices/requests.test.ts on both stores.
 */

const NO_REQUEST = 'no such Delivery Service Request: #999999';
const why = 'a request is its delivery service’s tenant’s: another tenant’s is 403 (requests.test.ts), an unknown 404';

const refusal = (method: 'PUT' | 'DELETE', url: string, text: string, body?: unknown): TenancyEntry => ({
  why,
  cases: [
    {
      as: 'tenanta_admin',
      method,
      url: () => url,
      ...(body === undefined ? {} : { body: () => body }),
      status: 404,
      text,
    },
  ],
});

const request = { changeType: 'delete', status: 'draft', deliveryService: { xmlId: 'ds2' } };

export const DS_REQUESTS_TENANCY: Record<string, TenancyEntry> = {
  'PUT /deliveryservice_requests': refusal('PUT', '/api/1.5/deliveryservice_requests?id=999999', NO_REQUEST, request),
  'DELETE /deliveryservice_requests': refusal('DELETE', '/api/1.5/deliveryservice_requests?id=999999', NO_REQUEST),
  'PUT /deliveryservice_requests/:id/status': refusal(
    'PUT',
    '/api/1.5/deliveryservice_requests/999999/status',
    NO_REQUEST,
    { status: 'submitted' },
  ),
  'PUT /deliveryservice_requests/:id/assign': refusal(
    'PUT',
    '/api/1.5/deliveryservice_requests/999999/assign',
    NO_REQUEST,
    { assigneeId: null },
  ),
  'PUT /deliveryservice_request_comments': refusal(
    'PUT',
    '/api/1.5/deliveryservice_request_comments?id=999999',
    'no deliveryservice_request_comment found with this id',
    { deliveryServiceRequestId: 1, value: 'x' },
  ),
  'DELETE /deliveryservice_request_comments': refusal(
    'DELETE',
    '/api/1.5/deliveryservice_request_comments?id=999999',
    'no deliveryservice_request_comment with that key found',
  ),
};
