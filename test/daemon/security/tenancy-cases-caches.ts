import { expect } from 'vitest';
import type { TenancyEntry } from './tenancy-cases.js';

/*
 * Tenancy cases of the caches routes (issue 15). A tenant-a caller sees the caches that serve ds2 (edge1a,
 * edge1b) and cdn1's MIDs (mid1, mid2), which serve every delivery service of the CDN; never edge2a-c, which
 * serve only the root tenant's ds3. Invisible servers answer as missing ones; texts naming ids are checked in
 * test/caches/tenancy.test.ts.
 */

const isEmptyList = (r: unknown) => expect(r).toEqual([]);
const oneRecord = (r: unknown) => expect(r).toHaveLength(1);
const hosts = (r: unknown) => (r as { hostName: string }[]).map((s) => s.hostName);

export const CACHES_TENANCY: Record<string, TenancyEntry> = {
  'GET /servers': {
    why: 'lists only the caches serving visible delivery services (and the MIDs of their CDNs)',
    cases: [
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.3/servers?id=${ids.servers.root}`,
        status: 200,
        response: isEmptyList,
        adminSeesIt: true,
      },
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.3/servers?dsId=${ids.deliveryServices.ds3}`,
        status: 200,
        response: isEmptyList,
        adminSeesIt: true,
      },
      {
        as: 'tenanta_user',
        url: () => '/api/1.1/servers',
        status: 200,
        response: (r) => expect(hosts(r)).toEqual(['edge1a', 'edge1b', 'mid1', 'mid2']),
      },
    ],
  },
  'GET /servers/:id': {
    why: 'an invisible server answers like a missing one',
    cases: [
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.1/servers/${ids.servers.root}`,
        status: 200,
        response: isEmptyList,
        adminSeesIt: true,
      },
      { as: 'tenanta_user', url: (ids) => `/api/1.1/servers/${ids.servers.tenantA}`, status: 200, response: oneRecord },
    ],
  },
  'PUT /servers/:id': {
    why: 'an invisible server is not found',
    cases: [
      {
        as: 'tenanta_user',
        method: 'PUT',
        url: (ids) => `/api/1.3/servers/${ids.servers.root}`,
        body: () => ({}),
        status: 404,
      },
    ],
  },
  'DELETE /servers/:id': {
    why: 'an invisible server is not found',
    cases: [
      { as: 'tenanta_user', method: 'DELETE', url: (ids) => `/api/1.3/servers/${ids.servers.root}`, status: 404 },
    ],
  },
  'PUT /servers/:id/status': {
    why: 'an invisible server is not found',
    cases: [
      {
        as: 'tenanta_user',
        method: 'PUT',
        url: (ids) => `/api/1.3/servers/${ids.servers.root}/status`,
        body: () => ({ status: 'ADMIN_DOWN', offlineReason: 'probe' }),
        status: 404,
      },
    ],
  },
  'POST /servers/:id/queue_update': {
    why: 'an invisible server is not found',
    cases: [
      {
        as: 'tenanta_user',
        method: 'POST',
        url: (ids) => `/api/1.3/servers/${ids.servers.root}/queue_update`,
        body: () => ({ action: 'queue' }),
        status: 404,
      },
    ],
  },
  'POST /cdns/:id/queue_update': {
    why: 'acts only on the caches the caller sees (nothing queued here, so dequeue changes nothing)',
    cases: [
      {
        as: 'tenanta_user',
        method: 'POST',
        url: (ids) => `/api/1.3/cdns/${ids.cdn.id}/queue_update`,
        body: () => ({ action: 'dequeue' }),
        status: 200,
        response: (r, ids) => expect(r).toEqual({ action: 'dequeue', cdnId: ids.cdn.id }),
      },
    ],
  },
  'POST /cachegroups/:id/queue_update': {
    why: 'acts only on the caches the caller sees: none of edge-cg2',
    cases: [
      {
        as: 'tenanta_user',
        method: 'POST',
        url: (ids) => `/api/1.3/cachegroups/${ids.cachegroup}/queue_update`,
        body: (ids) => ({ action: 'queue', cdnId: ids.cdn.id }),
        status: 200,
        response: (r) => expect((r as { serverNames: string[] }).serverNames).toEqual([]),
      },
    ],
  },
  'GET /servers/:hostname/update_status': {
    why: 'an invisible cache answers like an unknown host (a bare empty array)',
    cases: [
      { as: 'tenanta_user', url: (ids) => `/api/1.3/servers/${ids.servers.rootHost}/update_status`, status: 200 },
    ],
  },
  // issue 16: the cache configuration files
  'GET /servers/:id/configfiles/ats': {
    why: "an invisible cache's file list answers like an unknown server",
    cases: [
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.3/servers/${ids.servers.rootHost}/configfiles/ats`,
        status: 404,
        text: "server 'edge2a' not found",
      },
    ],
  },
  'GET /servers/:id/configfiles/ats/all': {
    why: "an invisible cache's whole set answers like an unknown server's",
    cases: [
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.3/servers/${ids.servers.rootHost}/configfiles/ats/all`,
        status: 404,
        text: "server 'edge2a' not found",
      },
    ],
  },
  'GET /servers/:id/configfiles/ats/:file': {
    why: "an invisible cache's files answer like an unknown server's",
    cases: [
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.3/servers/${ids.servers.rootHost}/configfiles/ats/remap.config`,
        status: 404,
        text: "server 'edge2a' not found",
      },
    ],
  },
  'GET /profiles/:name/configfiles/ats/:file': {
    why: 'profile-wide files are not narrowed by tenant (as in Traffic Ops): the profile serves every tenant',
    cases: [
      { as: 'tenanta_user', url: () => '/api/1.3/profiles/EDGE_PROFILE1/configfiles/ats/records.config', status: 200 },
    ],
  },
  'GET /cdns/:name/configfiles/ats/:file': {
    why: 'CDN-wide files are not narrowed by tenant (as in Traffic Ops): every cache of the CDN installs them',
    cases: [
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.3/cdns/${ids.cdn.name}/configfiles/ats/regex_revalidate.config`,
        status: 200,
      },
    ],
  },
  'POST /servers/:hostname/update': {
    why: 'an invisible cache cannot check in',
    cases: [
      {
        as: 'tenanta_user',
        method: 'POST',
        url: (ids) => `/api/1.3/servers/${ids.servers.rootHost}/update`,
        body: () => ({ updated: false }),
        status: 404,
        text: "server name 'edge2a' not found",
      },
    ],
  },
  // issue 28: the logins that speak for a cache
  'POST /servers/:hostname/checkin': {
    why: 'an invisible cache cannot send a heartbeat (and nobody but its agent may)',
    cases: [
      {
        as: 'tenanta_user',
        method: 'POST',
        url: (ids) => `/api/1.3/servers/${ids.servers.rootHost}/checkin`,
        status: 404,
        text: 'no such server',
      },
    ],
  },
  'GET /servers/:id/agents': {
    why: "a cache's agents read every delivery service's keys on it: only an admin who sees every tenant manages them",
    cases: [
      {
        as: 'tenanta_admin',
        url: (ids) => `/api/1.3/servers/${ids.servers.tenantA}/agents`,
        status: 403,
        text: 'not authorized on this tenant',
      },
    ],
  },
  'PUT /servers/:id/agents': {
    why: "a cache's agents read every delivery service's keys on it: only an admin who sees every tenant binds them",
    cases: [
      {
        as: 'tenanta_admin',
        method: 'PUT',
        url: (ids) => `/api/1.3/servers/${ids.servers.tenantA}/agents`,
        body: () => ({ usernames: ['tenanta_admin'] }),
        status: 403,
        text: 'not authorized on this tenant',
      },
    ],
  },
  'GET /cachegroups': {
    why: 'cache groups carry no tenant: every caller sees them',
    cases: [
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.3/cachegroups?id=${ids.cachegroup}`,
        status: 200,
        response: oneRecord,
      },
    ],
  },
  'GET /deliveryservices/:id/servers': {
    why: 'an invisible delivery service is not found',
    cases: [
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.3/deliveryservices/${ids.deliveryServices.ds1}/servers`,
        status: 404,
        text: 'delivery service not found',
      },
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.3/deliveryservices/${ids.deliveryServices.ds2}/servers`,
        status: 200,
        response: (r) => expect(hosts(r)).toEqual(['edge1a', 'edge1b']),
      },
    ],
  },
  'POST /deliveryservices/:xmlId/servers': {
    why: 'cannot assign caches to an invisible delivery service, nor caches it cannot see',
    cases: [
      {
        as: 'tenanta_user',
        method: 'POST',
        url: () => '/api/1.3/deliveryservices/ds3/servers',
        body: () => ({ serverNames: ['edge2a'] }),
        status: 403,
        text: 'not authorized on this tenant',
      },
      // edge2a serves only ds3 (root): tenant-a cannot see it, so it cannot name it for its own ds2 either.
      {
        as: 'tenanta_user',
        method: 'POST',
        url: () => '/api/1.3/deliveryservices/ds2/servers',
        body: () => ({ serverNames: ['edge2a'] }),
        status: 404,
        text: 'servers not found',
      },
    ],
  },
  'GET /servers/:id/deliveryservices': {
    why: 'an invisible server is not found; a visible one lists only visible delivery services',
    cases: [
      { as: 'tenanta_user', url: (ids) => `/api/1.3/servers/${ids.servers.root}/deliveryservices`, status: 404 },
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.3/servers/${ids.servers.tenantA}/deliveryservices`,
        status: 200,
        response: (r) => expect((r as { xmlId: string }[]).map((d) => d.xmlId)).toEqual(['ds2']),
      },
    ],
  },
  'GET /jobs/:id/propagation': {
    why: 'a job of an invisible delivery service is not found',
    cases: [{ as: 'tenanta_user', url: (ids) => `/api/1.3/jobs/${ids.job}/propagation`, status: 404 }],
  },
  'GET /servers/checks': {
    why: 'lists only the caches the caller sees',
    cases: [
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.3/servers/checks?id=${ids.servers.root}`,
        status: 200,
        response: isEmptyList,
        adminSeesIt: true,
      },
    ],
  },
  'POST /to_extensions/:id/delete': {
    why: 'check extensions carry no tenant; the daemon’s own checks cannot be deleted',
    cases: [
      {
        as: 'tenanta_user',
        method: 'POST',
        url: (ids) => `/api/1.3/to_extensions/${ids.builtinExtension}/delete`,
        status: 400,
        text: 'the daemon runs this check itself; it cannot be deleted',
      },
    ],
  },
  // issue 30: details and delivery-service links
  'GET /servers/details': {
    why: 'details only of the caches the caller sees',
    cases: [
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.3/servers/details?hostName=${ids.servers.rootHost}`,
        status: 200,
        response: isEmptyList,
        adminSeesIt: true,
      },
    ],
  },
  'GET /servers/hostname/:hostName/details': {
    why: 'an invisible cache answers as a missing one',
    cases: [
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.3/servers/hostname/${ids.servers.rootHost}/details`,
        status: 404,
      },
    ],
  },
  'POST /deliveryserviceserver': {
    why: "linking servers to another tenant's delivery service is refused (Traffic Ops' 403); an invisible server is missing",
    cases: [
      {
        as: 'tenanta_user',
        method: 'POST',
        url: () => '/api/1.3/deliveryserviceserver',
        body: (ids) => ({ dsId: ids.deliveryServices.ds3, servers: [ids.servers.root], replace: false }),
        status: 403,
        text: 'not authorized on this tenant',
      },
      // A server the caller cannot see is missing, even for its own delivery service: linking it would make it
      // visible (BEHAVIOR.md: an invisible server answers as a missing one on every route).
      {
        as: 'tenanta_user',
        method: 'POST',
        url: () => '/api/1.3/deliveryserviceserver',
        body: (ids) => ({ dsId: ids.deliveryServices.ds2, servers: [ids.servers.root], replace: false }),
        status: 404,
        text: 'server not found',
      },
    ],
  },
  'DELETE /deliveryservice_server/:dsId/:serverId': {
    why: 'a delivery service outside the tenancy is not found',
    cases: [
      {
        as: 'tenanta_user',
        method: 'DELETE',
        url: (ids) => `/api/1.3/deliveryservice_server/${ids.deliveryServices.ds3}/${ids.servers.root}`,
        status: 404,
      },
    ],
  },
  'POST /servers/:id/deliveryservices': {
    why: 'an invisible server is not found; so are invisible delivery services',
    cases: [
      {
        as: 'tenanta_user',
        method: 'POST',
        url: (ids) => `/api/1.3/servers/${ids.servers.root}/deliveryservices?replace=false`,
        body: (ids) => [ids.deliveryServices.ds2],
        status: 404,
        text: 'no server with that ID found',
      },
    ],
  },
  'GET /deliveryservices/:id/unassigned_servers': {
    why: 'a delivery service outside the tenancy is not found',
    cases: [
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.3/deliveryservices/${ids.deliveryServices.ds3}/unassigned_servers`,
        status: 404,
      },
    ],
  },
  'GET /deliveryservices/:id/servers/eligible': {
    why: 'a delivery service outside the tenancy is not found',
    cases: [
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.3/deliveryservices/${ids.deliveryServices.ds3}/servers/eligible`,
        status: 404,
      },
    ],
  },
  // issue 33: the live CDN map shows what GET servers shows
  'GET /caches/events': {
    why: 'the CDN map holds only the caches the caller sees (and their cache groups), and the jobs it sees',
    cases: [
      {
        as: 'tenanta_user',
        url: () => '/api/1.3/caches/events',
        status: 200,
        response: (r) => {
          const map = r as { caches: { hostName: string }[]; jobs: { deliveryService: string }[] };
          expect(map.caches.map((c) => c.hostName)).toEqual(['edge1a', 'edge1b', 'mid1', 'mid2']);
          expect(map.jobs.filter((j) => j.deliveryService !== 'ds2')).toEqual([]);
        },
      },
    ],
  },
};
