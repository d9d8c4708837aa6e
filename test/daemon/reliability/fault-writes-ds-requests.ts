import { expect } from 'vitest';
import type { GoldenApp, GoldenIds } from '../security/fixture.js';
import type { FaultFixtures, WriteRequest } from './fault-writes.js';

/**
 * Valid writes of delivery-service requests and their comments (issue 31, §5.7). Every request and comment is this
 * file's own, made by admin while the disk takes writes; each proposes a delivery service of its own xmlId, so the
 * one-open-request-per-xmlId rule never refuses a valid write here.
 */
export interface DsRequestFaultFixtures {
  /** Requests: one to change, one whose status moves, one to assign, one to delete. */
  requests: { update: number; status: number; assign: number; remove: number };
  /** Comments by admin: one to change, one to delete. */
  comments: { update: number; remove: number };
  /** The HTTP delivery-service type. */
  httpType: number;
}

/** A valid 1.5 create request body proposing an HTTP delivery service of cdn1 in the root tenant. */
function requestBody(ids: GoldenIds, httpType: number, xmlId: string, status: string) {
  return {
    changeType: 'create',
    status,
    deliveryService: {
      xmlId,
      displayName: `DS ${xmlId}`,
      active: true,
      cdnId: ids.cdn.id,
      typeId: httpType,
      tenantId: ids.tenants.root,
      dscp: 0,
      geoLimit: 0,
      geoProvider: 0,
      logsEnabled: false,
      regionalGeoBlocking: false,
      initialDispersion: 1,
      ipv6RoutingEnabled: false,
      protocol: 0,
      missLat: 41.5,
      missLong: -87.5,
      multiSiteOrigin: false,
      qstringIgnore: 0,
      rangeRequestHandling: 0,
      orgServerFqdn: `http://${xmlId}.example.test`,
    },
  };
}

export async function prepareDsRequestFaults(t: GoldenApp): Promise<DsRequestFaultFixtures> {
  const httpType = (await t.store.typeLookup.find('deliveryservice', { name: 'HTTP' }))!.id;
  const admin = await t.session('admin');
  const created = async (url: string, payload: object): Promise<number> => {
    const res = await t.app.inject({ method: 'POST', url: `/api/1.5${url}`, headers: { cookie: admin }, payload });
    expect(res.statusCode, `POST ${url} while preparing the fault: ${res.body}`).toBe(200);
    return (res.json() as { response: { id: number } }).response.id;
  };
  const request = (xmlId: string, status = 'draft') =>
    created('/deliveryservice_requests', requestBody(t.ids, httpType, xmlId, status));
  const update = await request('fault-dsr-update');
  const comment = (value: string) =>
    created('/deliveryservice_request_comments', { deliveryServiceRequestId: update, value });
  return {
    requests: {
      update,
      status: await request('fault-dsr-status', 'submitted'),
      assign: await request('fault-dsr-assign'),
      remove: await request('fault-dsr-remove'),
    },
    comments: { update: await comment('fault comment'), remove: await comment('fault comment to delete') },
    httpType,
  };
}

const fixtures = (f: FaultFixtures) => f.dsRequests;
const body = (f: FaultFixtures, xmlId: string, status = 'draft') =>
  requestBody(f.ids, fixtures(f).httpType, xmlId, status);

/** A valid request for each write route of delivery-service requests and comments; `attempt` 0 is refused, 1 must succeed. */
export const DS_REQUESTS_VALID_WRITES: Record<string, (f: FaultFixtures, attempt: number) => WriteRequest> = {
  'POST /deliveryservice_requests': (f, attempt) => ({
    method: 'POST',
    url: '/api/1.5/deliveryservice_requests',
    cookie: f.admin,
    payload: body(f, `fault-dsr-new-${attempt}`),
  }),
  'PUT /deliveryservice_requests': (f) => ({
    method: 'PUT',
    url: `/api/1.5/deliveryservice_requests?id=${fixtures(f).requests.update}`,
    cookie: f.admin,
    payload: body(f, 'fault-dsr-update', 'submitted'),
  }),
  'DELETE /deliveryservice_requests': (f) => ({
    method: 'DELETE',
    url: `/api/1.5/deliveryservice_requests?id=${fixtures(f).requests.remove}`,
    cookie: f.admin,
  }),
  'PUT /deliveryservice_requests/:id/status': (f) => ({
    method: 'PUT',
    url: `/api/1.5/deliveryservice_requests/${fixtures(f).requests.status}/status`,
    cookie: f.admin,
    payload: { status: 'pending' },
  }),
  'PUT /deliveryservice_requests/:id/assign': (f) => ({
    method: 'PUT',
    url: `/api/1.5/deliveryservice_requests/${fixtures(f).requests.assign}/assign`,
    cookie: f.admin,
    payload: { assigneeId: f.ids.users.admin },
  }),
  'POST /deliveryservice_request_comments': (f, attempt) => ({
    method: 'POST',
    url: '/api/1.5/deliveryservice_request_comments',
    cookie: f.admin,
    payload: { deliveryServiceRequestId: fixtures(f).requests.update, value: `fault comment ${attempt}` },
  }),
  'PUT /deliveryservice_request_comments': (f) => ({
    method: 'PUT',
    url: `/api/1.5/deliveryservice_request_comments?id=${fixtures(f).comments.update}`,
    cookie: f.admin,
    payload: { deliveryServiceRequestId: fixtures(f).requests.update, value: 'changed fault comment' },
  }),
  'DELETE /deliveryservice_request_comments': (f) => ({
    method: 'DELETE',
    url: `/api/1.5/deliveryservice_request_comments?id=${fixtures(f).comments.remove}`,
    cookie: f.admin,
  }),
};
