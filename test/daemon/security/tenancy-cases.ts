import { expect } from 'vitest';
import type { RouteDef } from '../../../daemon/http/route.js';
import { ROLES, type GoldenIds } from './fixture.js';
import { CACHES_TENANCY } from './tenancy-cases-caches.js';
import { PLACES_TENANCY } from './tenancy-cases-places.js';
import { PROFILES_TENANCY } from './tenancy-cases-profiles.js';
import { DS_TENANCY } from './tenancy-cases-ds.js';
import { TOPOLOGY_TENANCY } from './tenancy-cases-topology.js';
import { TENANTS_FED_TENANCY } from './tenancy-cases-tenants-fed.js';
import { ORT_TENANCY } from './tenancy-cases-ort.js';
import { SNAPSHOTS_TENANCY } from './tenancy-cases-snapshots.js';
import { HEALTH_TENANCY } from './tenancy-cases-health.js';
import { DS_REQUESTS_TENANCY } from './tenancy-cases-ds-requests.js';

/**
 * Tenancy cases of the routes that take ids (path parameters, query filters, ids in bodies), asked by tenant-a
 * callers about root-tenant records (BEHAVIOR.md §3): lists drop them, GET by id answers [], writes 403 or 404.
 * test/security/tenancy.test.ts runs them, and fails for a route that takes ids and has no entry here.
 */

export type Who = 'tenanta_user' | 'tenanta_admin';
export interface TenancyCase {
  as: Who;
  method?: RouteDef['method'];
  url: (ids: GoldenIds) => string;
  body?: (ids: GoldenIds) => unknown;
  status: number;
  /** The error alert's text, for refusals. */
  text?: string;
  /** Checks the `response` of a 200. */
  response?: (response: unknown, ids: GoldenIds) => void;
  /** The same request by admin (who sees every tenant) answers a non-empty list: the id was real. */
  adminSeesIt?: boolean;
}
export interface TenancyEntry {
  why: string;
  cases: TenancyCase[];
}

const isEmptyList = (r: unknown) => expect(r).toEqual([]);
const oneRecord = (r: unknown) => expect(r).toHaveLength(1);
const START = '2026-11-21 12:00:00';

