import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteDef } from '../../../daemon/http/route.js';
import { atLeast } from '../../../daemon/versions.js';
import { BODY_LIMIT } from '../../../daemon/app.js';
import {
  PATH_VALUES,
  expectErrorEnvelope,
  goldenApp,
  pathParams,
  PATH_PARAM,
  routeTable,
  type GoldenApp,
  type GoldenIds,
  type Username,
  routePrefix,
} from './fixture.js';
import {
  RAW_PATH_SEGMENTS,
  encodeSegment,
  hostileBody,
  hostileQuery,
  hostileString,
  malformedJson,
} from './hostile.js';

/**
 * Random and malformed input to every write endpoint and every filter of the route table: the daemon never
 * answers 500, every refusal is the alerts envelope with an error alert, and a refused request changes nothing.
 */

const ROUTES = routeTable();
const WRITES = ROUTES.filter((r) => r.method !== 'GET');
const FILTERED_READS = ROUTES.filter((r) => r.method === 'GET');
const NUM_RUNS = { write: 40, read: 30 };

type Schema = { properties?: Record<string, Schema> };
const schemaOf = (route: RouteDef) => (route.schema ?? {}) as { body?: Schema; querystring?: Schema };

/** The body's field names, and the field names of the objects nested in it (`user` of PUT user/current). */
function bodyFields(route: RouteDef): { fields: string[]; nested: Record<string, string[]> } {
  const properties = schemaOf(route).body?.properties ?? {};
  const nested: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(properties))
    if (value.properties) nested[key] = Object.keys(value.properties);
  return { fields: Object.keys(properties), nested };
}

/** For each path parameter, as sent in the URL: a real id, a hostile string (percent-encoded), or raw bytes. */
function pathArbitrary(route: RouteDef, ids: GoldenIds): fc.Arbitrary<Record<string, string>> {
  const params = pathParams(route.url);
  for (const key of params) {
    if (!PATH_VALUES[key]) {
      throw new Error(
        `${route.method} ${route.url}: no real value for '${key}'; add one to PATH_VALUES in test/security/fixture.ts`,
      );
    }
  }
  const value = (key: string) =>
    fc.oneof(
      fc.constant(PATH_VALUES[key](ids)),
      hostileString.filter((s) => s.length < 2000).map(encodeSegment),
      fc.constantFrom(...RAW_PATH_SEGMENTS),
    );
  return fc.record(Object.fromEntries(params.map((key) => [key, value(key)])));
}

function buildUrl(route: RouteDef, path: Record<string, string>, query: [string, string][]): string {
  const filled = route.url.replace(
    PATH_PARAM,
    (_all, segment: string, param: string) => `/${path[`${segment}/:${param}`]}`,
  );
  const search = new URLSearchParams(query).toString();
  // 1.3 serves every route declared up to it; a route introduced later (POST jobs at 1.4) is asked at its own version.
  const version = atLeast(route.since, '1.3') ? route.since : '1.3';
  return `${routePrefix(route, version)}${filled}${search ? `?${search}` : ''}`;
}

let t: GoldenApp;
let prototypeKeys: string[];
beforeAll(async () => {
  t = await goldenApp();
  prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
});
afterAll(async () => {
  await t?.close();
});

/** Asserts what every answer to hostile input must be; answers whether the request was refused. */
function checkAnswer(route: RouteDef, url: string, res: LightMyRequestResponse): boolean {
  const where = `${route.method} ${url.slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, where).toBeLessThan(500);
  if (res.statusCode >= 400) {
    expectErrorEnvelope(res);
    return true;
  }
  const type = String(res.headers['content-type']);
  // `/update/%2e%2e` is `/` once its dot segment resolves (WHATWG URLs, as browsers send it): the portal's page.
  if (route.root && type.startsWith('text/html')) {
    expect(url, `${where}: only a dot segment leads a root route's URL to the portal`).toMatch(
      /\/(%2e|\.){2}(\/|\?|$)/i,
    );
    return false;
  }
  if (type.startsWith('text/plain')) {
    expect(route.url, `${where}: only the config files answer text`).toMatch(/\.config$|\/configfiles\/ats\/:file$/);
  } else {
    expect(type, where).toMatch(/^application\/json/);
    const body = res.json() as Record<string, unknown>;
    // As Traffic Ops did: GET ping answers {"ping":"pong"}, about its bare version record, urisignkeys the raw key
    // set, update_status and the root routes a bare array and configfiles/ats {info, configFiles} (a file name of `.` leaves the list's
    // URL); the rest is the envelope.
    // The Perl root routes ORT reads (issue 34) answer bare arrays too.
    if (route.url.endsWith('/update_status') || route.root) expect(Array.isArray(body), where).toBe(true);
    const bare =
      route.root ||
      route.url === '/ping' ||
      route.url === '/about' ||
      route.url.endsWith('/urisignkeys') ||
      route.url.endsWith('/update_status') ||
      route.url.includes('/configfiles/ats');
    if (!bare) expect('response' in body || 'alerts' in body, where).toBe(true);
  }
  return false;
}

