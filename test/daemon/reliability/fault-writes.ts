import { resetMailQueueOf } from '../../../daemon/services/mail/reset-queue.js';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { RouteDef } from '../../../daemon/http/route.js';
import { CACHES_VALID_WRITES } from './fault-writes-caches.js';
import { FAULT_URI_KEYSET, KEYS_VALID_WRITES } from './fault-writes-keys.js';
import { TOPOLOGY_VALID_WRITES, prepareTopologyFaults, type TopologyFaultFixtures } from './fault-writes-topology.js';
import {
  DS_PROFILES_VALID_WRITES,
  prepareDsProfilesFaults,
  type DsProfilesFaultFixtures,
} from './fault-writes-ds-profiles.js';
import {
  TENANTS_FED_VALID_WRITES,
  prepareTenantsFedFaults,
  type TenantsFedFaultFixtures,
} from './fault-writes-tenants-fed.js';
import { SNAPSHOT_VALID_WRITES } from './fault-writes-snapshots.js';
import { HEALTH_VALID_WRITES } from './fault-writes-health.js';
import {
  DS_REQUESTS_VALID_WRITES,
  prepareDsRequestFaults,
  type DsRequestFaultFixtures,
} from './fault-writes-ds-requests.js';
import {
  PASSWORDS,
  ROLES,
  fillPath,
  mailedTokens,
  routePrefix,
  routeTable,
  type GoldenApp,
  type GoldenIds,
} from '../security/fixture.js';

/**
 * One valid request for every write route of the route table, to prove that each write path turns a disk fault
 * into a 503 alert (through guardWrite) and works again once the fault clears. A route missing here fails.
 */

export const STORE_UNAVAILABLE = [
  { text: 'the database cannot be written right now; try again later', level: 'error' },
];

/** What the write requests need prepared while the disk still takes writes. */
export interface FaultFixtures {
  ids: GoldenIds;
  /** Admin's session (each logout case gets a session of its own from `logoutCookies`). */
  admin: string;
  logoutCookies: string[];
  /** An unused password-reset token of ops_user. */
  token: string;
  /** Secondary origins: one to update, two to delete. */
  origins: { update: number; deleteSingular: number; deletePlural: number };
  startTime: string;
  /** Twelve hours on (the fault tests move the clock two): POST and PUT jobs want a start in the future. */
  futureStart: string;
  /** Jobs that have not started: one to change through PUT jobs, one to delete (issue 17). */
  jobs: { update: number; remove: number };
  /** A session of the user named `extension` (check results and extensions). */
  extension: string;
  /** A session of ort_user, the agent the caches fixture binds to every cache of cdn1 (heartbeats). */
  agent: string;
  /** Each area's own records (issues 30, 31), prepared by its own file. */
  topology: TopologyFaultFixtures;
  dsProfiles: DsProfilesFaultFixtures;
  tenantsFed: TenantsFedFaultFixtures;
  dsRequests: DsRequestFaultFixtures;
}

export interface WriteRequest {
  method: RouteDef['method'];
  url: string;
  payload?: object;
  cookie?: string;
}

