import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteDef } from '../../../daemon/http/route.js';
import { expectErrorEnvelope, goldenApp, routeTable, type GoldenApp } from './fixture.js';
import { eachStore } from '../../helpers/store-kinds.js';
import { TENANCY } from './tenancy-cases.js';

/** Tenant-a callers asking about root-tenant records, through every route that takes ids (BEHAVIOR.md §3). */

const ROUTES = routeTable();
const routeName = (route: RouteDef) => `${route.method} ${route.url}`;

/** The `response` of an answer, or the answer itself when it is a bare array (update_status, ORT's root routes). */
const payloadOf = (body: unknown): unknown => (Array.isArray(body) ? body : (body as { response?: unknown }).response);

/** The app of the store kind whose block is running (the blocks run one after the other). */
let t: GoldenApp;

/** A schema that names an id: a property `id`, `…Id`, `…Ids` or `role`, at any depth. */
function namesIds(schema: unknown): boolean {
  const properties = (schema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
  return Object.entries(properties).some(([key, value]) => /^(id|role)$|Ids?$/.test(key) || namesIds(value));
}

/** Routes that take ids: path parameters, query filters, or ids in the body. */
function takesIds(route: RouteDef): boolean {
  const schema = route.schema as { querystring?: { properties?: object }; body?: unknown } | undefined;
  return (
    route.url.includes('/:') || Object.keys(schema?.querystring?.properties ?? {}).length > 0 || namesIds(schema?.body)
  );
}

// Every case on SQLite and on PostgreSQL (issue 18): the same body, one app per store.
eachStore((kind) => {
  beforeAll(async () => {
    t = await goldenApp({ storeKind: kind });
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('tenancy: tenant-a callers asking about root-tenant records', () => {
    it('has a tenancy case for every route that takes ids', () => {
      const missing = ROUTES.filter(takesIds)
        .map(routeName)
        .filter((name) => !(name in TENANCY));
      expect(missing, `routes without tenancy cases: add them to TENANCY in test/security/tenancy-cases.ts`).toEqual(
        [],
      );
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
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/1.3/user/current/jobs',
        headers: { cookie: await t.session('tenanta_user') },
      });
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
          const where = `${method} ${url} as ${c.as}: ${res.statusCode} ${res.body.slice(0, 200)}`;
          expect(res.statusCode, where).toBe(c.status);
          if (c.text) {
            expect(expectErrorEnvelope(res), where).toEqual([
              {
                text: c.text
                  .replace('{federation}', String(t.ids.federation))
                  .replace('{job}', String(t.ids.jobs.root))
                  .replace('{cachegroup}', String(t.ids.cachegroup)),
                level: 'error',
              },
            ]);
          }
          if (c.response) c.response(payloadOf(res.json()), t.ids);
          if (c.adminSeesIt) {
            const control = await t.app.inject({ method, url, headers: { cookie: await t.session('admin') } });
            expect(control.statusCode, `admin control of ${url}`).toBe(200);
            expect((payloadOf(control.json()) as unknown[]).length, `admin control of ${url}`).toBeGreaterThan(0);
          }
          expect(await t.checksum(), `${where}: stored records changed`).toBe(before);
        }
      });
    }
  });
});
