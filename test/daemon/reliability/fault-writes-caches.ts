import type { FaultFixtures, WriteRequest } from './fault-writes.js';

/** A valid request for each write route of the caches (issue 15); `attempt` 0 is refused, 1 must succeed. */
export const CACHES_VALID_WRITES: Record<string, (f: FaultFixtures, attempt: number) => WriteRequest> = {
  'POST /servers': (f, attempt) => ({
    method: 'POST',
    url: '/api/1.3/servers',
    cookie: f.admin,
    payload: {
      hostName: `fault-edge-${attempt}`,
      domainName: 'cdn1.example.test',
      ipAddress: '127.0.0.1',
      cachegroup: 'edge-cg1',
      cdnName: 'cdn1',
      profile: 'EDGE_PROFILE1',
      type: 'EDGE',
      status: 'PRE_PROD',
    },
  }),
  'PUT /servers/:id': (f) => ({
    method: 'PUT',
    url: `/api/1.3/servers/${f.ids.servers.tenantA}`,
    cookie: f.admin,
    payload: {
      hostName: 'edge1a',
      domainName: 'cdn1.example.test',
      ipAddress: '127.0.0.1',
      tcpPort: 8081,
      cachegroup: 'edge-cg1',
      cdnName: 'cdn1',
      profile: 'EDGE_PROFILE1',
      type: 'EDGE',
      status: 'REPORTED',
    },
  }),
  'DELETE /servers/:id': (f) => ({ method: 'DELETE', url: `/api/1.3/servers/${f.ids.servers.spare}`, cookie: f.admin }),
  'PUT /servers/:id/status': (f) => ({
    method: 'PUT',
    url: `/api/1.3/servers/${f.ids.servers.tenantA}/status`,
    cookie: f.admin,
    payload: { status: 'ADMIN_DOWN', offlineReason: 'fault test' },
  }),
  'POST /servers/:id/queue_update': (f) => ({
    method: 'POST',
    url: `/api/1.3/servers/${f.ids.servers.tenantA}/queue_update`,
    cookie: f.admin,
    payload: { action: 'queue' },
  }),
  'POST /cdns/:id/queue_update': (f) => ({
    method: 'POST',
    url: `/api/1.3/cdns/${f.ids.cdn.id}/queue_update`,
    cookie: f.admin,
    payload: { action: 'queue' },
  }),
  'POST /cachegroups/:id/queue_update': (f) => ({
    method: 'POST',
    url: `/api/1.3/cachegroups/${f.ids.cachegroup}/queue_update`,
    cookie: f.admin,
    payload: { action: 'queue', cdnId: f.ids.cdn.id },
  }),
  // Each attempt binds another set (a set equal to the stored one writes nothing).
  'PUT /servers/:id/agents': (f, attempt) => ({
    method: 'PUT',
    url: `/api/1.3/servers/${f.ids.servers.tenantA}/agents`,
    cookie: f.admin,
    payload: { usernames: ['ort_user', ['ro_user', 'ops_user', 'extension', 'tenanta_user'][attempt % 4]] },
  }),
  'POST /servers/:hostname/update': (f) => ({
    method: 'POST',
    url: '/api/1.3/servers/edge1a/update',
    cookie: f.admin,
    payload: { updated: false },
  }),
  'POST /servers/:hostname/checkin': (f) => ({
    method: 'POST',
    url: '/api/1.3/servers/edge1a/checkin',
    cookie: f.agent,
  }),
  'POST /deliveryservices/:xmlId/servers': (f) => ({
    method: 'POST',
    url: '/api/1.3/deliveryservices/ds3/servers',
    cookie: f.admin,
    payload: { serverNames: ['edge2a', 'edge2b'] },
  }),
  'POST /servercheck': (f) => ({
    method: 'POST',
    url: '/api/1.3/servercheck',
    cookie: f.extension,
    payload: { host_name: 'mid1', servercheck_short_name: 'HTTP', value: 1 },
  }),
  'POST /to_extensions': (f, attempt) => ({
    method: 'POST',
    url: '/api/1.3/to_extensions',
    cookie: f.extension,
    payload: {
      name: `fault-ext-${attempt}`,
      version: '1',
      info_url: 'https://example.test',
      script_file: 'f.pl',
      isactive: 1,
      type: 'CHECK_EXTENSION_BOOL',
    },
  }),
  'POST /to_extensions/:id/delete': (f) => ({
    method: 'POST',
    url: `/api/1.3/to_extensions/${f.ids.extension}/delete`,
    cookie: f.extension,
  }),
};
