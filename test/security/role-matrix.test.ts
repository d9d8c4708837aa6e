import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteDef } from '../../daemon/http/route.js';
import { VERSIONS, atLeast } from '../../daemon/versions.js';
import {
  CALLERS,
  PASSWORDS,
  ROLES,
  alertsOf,
  expectErrorEnvelope,
  fillPath,
  goldenApp,
  routeTable,
  type Caller,
  type GoldenApp,
  type GoldenIds,
} from './fixture.js';

/**
 * Every route of the route table × every caller, generated: the expected status follows from the route's `auth`
 * level and the caller's privilege level alone, so a new route is covered the moment it is registered.
 */

const ROUTES = routeTable();
const UNAUTHORIZED = 'Unauthorized, please log in.';

/** The URLs the app registers for a route: GET routes (and those that ask) also answer at `.json`. */
const urlsOf = (route: RouteDef) => [route.url, ...((route.jsonSuffix ?? route.method === 'GET') ? [`${route.url}.json`] : [])];
const routeName = (route: RouteDef) => `${route.method} ${route.url}`;

type Expectation = { status: 401 | 403; text: string } | 'allowed' | 'same for everyone';

/** What a caller must get from a route, derived from the route's auth level and the caller's role. */
function expectationFor(route: RouteDef, caller: Caller): Expectation {
  if (route.auth === 'none') return 'same for everyone';
  if (typeof route.auth !== 'number' || !Number.isInteger(route.auth) || route.auth < 0) {
    throw new Error(
      `${routeName(route)}: auth level ${JSON.stringify(route.auth)} is neither 'none' nor a privilege level; ` +
        'the role matrix (test/security/role-matrix.test.ts) cannot derive what callers get: add the rule there.',
    );
  }
  const privLevel = {
    admin: ROLES.admin.privLevel,
    operations: ROLES.operations.privLevel,
    portal: ROLES.portal.privLevel,
    'read-only': ROLES['read-only'].privLevel,
    disallowed: ROLES.disallowed.privLevel,
    'no session': null,
    'tenant-a user': ROLES.operations.privLevel,
  }[caller];
  // No session, and a session of a disallowed user (one left from before its role changed), are both 401.
  if (privLevel === null || privLevel <= 0) return { status: 401, text: UNAUTHORIZED };
  if (privLevel < route.auth) return { status: 403, text: 'Forbidden.' };
  return 'allowed';
}

let t: GoldenApp;
beforeAll(async () => {
  t = await goldenApp();
});
afterAll(async () => {
  await t?.close();
});