const VALID_WRITES: Record<string, (f: FaultFixtures, attempt: number) => WriteRequest> = {
  'POST /user/login': () => ({
    method: 'POST',
    url: '/api/1.3/user/login',
    payload: { u: 'ops_user', p: PASSWORDS.ops_user },
  }),
  'POST /user/login/token': (f) => ({ method: 'POST', url: '/api/1.3/user/login/token', payload: { t: f.token } }),
  'POST /user/logout': (f, attempt) => ({
    method: 'POST',
    url: '/api/1.3/user/logout',
    cookie: f.logoutCookies[attempt],
  }),
  'PUT /user/current': (f) => ({
    method: 'PUT',
    url: '/api/1.3/user/current',
    cookie: f.admin,
    payload: { user: { fullName: 'Admin Renamed' } },
  }),
  'POST /user/current/update': (f) => ({
    method: 'POST',
    url: '/api/1.1/user/current/update',
    cookie: f.admin,
    payload: { user: { fullName: 'Admin Renamed Again' } },
  }),
  'POST /origins': (f) => ({
    method: 'POST',
    url: '/api/1.3/origins',
    cookie: f.admin,
    payload: {
      name: 'fault-new',
      fqdn: 'fault-new.example.test',
      protocol: 'http',
      deliveryServiceId: f.ids.deliveryServices.ds1,
    },
  }),
  'PUT /origins': (f) => ({
    method: 'PUT',
    url: `/api/1.3/origins?id=${f.origins.update}`,
    cookie: f.admin,
    payload: {
      name: 'fault-updated',
      fqdn: 'fault-updated.example.test',
      protocol: 'https',
      deliveryServiceId: f.ids.deliveryServices.ds1,
    },
  }),
  'DELETE /origin': (f) => ({
    method: 'DELETE',
    url: `/api/1.3/origin?id=${f.origins.deleteSingular}`,
    cookie: f.admin,
  }),
  'DELETE /origins': (f) => ({
    method: 'DELETE',
    url: `/api/1.3/origins?id=${f.origins.deletePlural}`,
    cookie: f.admin,
  }),
  'POST /federations/:id/users': (f) => ({
    method: 'POST',
    url: `/api/1.3/federations/${f.ids.federation}/users`,
    cookie: f.admin,
    payload: { userIds: [f.ids.users.ops_user], replace: false },
  }),
  'DELETE /federations/:id/users/:userId': (f) => ({
    method: 'DELETE',
    url: `/api/1.3/federations/${f.ids.federation}/users/${f.ids.users.ro_user}`,
    cookie: f.admin,
  }),
  'POST /user/current/jobs': (f) => ({
    method: 'POST',
    url: '/api/1.3/user/current/jobs',
    cookie: f.admin,
    payload: { dsId: f.ids.deliveryServices.ds1, regex: '/fault/.*', startTime: f.startTime, ttl: 2 },
  }),
  'POST /users': (f) => ({
    method: 'POST',
    url: '/api/1.3/users',
    cookie: f.admin,
    payload: {
      username: 'fault_user',
      email: 'fault_user@example.test',
      fullName: 'Fault User',
      localPassword: 'FaultUserPassw0rd!',
      confirmLocalPassword: 'FaultUserPassw0rd!',
      role: ROLES['read-only'].id,
      tenantId: f.ids.tenants.root,
    },
  }),
  'POST /users/register': (f) => ({
    method: 'POST',
    url: '/api/1.3/users/register',
    cookie: f.admin,
    payload: { email: 'fault_invitee@example.test', role: ROLES['read-only'].id, tenantId: f.ids.tenants.root },
  }),
  'POST /user/reset_password': () => ({
    method: 'POST',
    url: '/api/1.3/user/reset_password',
    payload: { email: 'ro@example.test' },
  }),
  'POST /users.json': (f) => ({
    method: 'POST',
    url: '/api/1.5/users.json',
    cookie: f.admin,
    payload: {
      username: 'fault_go_user',
      email: 'fault_go_user@example.test',
      fullName: 'Fault Go User',
      localPasswd: 'FaultUserPassw0rd!',
      confirmLocalPasswd: 'FaultUserPassw0rd!',
      role: ROLES['read-only'].id,
      tenantId: f.ids.tenants.root,
    },
  }),
  'POST /jobs': (f) => ({
    method: 'POST',
    url: '/api/1.5/jobs',
    cookie: f.admin,
    payload: { deliveryService: 'ds1', regex: '/fault-go/.*', startTime: f.futureStart, ttl: 2 },
  }),
  'PUT /jobs': (f) => ({
    method: 'PUT',
    url: `/api/1.5/jobs?id=${f.jobs.update}`,
    cookie: f.admin,
    payload: {
      assetUrl: 'http://ds1-origin.example.test/fault-put/.*',
      parameters: 'TTL:3h',
      startTime: f.futureStart,
    },
  }),
  'DELETE /jobs': (f) => ({ method: 'DELETE', url: `/api/1.5/jobs?id=${f.jobs.remove}`, cookie: f.admin }),
  ...CACHES_VALID_WRITES,
  ...KEYS_VALID_WRITES,
  ...TOPOLOGY_VALID_WRITES,
  ...DS_PROFILES_VALID_WRITES,
  ...TENANTS_FED_VALID_WRITES,
  ...SNAPSHOT_VALID_WRITES,
  ...HEALTH_VALID_WRITES,
  ...DS_REQUESTS_VALID_WRITES,
};

const WRITE_ROUTES = routeTable().filter((r) => r.method !== 'GET');
const READ_ROUTES = routeTable().filter((r) => r.method === 'GET');

/** Every write route has a valid request here; answers the ones that do not. */
export function writesWithoutRequest(): string[] {
  return WRITE_ROUTES.map((r) => `${r.method} ${r.url}`).filter((name) => !(name in VALID_WRITES));
}

