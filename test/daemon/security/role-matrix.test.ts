import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteDef } from '../../../daemon/http/route.js';
import { NOT_THE_AGENT } from '../../../daemon/services/caches/agent-check-in.js';
import {
  CALLERS,
  PASSWORDS,
  ROLES,
  alertsOf,
  expectErrorEnvelope,
  fillPath,
  goldenApp,
  routePrefix,
  routeTable,
  versionsOf,
  type Caller,
  type GoldenApp,
} from './fixture.js';
import { eachStore } from '../../helpers/store-kinds.js';

/**
 * Every route of the route table × every caller, generated: the expected status follows from the route's `auth`
 * level and the caller's privilege level alone, so a new route is covered the moment it is registered. The
 * tenancy cases of the routes that take ids are in tenancy.test.ts.
 */

const ROUTES = routeTable();
const UNAUTHORIZED = 'Unauthorized, please log in.';

/** The URLs the app registers for a route: GET routes (and those that ask) also answer at `.json`. */
const urlsOf = (route: RouteDef) => [
  route.url,
  ...((route.jsonSuffix ?? route.method === 'GET') ? [`${route.url}.json`] : []),
];
const routeName = (route: RouteDef) => `${route.method} ${route.url}`;

type Expectation = { status: 401 | 403; text: string } | 'allowed' | 'invisible' | 'same for everyone';

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
  if (privLevel < route.auth && !(route.alsoLevels ?? []).includes(privLevel))
    return { status: 403, text: 'Forbidden.' };
  // No matrix caller is bound to a server (issue 28): an agent-only route refuses them all; the tenant-a caller
  // does not see the matrix's server, which answers like a missing one first (tenancy.test.ts holds that case).
  if (route.agentOnly) return caller === 'tenant-a user' ? 'invisible' : { status: 403, text: NOT_THE_AGENT };
  return 'allowed';
}

/**
 * Routes whose matrix request (no body beyond `{}`) is a complete, valid write: an allowed caller really changes the
 * store (and the change log says so), so for them every refused request is checked on its own to change nothing.
 */
const WRITES_WITHOUT_BODY: Record<string, string> = {
  'POST /deliveryservices/xmlId/:xmlId/urlkeys/generate': 'generates new URL-signing keys, logged in the change log',
  'DELETE /profiles/:id': 'deletes the golden profile no server uses (issue 31), logged in the change log',
  'DELETE /deliveryservices/:id':
    'deletes the delivery service (issue 31: registered last, so the routes before it see it)',
  // issue 31
  'DELETE /cdns/:name/federations/:id': 'deletes the federation, logged in the change log',
  // issue 35
  'PUT /cdns/:id/snapshot': "publishes the CDN's CRConfig and monitoring configuration, logged in the change log",
  'PUT /snapshot/:cdn': "publishes the CDN's CRConfig and monitoring configuration, logged in the change log",
};

/** The app of the store kind whose block is running (the blocks run one after the other). */
let t: GoldenApp;

/** One request as `caller`, each with a session of its own (so a logout or password change ends only that one). */
async function requestAs(caller: Caller, method: RouteDef['method'], url: string): Promise<LightMyRequestResponse> {
  const username = CALLERS[caller];
  const headers: Record<string, string> = username === null ? {} : { cookie: await t.session(username) };
  const payload = method === 'POST' || method === 'PUT' ? {} : undefined;
  return t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

const bodyOf = (res: LightMyRequestResponse) => `${res.statusCode} ${res.body.slice(0, 200)}`;

// Every case on SQLite and on PostgreSQL (issue 18): the same body, one app per store.
eachStore((kind) => {
  beforeAll(async () => {
    t = await goldenApp({ storeKind: kind });
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('role matrix: every route × every caller, from the route table', () => {
    it('finds the routes of every module in the route table', () => {
      expect(ROUTES.length).toBeGreaterThan(30);
      const names = ROUTES.map(routeName);
      expect(new Set(names).size, 'a route is registered twice').toBe(names.length);
      expect(
        Object.keys(WRITES_WITHOUT_BODY).filter((name) => !names.includes(name)),
        'stale WRITES_WITHOUT_BODY',
      ).toEqual([]);
    });

    for (const route of ROUTES) {
      const versions = versionsOf(route);
      it(`${routeName(route)} (since ${route.since}, auth ${route.auth}) answers each caller by its privilege at ${versions.join(', ')}`, async () => {
        const writes = routeName(route) in WRITES_WITHOUT_BODY;
        const before = await t.checksum();
        for (const version of versions) {
          for (const url of urlsOf(route)) {
            const path = `${routePrefix(route, version)}${fillPath(route, url, t.ids)}`;
            const answers = new Map<Caller, LightMyRequestResponse>();
            for (const caller of Object.keys(CALLERS) as Caller[]) {
              const expected = expectationFor(route, caller);
              const refusedBefore = writes && typeof expected === 'object' ? await t.checksum() : null;
              const res = await requestAs(caller, route.method, path);
              answers.set(caller, res);
              const where = `${route.method} ${path} as ${caller}: ${bodyOf(res)}`;
              if (refusedBefore !== null)
                expect(await t.checksum(), `${where}: a refused request changed stored records`).toBe(refusedBefore);
              expect(res.statusCode, where).toBeLessThan(500);
              if (typeof expected === 'object') {
                expect(res.statusCode, where).toBe(expected.status);
                expect(alertsOf(res), where).toEqual([{ text: expected.text, level: 'error' }]);
              } else if (expected === 'invisible') {
                expect(res.statusCode, where).toBe(404);
                expectErrorEnvelope(res);
              } else if (expected === 'allowed') {
                expect([401, 403], where).not.toContain(res.statusCode);
                if (res.statusCode >= 400) expectErrorEnvelope(res);
              }
            }
            if (route.auth === 'none') {
              // A route without a session requirement answers everyone alike: a cookie changes nothing.
              const reference = answers.get('no session')!;
              for (const [caller, res] of answers) {
                expect(`${res.statusCode} ${res.body}`, `${route.method} ${path} as ${caller}`).toBe(
                  `${reference.statusCode} ${reference.body}`,
                );
              }
            }
          }
        }
        if (!writes)
          expect(await t.checksum(), `${routeName(route)}: the matrix requests changed stored records`).toBe(before);
      });
    }
  });

  describe('disallowed users', () => {
    it('cannot log in, with the same answer as a wrong password', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/1.3/user/login',
        payload: { u: 'blocked_user', p: PASSWORDS.blocked_user },
      });
      expect(res.statusCode).toBe(401);
      expect(alertsOf(res)).toEqual([{ text: 'Invalid username or password.', level: 'error' }]);
      expect(res.headers['set-cookie']).toBeUndefined();
    });

    it('lose their old session the moment their role becomes disallowed, and get it back only with a permitted role', async () => {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/1.3/user/login',
        payload: { u: 'portal_user', p: PASSWORDS.portal_user },
      });
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
});