export const TENANCY: Record<string, TenancyEntry> = {
  'GET /users': {
    why: 'lists only users of visible tenants',
    cases: [
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.3/users?id=${ids.users.admin}`,
        status: 200,
        response: isEmptyList,
        adminSeesIt: true,
      },
      {
        as: 'tenanta_user',
        url: () => '/api/1.3/users',
        status: 200,
        response: (r, ids) => {
          const list = r as { tenantId: number }[];
          expect(list.length).toBeGreaterThan(0);
          for (const u of list) expect(u.tenantId).toBe(ids.tenants.tenantA);
        },
      },
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.3/users?tenant=${ids.tenants.root}`,
        status: 200,
        response: isEmptyList,
        adminSeesIt: true,
      },
    ],
  },
  'GET /users/:id': {
    why: 'an invisible user answers like a missing one',
    cases: [
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.3/users/${ids.users.admin}`,
        status: 200,
        response: isEmptyList,
        adminSeesIt: true,
      },
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.3/users/${ids.users.tenanta_admin}`,
        status: 200,
        response: oneRecord,
      },
    ],
  },
  'POST /users': {
    why: 'cannot create a user in an invisible tenant',
    cases: [
      {
        as: 'tenanta_user',
        method: 'POST',
        url: () => '/api/1.3/users',
        body: (ids) => ({
          username: 'tenancy_probe',
          email: 'tenancy_probe@example.test',
          fullName: 'Tenancy Probe',
          localPassword: 'Pr0bePassw0rd!x',
          confirmLocalPassword: 'Pr0bePassw0rd!x',
          role: ROLES['read-only'].id,
          tenantId: ids.tenants.root,
        }),
        status: 403,
        text: 'not authorized on this tenant',
      },
    ],
  },
  'POST /users/register': {
    why: 'cannot invite a user into an invisible tenant',
    cases: [
      {
        as: 'tenanta_user',
        method: 'POST',
        url: () => '/api/1.3/users/register',
        body: (ids) => ({
          email: 'tenancy_probe@example.test',
          role: ROLES['read-only'].id,
          tenantId: ids.tenants.root,
        }),
        status: 403,
        text: 'not authorized on this tenant',
      },
    ],
  },
  'GET /users/:id/deliveryservices': {
    why: 'an invisible user answers an empty list, like a missing one (as Traffic Ops did)',
    cases: [
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.3/users/${ids.users.ro_user}/deliveryservices`,
        status: 200,
        response: isEmptyList,
        adminSeesIt: true,
      },
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.5/users/${ids.users.ro_user}/deliveryservices`,
        status: 200,
        response: isEmptyList,
        adminSeesIt: true,
      },
    ],
  },
  'GET /user/:id/deliveryservices/available': {
    why: 'an invisible user is not found',
    cases: [
      {
        as: 'tenanta_user',
        // At the seed's 1.2: beyond it Traffic Ops' deprecation warning precedes the error (issue 34).
        url: (ids) => `/api/1.2/user/${ids.users.ro_user}/deliveryservices/available`,
        status: 404,
        text: 'user not found',
      },
    ],
  },
  'GET /user/:id/deliveryservices/available.json': {
    why: 'an invisible user is not found',
    cases: [
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.1/user/${ids.users.ro_user}/deliveryservices/available.json`,
        status: 404,
        text: 'user not found',
      },
    ],
  },
  'GET /deliveryservices': {
    why: 'lists only delivery services of visible tenants',
    cases: [
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.3/deliveryservices?id=${ids.deliveryServices.ds1}`,
        status: 200,
        response: isEmptyList,
        adminSeesIt: true,
      },
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.3/deliveryservices?tenant=${ids.tenants.root}`,
        status: 200,
        response: isEmptyList,
        adminSeesIt: true,
      },
      {
        as: 'tenanta_user',
        url: () => '/api/1.3/deliveryservices',
        status: 200,
        response: (r) => expect((r as { xmlId: string }[]).map((ds) => ds.xmlId)).toEqual(['ds2']),
      },
    ],
  },
  'GET /deliveryservices/:id': {
    why: 'an invisible delivery service answers like a missing one',
    cases: [
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.3/deliveryservices/${ids.deliveryServices.ds1}`,
        status: 200,
        response: isEmptyList,
        adminSeesIt: true,
      },
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.3/deliveryservices/${ids.deliveryServices.ds2}`,
        status: 200,
        response: oneRecord,
      },
    ],
  },
  'GET /cdns': {
    why: 'CDNs carry no tenant: every caller sees them',
    cases: [{ as: 'tenanta_user', url: (ids) => `/api/1.3/cdns?id=${ids.cdn.id}`, status: 200, response: oneRecord }],
  },
  'GET /tenants': {
    why: 'lists only the caller’s tenant and its descendants',
    cases: [
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.3/tenants?id=${ids.tenants.root}`,
        status: 200,
        response: isEmptyList,
        adminSeesIt: true,
      },
      {
        as: 'tenanta_user',
        url: () => '/api/1.3/tenants?name=root',
        status: 200,
        response: isEmptyList,
        adminSeesIt: true,
      },
    ],
  },
  'GET /roles': {
    why: 'roles carry no tenant: every caller sees them',
    cases: [{ as: 'tenanta_user', url: () => `/api/1.3/roles?id=${ROLES.admin.id}`, status: 200, response: oneRecord }],
  },
  'GET /federations/catalog': {
    why: 'a federation serving an invisible delivery service is invisible',
    cases: [
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.3/federations/catalog?id=${ids.federation}`,
        status: 200,
        response: isEmptyList,
        adminSeesIt: true,
      },
    ],
  },
  'GET /federations/:id/users': {
    why: 'an invisible federation is not found',
    cases: [
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.3/federations/${ids.federation}/users`,
        status: 404,
        text: 'federation {federation} not found',
      },
    ],
  },
  'POST /federations/:id/users': {
    why: 'an invisible federation is not found, even for a tenant admin',
    cases: [
      {
        as: 'tenanta_admin',
        method: 'POST',
        url: (ids) => `/api/1.3/federations/${ids.federation}/users`,
        body: (ids) => ({ userIds: [ids.users.tenanta_user], replace: false }),
        status: 404,
        text: 'federation {federation} not found',
      },
    ],
  },
  'DELETE /federations/:id/users/:userId': {
    why: 'an invisible federation is not found, even for a tenant admin',
    cases: [
      {
        as: 'tenanta_admin',
        method: 'DELETE',
        url: (ids) => `/api/1.3/federations/${ids.federation}/users/${ids.users.tenanta_user}`,
        status: 404,
        text: 'federation {federation} not found',
      },
    ],
  },
  'GET /origins': {
    why: 'lists only origins of visible tenants',
    cases: [
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.3/origins?id=${ids.origins.root}`,
        status: 200,
        response: isEmptyList,
        adminSeesIt: true,
      },
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.3/origins?deliveryservice=${ids.deliveryServices.ds1}`,
        status: 200,
        response: isEmptyList,
        adminSeesIt: true,
      },
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.3/origins?id=${ids.origins.tenantA}`,
        status: 200,
        response: oneRecord,
      },
    ],
  },
  'POST /origins': {
    why: 'cannot add an origin to an invisible delivery service or tenant',
    cases: [
      {
        as: 'tenanta_user',
        method: 'POST',
        url: () => '/api/1.3/origins',
        body: (ids) => ({
          name: 'probe',
          fqdn: 'probe.example.test',
          protocol: 'http',
          deliveryServiceId: ids.deliveryServices.ds1,
        }),
        status: 403,
        text: 'not authorized on this tenant',
      },
      {
        as: 'tenanta_user',
        method: 'POST',
        url: () => '/api/1.3/origins',
        body: (ids) => ({
          name: 'probe',
          fqdn: 'probe.example.test',
          protocol: 'http',
          deliveryServiceId: ids.deliveryServices.ds2,
          tenantId: ids.tenants.root,
        }),
        status: 403,
        text: 'not authorized on this tenant',
      },
    ],
  },
  'PUT /origins': {
    why: 'cannot change an origin of an invisible tenant',
    cases: [
      {
        as: 'tenanta_user',
        method: 'PUT',
        url: (ids) => `/api/1.3/origins?id=${ids.origins.root}`,
        body: (ids) => ({
          name: 'root-secondary',
          fqdn: 'changed.example.test',
          protocol: 'http',
          deliveryServiceId: ids.deliveryServices.ds1,
        }),
        status: 403,
        text: 'not authorized on this tenant',
      },
    ],
  },
  'DELETE /origin': {
    why: 'cannot delete an origin of an invisible tenant',
    cases: [
      {
        as: 'tenanta_user',
        method: 'DELETE',
        url: (ids) => `/api/1.3/origin?id=${ids.origins.root}`,
        status: 403,
        text: 'not authorized on this tenant',
      },
    ],
  },
  'DELETE /origins': {
    why: 'cannot delete an origin of an invisible tenant',
    cases: [
      {
        as: 'tenanta_user',
        method: 'DELETE',
        url: (ids) => `/api/1.3/origins?id=${ids.origins.root}`,
        status: 403,
        text: 'not authorized on this tenant',
      },
    ],
  },
  'GET /profiles': {
    why: 'profiles carry no tenant: every caller sees them',
    cases: [
      { as: 'tenanta_user', url: (ids) => `/api/1.3/profiles?id=${ids.profile}`, status: 200, response: oneRecord },
    ],
  },
  'GET /profiles/name/:name/parameters': {
    why: 'profiles and their parameters carry no tenant: every caller sees them (secure values masked by role)',
    cases: [{ as: 'tenanta_user', url: () => '/api/1.3/profiles/name/GLOBAL/parameters', status: 200 }],
  },
  'GET /profiles/:id': {
    why: 'profiles carry no tenant: every caller sees them',
    cases: [{ as: 'tenanta_user', url: (ids) => `/api/1.3/profiles/${ids.profile}`, status: 200, response: oneRecord }],
  },
  'POST /user/current/jobs': {
    why: 'a purge of an invisible delivery service answers as a missing one (404, BEHAVIOR.md §9)',
    cases: [
      {
        as: 'tenanta_user',
        method: 'POST',
        // At the seed's 1.2: beyond it Traffic Ops' deprecation warning precedes the error (issue 34).
        url: () => '/api/1.2/user/current/jobs',
        body: (ids) => ({ dsId: ids.deliveryServices.ds1, regex: '/probe', startTime: START, ttl: 1 }),
        status: 404,
        text: 'No such Delivery Service!',
      },
    ],
  },
  'GET /user/current/jobs': {
    why: 'the caller’s own jobs, only on delivery services it still sees',
    cases: [
      { as: 'tenanta_user', url: () => '/api/1.3/user/current/jobs?keyword=PURGE', status: 200, response: isEmptyList },
    ],
  },
  'GET /cdns/:name/configfiles/ats/regex_revalidate.config': {
    why: 'a CDN-wide file for the caches: not limited by tenant',
    cases: [
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.3/cdns/${ids.cdn.name}/configfiles/ats/regex_revalidate.config`,
        status: 200,
      },
    ],
  },
  'PUT /user/current': {
    why: 'a user cannot move itself to another tenant',
    cases: [
      {
        as: 'tenanta_user',
        method: 'PUT',
        url: () => '/api/1.3/user/current',
        body: (ids) => ({ user: { tenantId: ids.tenants.root } }),
        status: 400,
        text: 'users cannot change their own tenant',
      },
    ],
  },
  'POST /user/current/update': {
    why: 'a user cannot move itself to another tenant',
    cases: [
      {
        as: 'tenanta_user',
        method: 'POST',
        url: () => '/api/1.1/user/current/update',
        body: (ids) => ({ user: { tenantId: ids.tenants.root } }),
        status: 400,
        text: 'users cannot change their own tenant',
      },
    ],
  },
  ...CACHES_TENANCY,
  ...PLACES_TENANCY,
  ...PROFILES_TENANCY,
  ...DS_TENANCY,
  ...TOPOLOGY_TENANCY,
  ...TENANTS_FED_TENANCY,
  ...ORT_TENANCY,
  ...SNAPSHOTS_TENANCY,
  ...HEALTH_TENANCY,
  ...DS_REQUESTS_TENANCY,
  'POST /users.json': {
    why: 'cannot create a user in an invisible tenant (the Go client creates users here)',
    cases: [
      {
        as: 'tenanta_user',
        method: 'POST',
        url: () => '/api/1.5/users.json',
        body: (ids) => ({
          username: 'tenancy_probe',
          email: 'tenancy_probe@example.test',
          fullName: 'Tenancy Probe',
          localPasswd: 'Pr0bePassw0rd!x',
          confirmLocalPasswd: 'Pr0bePassw0rd!x',
          role: ROLES['read-only'].id,
          tenantId: ids.tenants.root,
        }),
        status: 403,
        text: 'not authorized on this tenant',
      },
    ],
  },
  'GET /jobs': {
    why: "lists only jobs whose delivery service's tenant is visible",
    cases: [
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.5/jobs?id=${ids.jobs.root}`,
        status: 200,
        response: isEmptyList,
        adminSeesIt: true,
      },
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.1/jobs?dsId=${ids.deliveryServices.ds1}`,
        status: 200,
        response: isEmptyList,
        adminSeesIt: true,
      },
      {
        as: 'tenanta_user',
        url: () => '/api/1.5/jobs?deliveryService=ds1',
        status: 200,
        response: isEmptyList,
        adminSeesIt: true,
      },
    ],
  },
  'GET /jobs/:id': {
    why: 'an invisible job answers like a missing one',
    cases: [
      {
        as: 'tenanta_user',
        url: (ids) => `/api/1.5/jobs/${ids.jobs.root}`,
        status: 200,
        response: isEmptyList,
        adminSeesIt: true,
      },
    ],
  },
  'POST /jobs': {
    why: 'a purge of an invisible delivery service answers as Traffic Ops did: 404 No such Delivery Service!',
    cases: [
      {
        as: 'tenanta_admin',
        method: 'POST',
        url: () => '/api/1.5/jobs',
        body: () => ({ deliveryService: 'ds1', regex: '/probe', startTime: '2026-11-21 13:00:00', ttl: 1 }),
        status: 404,
        text: 'No such Delivery Service!',
      },
    ],
  },
  'PUT /jobs': {
    why: 'an invisible job cannot be changed: it answers as a missing one',
    cases: [
      {
        as: 'tenanta_admin',
        method: 'PUT',
        url: (ids) => `/api/1.5/jobs?id=${ids.jobs.root}`,
        body: () => ({ parameters: 'TTL:1h', startTime: '2026-11-21 13:30:00' }),
        status: 404,
        text: "No job by id '{job}'!",
      },
    ],
  },
  'DELETE /jobs': {
    why: 'an invisible job cannot be deleted: it answers as a missing one',
    cases: [
      {
        as: 'tenanta_admin',
        method: 'DELETE',
        url: (ids) => `/api/1.4/jobs?id=${ids.jobs.root}`,
        status: 404,
        text: "No job by id '{job}'!",
      },
    ],
  },
  // issue 21: the key store — admin only, so the tenant-a caller is tenant-a's admin; ds1 is root's, ds2 tenant-a's
  'GET /deliveryservices/xmlId/:xmlId/urlkeys': {
    why: "an admin of another tenant cannot read a delivery service's URL-signing keys",
    cases: [
      {
        as: 'tenanta_admin',
        url: () => '/api/1.1/deliveryservices/xmlId/ds1/urlkeys',
        status: 403,
        text: 'not authorized on this tenant',
      },
    ],
  },
  'GET /deliveryservices/:id/urlkeys': {
    why: "an admin of another tenant cannot read a delivery service's URL-signing keys",
    cases: [
      {
        as: 'tenanta_admin',
        url: (ids) => `/api/1.1/deliveryservices/${ids.deliveryServices.ds1}/urlkeys`,
        status: 403,
        text: 'not authorized on this tenant',
      },
    ],
  },
  'POST /deliveryservices/xmlId/:xmlId/urlkeys/generate': {
    why: "an admin of another tenant cannot replace a delivery service's URL-signing keys",
    cases: [
      {
        as: 'tenanta_admin',
        method: 'POST',
        url: () => '/api/1.1/deliveryservices/xmlId/ds1/urlkeys/generate',
        status: 403,
        text: 'not authorized on this tenant',
      },
    ],
  },
  'POST /deliveryservices/xmlId/:xmlId/urlkeys/copyFromXmlId/:copyFromXmlId': {
    why: 'tenancy holds on both delivery services of a copy',
    cases: [
      {
        as: 'tenanta_admin',
        method: 'POST',
        url: () => '/api/1.1/deliveryservices/xmlId/ds2/urlkeys/copyFromXmlId/ds1',
        status: 403,
        text: 'not authorized on this copy tenant',
      },
      {
        as: 'tenanta_admin',
        method: 'POST',
        url: () => '/api/1.1/deliveryservices/xmlId/ds1/urlkeys/copyFromXmlId/ds2',
        status: 403,
        text: 'not authorized on this tenant',
      },
    ],
  },
  ...Object.fromEntries(
    (['GET', 'POST', 'PUT', 'DELETE'] as const).map((method) => [
      `${method} /deliveryservices/:xmlId/urisignkeys`,
      {
        why: "an admin of another tenant cannot touch a delivery service's URI-signing keys",
        cases: [
          {
            as: 'tenanta_admin' as const,
            method,
            url: () => '/api/1.3/deliveryservices/ds1/urisignkeys',
            ...(method === 'POST' || method === 'PUT'
              ? {
                  body: () => ({
                    issuer: { renewal_kid: 'k1', keys: [{ alg: 'HS256', kid: 'k1', kty: 'oct', k: 'c2VjcmV0' }] },
                  }),
                }
              : {}),
            status: 403,
            text: 'not authorized on this tenant',
          },
        ],
      },
    ]),
  ),
  'GET /deliveryservices/xmlId/:xmlId/sslkeys': {
    why: "an admin of another tenant cannot read a delivery service's TLS keys",
    cases: [
      {
        as: 'tenanta_admin',
        url: () => '/api/1.1/deliveryservices/xmlId/ds1/sslkeys?decode=1',
        status: 403,
        text: 'not authorized on this tenant',
      },
    ],
  },
  'POST /deliveryservices/sslkeys/add': {
    why: 'an admin of another tenant cannot add TLS keys to a delivery service',
    cases: [
      {
        as: 'tenanta_admin',
        method: 'POST',
        url: () => '/api/1.1/deliveryservices/sslkeys/add',
        body: () => ({
          key: 'ds1',
          cdn: 'cdn1',
          hostname: 'ds1.example.test',
          version: 1,
          certificate: { crt: 'x', key: 'y', csr: 'z' },
        }),
        status: 403,
        text: 'not authorized on this tenant',
      },
    ],
  },
  'POST /deliveryservices/sslkeys/generate': {
    why: 'an admin of another tenant cannot generate TLS keys for a delivery service',
    cases: [
      {
        as: 'tenanta_admin',
        method: 'POST',
        url: () => '/api/1.1/deliveryservices/sslkeys/generate',
        body: () => ({
          key: 'ds1',
          cdn: 'cdn1',
          hostname: 'ds1.example.test',
          version: 1,
          businessUnit: 'b',
          city: 'c',
          organization: 'o',
          country: 'US',
          state: 's',
        }),
        status: 403,
        text: 'not authorized on this tenant',
      },
    ],
  },
  'GET /cdns/name/:name/sslkeys': {
    why: "lists only the TLS keys of the caller's delivery services",
    cases: [
      {
        as: 'tenanta_admin',
        url: (ids) => `/api/1.1/cdns/name/${ids.cdn.name}/sslkeys`,
        status: 200,
        response: (r) =>
          expect((r as { deliveryservice: string }[]).filter((k) => k.deliveryservice !== 'ds2')).toEqual([]),
      },
    ],
  },
  'GET /keys/summary': {
    why: 'summarizes only the keys of visible delivery services',
    cases: [{ as: 'tenanta_admin', url: () => '/api/1.1/keys/summary?xmlId=ds1', status: 200, response: isEmptyList }],
  },
  'GET /logs': {
    why: 'change-log entries about invisible tenants are left out (the golden import is about the root tenant)',
    cases: [
      {
        as: 'tenanta_user',
        url: () => '/api/1.3/logs?days=3650',
        status: 200,
        response: (r) => {
          for (const e of r as { message: string }[]) expect(e.message).not.toMatch(/^SNAPSHOT:/);
        },
      },
      {
        as: 'tenanta_user',
        url: () => '/api/1.3/logs?username=import',
        status: 200,
        response: isEmptyList,
        adminSeesIt: true,
      },
    ],
  },
};