/** One request as `caller`, each with a session of its own (so a logout or password change ends only that one). */
async function requestAs(caller: Caller, method: RouteDef['method'], url: string): Promise<LightMyRequestResponse> {
  const username = CALLERS[caller];
  const headers: Record<string, string> = username === null ? {} : { cookie: await t.session(username) };
  const payload = method === 'POST' || method === 'PUT' ? {} : undefined;
  return t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

const bodyOf = (res: LightMyRequestResponse) => `${res.statusCode} ${res.body.slice(0, 200)}`;

describe('role matrix: every route × every caller, from the route table', () => {
  it('finds the routes of every module in the route table', () => {
    expect(ROUTES.length).toBeGreaterThan(30);
    const names = ROUTES.map(routeName);
    expect(new Set(names).size, 'a route is registered twice').toBe(names.length);
  });

  for (const route of ROUTES) {
    const versions = VERSIONS.filter((v) => atLeast(v, route.since));
    it(`${routeName(route)} (since ${route.since}, auth ${route.auth}) answers each caller by its privilege at ${versions.join(', ')}`, async () => {
      const before = await t.checksum();
      for (const version of versions) {
        for (const url of urlsOf(route)) {
          const path = `/api/${version}${fillPath(route, url, t.ids)}`;
          const answers = new Map<Caller, LightMyRequestResponse>();
          for (const caller of Object.keys(CALLERS) as Caller[]) {
            const res = await requestAs(caller, route.method, path);
            answers.set(caller, res);
            const expected = expectationFor(route, caller);
            const where = `${route.method} ${path} as ${caller}: ${bodyOf(res)}`;
            expect(res.statusCode, where).toBeLessThan(500);
            if (typeof expected === 'object') {
              expect(res.statusCode, where).toBe(expected.status);
              expect(alertsOf(res), where).toEqual([{ text: expected.text, level: 'error' }]);
            } else if (expected === 'allowed') {
              expect([401, 403], where).not.toContain(res.statusCode);
              if (res.statusCode >= 400) expectErrorEnvelope(res);
            }
          }
          if (route.auth === 'none') {
            // A route without a session requirement answers everyone alike: a cookie changes nothing.
            const reference = answers.get('no session')!;
            for (const [caller, res] of answers) {
              expect(`${res.statusCode} ${res.body}`, `${route.method} ${path} as ${caller}`).toBe(`${reference.statusCode} ${reference.body}`);
            }
          }
        }
      }
      expect(await t.checksum(), `${routeName(route)}: the matrix requests changed stored records`).toBe(before);
    });
  }
});

describe('disallowed users', () => {
  it('cannot log in, with the same answer as a wrong password', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/1.3/user/login', payload: { u: 'blocked_user', p: PASSWORDS.blocked_user } });
    expect(res.statusCode).toBe(401);
    expect(alertsOf(res)).toEqual([{ text: 'Invalid username or password.', level: 'error' }]);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('lose their old session the moment their role becomes disallowed, and get it back only with a permitted role', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/1.3/user/login', payload: { u: 'portal_user', p: PASSWORDS.portal_user } });
    expect(login.statusCode).toBe(200);
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    const current = () => t.app.inject({ method: 'GET', url: '/api/1.3/user/current', headers: { cookie } });
    expect((await current()).statusCode).toBe(200);
    await t.setRole('portal_user', ROLES.disallowed.id);
    try {
      const res = await current();
      expect(res.statusCode).toBe(401);
      expect(alertsOf(res)).toEqual([{ text: UNAUTHORIZED, level: 'error' }]);
      const logout = await t.app.inject({ method: 'POST', url: '/api/1.3/user/logout', headers: { cookie } });
      expect(logout.statusCode).toBe(401);
    } finally {
      await t.setRole('portal_user', ROLES.portal.id);
    }
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Tenancy: the routes that take ids (path parameters, query filters, ids in bodies), asked by tenant-a callers
// about root-tenant records (BEHAVIOR.md §3): lists drop them, GET by id answers [], writes answer 403 or 404.

type Who = 'tenanta_user' | 'tenanta_admin';
interface TenancyCase {
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
interface TenancyEntry {
  why: string;
  cases: TenancyCase[];
}

const isEmptyList = (r: unknown) => expect(r).toEqual([]);
const oneRecord = (r: unknown) => expect(r).toHaveLength(1);
const START = '2026-11-21 12:00:00';

const TENANCY: Record<string, TenancyEntry> = {
  'GET /users': {
    why: 'lists only users of visible tenants',
    cases: [
      { as: 'tenanta_user', url: (ids) => `/api/1.3/users?id=${ids.users.admin}`, status: 200, response: isEmptyList, adminSeesIt: true },
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
      { as: 'tenanta_user', url: (ids) => `/api/1.3/users?tenant=${ids.tenants.root}`, status: 200, response: isEmptyList, adminSeesIt: true },
    ],
  },
  'GET /users/:id': {
    why: 'an invisible user answers like a missing one',
    cases: [
      { as: 'tenanta_user', url: (ids) => `/api/1.3/users/${ids.users.admin}`, status: 200, response: isEmptyList, adminSeesIt: true },
      { as: 'tenanta_user', url: (ids) => `/api/1.3/users/${ids.users.tenanta_admin}`, status: 200, response: oneRecord },
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
        body: (ids) => ({ email: 'tenancy_probe@example.test', role: ROLES['read-only'].id, tenantId: ids.tenants.root }),
        status: 403,
        text: 'not authorized on this tenant',
      },
    ],
  },
  'GET /users/:id/deliveryservices': {
    why: 'an invisible user is not found',
    cases: [{ as: 'tenanta_user', url: (ids) => `/api/1.3/users/${ids.users.ro_user}/deliveryservices`, status: 404, text: 'user not found' }],
  },
  'GET /user/:id/deliveryservices/available': {
    why: 'an invisible user is not found',
    cases: [{ as: 'tenanta_user', url: (ids) => `/api/1.3/user/${ids.users.ro_user}/deliveryservices/available`, status: 404, text: 'user not found' }],
  },
  'GET /user/:id/deliveryservices/available.json': {
    why: 'an invisible user is not found',
    cases: [{ as: 'tenanta_user', url: (ids) => `/api/1.1/user/${ids.users.ro_user}/deliveryservices/available.json`, status: 404, text: 'user not found' }],
  },
  'GET /deliveryservices': {
    why: 'lists only delivery services of visible tenants',
    cases: [
      { as: 'tenanta_user', url: (ids) => `/api/1.3/deliveryservices?id=${ids.deliveryServices.ds1}`, status: 200, response: isEmptyList, adminSeesIt: true },
      { as: 'tenanta_user', url: (ids) => `/api/1.3/deliveryservices?tenant=${ids.tenants.root}`, status: 200, response: isEmptyList, adminSeesIt: true },
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
      { as: 'tenanta_user', url: (ids) => `/api/1.3/deliveryservices/${ids.deliveryServices.ds1}`, status: 200, response: isEmptyList, adminSeesIt: true },
      { as: 'tenanta_user', url: (ids) => `/api/1.3/deliveryservices/${ids.deliveryServices.ds2}`, status: 200, response: oneRecord },
    ],
  },
  'GET /cdns': {
    why: 'CDNs carry no tenant: every caller sees them',
    cases: [{ as: 'tenanta_user', url: (ids) => `/api/1.3/cdns?id=${ids.cdn.id}`, status: 200, response: oneRecord }],
  },
  'GET /tenants': {
    why: 'lists only the caller’s tenant and its descendants',
    cases: [
      { as: 'tenanta_user', url: (ids) => `/api/1.3/tenants?id=${ids.tenants.root}`, status: 200, response: isEmptyList, adminSeesIt: true },
      { as: 'tenanta_user', url: () => '/api/1.3/tenants?name=root', status: 200, response: isEmptyList, adminSeesIt: true },
    ],
  },
  'GET /roles': {
    why: 'roles carry no tenant: every caller sees them',
    cases: [{ as: 'tenanta_user', url: () => `/api/1.3/roles?id=${ROLES.admin.id}`, status: 200, response: oneRecord }],
  },
  'GET /federations': {
    why: 'a federation serving an invisible delivery service is invisible',
    cases: [{ as: 'tenanta_user', url: (ids) => `/api/1.3/federations?id=${ids.federation}`, status: 200, response: isEmptyList, adminSeesIt: true }],
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
      { as: 'tenanta_user', url: (ids) => `/api/1.3/origins?id=${ids.origins.root}`, status: 200, response: isEmptyList, adminSeesIt: true },
      { as: 'tenanta_user', url: (ids) => `/api/1.3/origins?deliveryservice=${ids.deliveryServices.ds1}`, status: 200, response: isEmptyList, adminSeesIt: true },
      { as: 'tenanta_user', url: (ids) => `/api/1.3/origins?id=${ids.origins.tenantA}`, status: 200, response: oneRecord },
    ],
  },
  'POST /origins': {
    why: 'cannot add an origin to an invisible delivery service or tenant',
    cases: [
      {
        as: 'tenanta_user',
        method: 'POST',
        url: () => '/api/1.3/origins',
        body: (ids) => ({ name: 'probe', fqdn: 'probe.example.test', protocol: 'http', deliveryServiceId: ids.deliveryServices.ds1 }),
        status: 403,
        text: 'not authorized on this tenant',
      },
      {
        as: 'tenanta_user',
        method: 'POST',
        url: () => '/api/1.3/origins',
        body: (ids) => ({ name: 'probe', fqdn: 'probe.example.test', protocol: 'http', deliveryServiceId: ids.deliveryServices.ds2, tenantId: ids.tenants.root }),
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
        body: (ids) => ({ name: 'root-secondary', fqdn: 'changed.example.test', protocol: 'http', deliveryServiceId: ids.deliveryServices.ds1 }),
        status: 403,
        text: 'not authorized on this tenant',
      },
    ],
  },
  'DELETE /origin': {
    why: 'cannot delete an origin of an invisible tenant',
    cases: [{ as: 'tenanta_user', method: 'DELETE', url: (ids) => `/api/1.3/origin?id=${ids.origins.root}`, status: 403, text: 'not authorized on this tenant' }],
  },
  'DELETE /origins': {
    why: 'cannot delete an origin of an invisible tenant',
    cases: [{ as: 'tenanta_user', method: 'DELETE', url: (ids) => `/api/1.3/origins?id=${ids.origins.root}`, status: 403, text: 'not authorized on this tenant' }],
  },
  'GET /profiles': {
    why: 'profiles carry no tenant: every caller sees them',
    cases: [{ as: 'tenanta_user', url: (ids) => `/api/1.3/profiles?id=${ids.profile}`, status: 200, response: oneRecord }],
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
        url: () => '/api/1.3/user/current/jobs',
        body: (ids) => ({ dsId: ids.deliveryServices.ds1, regex: '/probe', startTime: START, ttl: 1 }),
        status: 404,
        text: 'No such Delivery Service!',
      },
    ],
  },
  'GET /user/current/jobs': {
    why: 'the caller’s own jobs, only on delivery services it still sees',
    cases: [{ as: 'tenanta_user', url: () => '/api/1.3/user/current/jobs?keyword=PURGE', status: 200, response: isEmptyList }],
  },
  'GET /cdns/:name/configfiles/ats/regex_revalidate.config': {
    why: 'a CDN-wide file for the caches: not limited by tenant',
    cases: [{ as: 'tenanta_user', url: (ids) => `/api/1.3/cdns/${ids.cdn.name}/configfiles/ats/regex_revalidate.config`, status: 200 }],
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
};

/** A schema that names an id: a property `id`, `…Id`, `…Ids` or `role`, at any depth. */
function namesIds(schema: unknown): boolean {
  const properties = (schema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
  return Object.entries(properties).some(([key, value]) => /^(id|role)$|Ids?$/.test(key) || namesIds(value));
}

/** Routes that take ids: path parameters, query filters, or ids in the body. */
function takesIds(route: RouteDef): boolean {
  const schema = route.schema as { querystring?: { properties?: object }; body?: unknown } | undefined;
  return route.url.includes('/:') || Object.keys(schema?.querystring?.properties ?? {}).length > 0 || namesIds(schema?.body);
}

describe('tenancy: tenant-a callers asking about root-tenant records', () => {
  it('has a tenancy case for every route that takes ids', () => {
    const missing = ROUTES.filter(takesIds)
      .map(routeName)
      .filter((name) => !(name in TENANCY));
    expect(missing, `routes without tenancy cases: add them to TENANCY in test/security/role-matrix.test.ts`).toEqual([]);
    const stale = Object.keys(TENANCY).filter((name) => !ROUTES.some((r) => routeName(r) === name));
    expect(stale, 'tenancy cases of routes that no longer exist').toEqual([]);
  });

  it('leaves a tenant-a job on a root delivery service out of the list', async () => {
    await t.store.jobs.insertPurge({
      assetUrl: 'http://ds1-origin.example.test/old',
      ttlHours: 1,
      startTime: t.clock.now(),
      enteredTime: t.clock.now(),
      userId: t.ids.users.tenanta_user,
      deliveryServiceId: t.ids.deliveryServices.ds1,
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/1.3/user/current/jobs', headers: { cookie: await t.session('tenanta_user') } });
    expect(res.statusCode).toBe(200);
    expect(res.json().response).toEqual([]);
  });

  for (const [name, entry] of Object.entries(TENANCY)) {
    it(`${name}: ${entry.why}`, async () => {
      for (const c of entry.cases) {
        const before = await t.checksum();
        const method = c.method ?? 'GET';
        const url = c.url(t.ids);
        const body = c.body?.(t.ids);
        const res = await t.app.inject({
          method,
          url,
          headers: { cookie: await t.session(c.as) },
          ...(body === undefined ? {} : { payload: body as object }),
        });
        const where = `${method} ${url} as ${c.as}: ${bodyOf(res)}`;
        expect(res.statusCode, where).toBe(c.status);
        if (c.text) {
          expect(expectErrorEnvelope(res), where).toEqual([{ text: c.text.replace('{federation}', String(t.ids.federation)), level: 'error' }]);
        }
        if (c.response) c.response(res.json().response, t.ids);
        if (c.adminSeesIt) {
          const control = await t.app.inject({ method, url, headers: { cookie: await t.session('admin') } });
          expect(control.statusCode, `admin control of ${url}`).toBe(200);
          expect((control.json().response as unknown[]).length, `admin control of ${url}`).toBeGreaterThan(0);
        }
        expect(await t.checksum(), `${where}: stored records changed`).toBe(before);
      }
    });
  }
});