const callers = fc.constantFrom<Username>('admin', 'tenanta_user', 'ops_user');

describe('hostile bodies, query strings and path values to every write endpoint', () => {
  for (const route of WRITES) {
    it(`${route.method} ${route.url} answers random and malformed input with a 4xx alert and changes nothing when it refuses`, async () => {
      const { fields, nested } = bodyFields(route);
      const queryKeys = Object.keys(schemaOf(route).querystring?.properties ?? {});
      const hasBody = route.method !== 'DELETE';
      const raw = fc.oneof(
        { arbitrary: hostileBody(fields, nested).map((value) => ({ kind: 'json' as const, value })), weight: 6 },
        { arbitrary: malformedJson.map((text) => ({ kind: 'malformed' as const, text })), weight: 1 },
        {
          arbitrary: fc
            .constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x')
            .map((type) => ({ kind: 'foreign' as const, type })),
          weight: 1,
        },
      );
      // What is stored before each request: a refused request must leave it as it was.
      let baseline = await t.checksum();
      await fc.assert(
        fc.asyncProperty(
          callers,
          pathArbitrary(route, t.ids),
          hostileQuery(queryKeys),
          raw,
          async (who, path, query, body) => {
            const url = buildUrl(route, path, query);
            const headers: Record<string, string> = { cookie: await t.session(who) };
            let payload: string | undefined;
            if (hasBody || body.kind !== 'json') {
              if (body.kind === 'json') {
                headers['content-type'] = 'application/json';
                payload = JSON.stringify(body.value) ?? 'null';
              } else if (body.kind === 'malformed') {
                headers['content-type'] = 'application/json';
                payload = body.text;
              } else {
                headers['content-type'] = body.type;
                payload = 'u=admin&p=x';
              }
            }
            const res = await t.app.inject({
              method: route.method,
              url,
              headers,
              ...(payload === undefined ? {} : { payload }),
            });
            const refused = checkAnswer(route, url, res);
            // Admin passes every privilege check, and a real path routes: then the body's form is what is judged.
            const realPath = Object.entries(path).every(([key, value]) => value === PATH_VALUES[key](t.ids));
            if (who === 'admin' && realPath && body.kind === 'malformed' && payload?.trim())
              expect(res.statusCode, res.body).toBe(400);
            // The logins read any type as JSON (issue 34): a form's fields are then malformed JSON.
            if (who === 'admin' && realPath && body.kind === 'foreign')
              expect(res.statusCode, res.body).toBe(route.anyBodyType ? 400 : 415);
            const after = await t.checksum();
            if (refused)
              expect(
                after,
                `${route.method} ${url.slice(0, 200)} was refused (${res.statusCode}) but changed stored records`,
              ).toBe(baseline);
            baseline = after;
          },
        ),
        { numRuns: NUM_RUNS.write },
      );
      expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
    });
  }

  it('answers 413 with an alert to a body over 1 MiB on every write endpoint, before any work', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(BODY_LIMIT), u: 'admin', p: 'x' });
    const before = await t.checksum();
    for (const route of WRITES) {
      const url = buildUrl(route, Object.fromEntries(pathParams(route.url).map((k) => [k, PATH_VALUES[k](t.ids)])), []);
      const res = await t.app.inject({
        method: route.method,
        url,
        headers: { cookie: await t.session('admin'), 'content-type': 'application/json' },
        payload: big,
      });
      expect(res.statusCode, `${route.method} ${url}`).toBe(413);
      expect(expectErrorEnvelope(res)).toEqual([
        { text: 'request body is too large: the limit is 1 MiB', level: 'error' },
      ]);
    }
    expect(await t.checksum()).toBe(before);
  });

  it('accepts a body just under 1 MiB as a body (the limit is not lower than documented)', async () => {
    const payload = JSON.stringify({ u: 'admin', p: 'x'.repeat(BODY_LIMIT - 100) });
    expect(Buffer.byteLength(payload)).toBeLessThan(BODY_LIMIT);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/1.3/user/login',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().alerts[0].level).toBe('error');
  });
});

describe('hostile filters to every GET route', () => {
  for (const route of FILTERED_READS) {
    it(`GET ${route.url} answers random filters and path values without a 500 and without writing`, async () => {
      const keys = Object.keys(schemaOf(route).querystring?.properties ?? {});
      const before = await t.checksum();
      await fc.assert(
        fc.asyncProperty(callers, pathArbitrary(route, t.ids), hostileQuery(keys), async (who, path, query) => {
          const url = buildUrl(route, path, query);
          const res = await t.app.inject({ method: 'GET', url, headers: { cookie: await t.session(who) } });
          checkAnswer(route, url, res);
        }),
        { numRuns: NUM_RUNS.read },
      );
      expect(await t.checksum(), `GET ${route.url} changed stored records`).toBe(before);
    });
  }
});