/** Prepares, while writes still work, what the valid requests of VALID_WRITES refer to. */
export async function prepareForFaults(t: GoldenApp): Promise<FaultFixtures> {
  const now = t.clock.now();
  const origin = async (name: string) => {
    const id = await t.store.origins.insert(
      {
        name,
        fqdn: `${name}.example.test`,
        protocol: 'http',
        port: null,
        ipAddress: null,
        ip6Address: null,
        deliveryServiceId: t.ids.deliveryServices.ds1,
        cachegroupId: null,
        coordinateId: null,
        profileId: null,
        tenantId: null,
      },
      now,
    );
    if (id === null) throw new Error(`origin ${name} not created`);
    return id;
  };
  const job = async (regex: string) =>
    (
      await t.store.jobs.insertPurge({
        assetUrl: `http://ds1-origin.example.test${regex}`,
        ttlHours: 24,
        startTime: now + 6 * 3600_000,
        enteredTime: now,
        userId: t.ids.users.admin,
        deliveryServiceId: t.ids.deliveryServices.ds1,
      })
    ).id;
  await t.store.federationUsers.assign(t.ids.federation, [t.ids.users.ro_user], false, null);
  // A URI-signing key set for the DELETE to remove (the key store's records are written through the API).
  const keyset = await t.app.inject({
    method: 'POST',
    url: '/api/1.3/deliveryservices/ds1/urisignkeys',
    headers: { cookie: await t.session('admin') },
    payload: FAULT_URI_KEYSET,
  });
  expect(keyset.statusCode, keyset.body).toBe(200);
  // URL-signing keys of ds1 for the copy to ds2 to read.
  const urlKeys = await t.app.inject({
    method: 'POST',
    url: '/api/1.3/deliveryservices/xmlId/ds1/urlkeys/generate',
    headers: { cookie: await t.session('admin') },
  });
  expect(urlKeys.statusCode, urlKeys.body).toBe(200);
  const reset = await t.app.inject({
    method: 'POST',
    url: '/api/1.3/user/reset_password',
    payload: { email: 'ops@example.test' },
  });
  expect(reset.statusCode).toBe(200);
  await resetMailQueueOf(t.store)?.idle();
  const token = mailedTokens(t.outbox, 'ops@example.test').at(-1);
  if (!token) throw new Error('no reset token in the outbox');
  return {
    ids: t.ids,
    admin: await t.session('admin'),
    logoutCookies: [await t.session('ro_user'), await t.session('ro_user')],
    token,
    origins: {
      update: await origin('fault-update'),
      deleteSingular: await origin('fault-delete-1'),
      deletePlural: await origin('fault-delete-2'),
    },
    startTime: new Date(now).toISOString(),
    futureStart: new Date(now + 12 * 3600_000).toISOString(),
    jobs: { update: await job('/fault-update/.*'), remove: await job('/fault-remove/.*') },
    extension: await t.session('extension'),
    agent: await t.session('ort_user'),
    topology: await prepareTopologyFaults(t),
    dsProfiles: await prepareDsProfilesFaults(t),
    tenantsFed: await prepareTenantsFedFaults(t),
    dsRequests: await prepareDsRequestFaults(t),
  };
}

async function send(app: FastifyInstance, request: WriteRequest): Promise<LightMyRequestResponse> {
  return app.inject({
    method: request.method,
    url: request.url,
    headers: request.cookie ? { cookie: request.cookie } : {},
    ...(request.payload ? { payload: request.payload } : {}),
  });
}

/** Sends every valid write; each must answer 503 with the store-unavailable alert and a Retry-After. */
export async function expectEveryWriteRefused(app: FastifyInstance, f: FaultFixtures): Promise<void> {
  for (const route of WRITE_ROUTES) {
    const name = `${route.method} ${route.url}`;
    const res = await send(app, VALID_WRITES[name](f, 0));
    expect(res.statusCode, `${name} during the fault: ${res.body}`).toBe(503);
    expect(res.json().alerts, name).toEqual(STORE_UNAVAILABLE);
    expect(res.headers['retry-after'], name).toBe('5');
  }
}

/** Sends every valid write again once the fault is gone: each must now succeed. */
export async function expectEveryWriteAccepted(app: FastifyInstance, f: FaultFixtures): Promise<void> {
  for (const route of WRITE_ROUTES) {
    const name = `${route.method} ${route.url}`;
    const res = await send(app, VALID_WRITES[name](f, 1));
    expect(res.statusCode, `${name} after the fault: ${res.body}`).toBe(200);
  }
}

/** The query a read needs to answer 200 (servers/details names its server by host name or location). */
const READ_QUERIES: Record<string, (ids: GoldenIds) => string> = {
  '/servers/details': (ids) => `?hostName=${ids.servers.rootHost}`,
};

/** Every GET route of the table, with real path values, answers 200 to admin. */
export async function expectEveryReadServed(app: FastifyInstance, f: FaultFixtures): Promise<void> {
  for (const route of READ_ROUTES) {
    // 1.3, or the route's first version when it came later (1.1 where a route left 1.3 behind).
    const at = route.url.endsWith('available.json') ? '1.1' : route.since > '1.3' ? route.since : '1.3';
    const query = READ_QUERIES[route.url]?.(f.ids) ?? '';
    const version = `${routePrefix(route, at)}${fillPath(route, route.url, f.ids)}${query}`;
    const res = await app.inject({ method: 'GET', url: version, headers: { cookie: f.admin } });
    expect(res.statusCode, `GET ${version} during the fault: ${res.body.slice(0, 200)}`).toBe(200);
  }
}
