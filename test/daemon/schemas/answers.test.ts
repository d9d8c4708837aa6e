import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiVersion } from '../../../daemon/versions.js';
import { fillPath, goldenApp, routePrefix, routeTable, versionsOf, type GoldenApp } from '../security/fixture.js';
import { checkAnswers, type Checked } from './checker.js';

/**
 * The success answers of the routes validate against the response schemas they declare (test/schemas/checker.ts):
 * every GET of the route table at every version that serves it, with real records of the golden data in SQLite,
 * checked before serialization, so a key the schema does not name fails here instead of vanishing from the answer.
 */

const ROUTES = routeTable();
/** The query a GET needs to answer at all (issue 30: servers/details needs a host name or a location). */
const QUERIES: Record<string, string> = { '/servers/details': '?hostName=edge2a' };
const GETS = ROUTES.filter((r) => r.method === 'GET');

let t: GoldenApp;
let admin: string;
const seen: Checked[] = [];
beforeAll(async () => {
  t = await goldenApp({ beforeReady: (app) => checkAnswers(app, seen) });
  admin = await t.session('admin');
});
afterAll(() => t.close());

async function answer(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown): Promise<Checked[]> {
  const before = seen.length;
  const res = await t.app.inject({
    method,
    url,
    headers: { cookie: admin },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 300)}`).toBeLessThan(300);
  return seen.slice(before);
}

describe('every GET route answers what its schema declares', () => {
  const cases = GETS.flatMap((route) => versionsOf(route).map((v) => [`${route.url} at ${v}`, route, v] as const));
  it.each(cases)('%s', async (_name, route, version: ApiVersion) => {
    const url = `${routePrefix(route, version)}${fillPath(route, route.url, t.ids)}${QUERIES[route.url] ?? ''}`;
    const checked = await answer('GET', url);
    expect(checked.length, `${url}: ${JSON.stringify(checked)}`).toBe(1);
    expect(checked[0].errors, url).toEqual([]);
  });
});

/** Each step's answers must all be checked and match; `steps` run in order, as admin, on the same data. */
async function expectMatching(
  steps: (readonly [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown])[],
): Promise<void> {
  for (const [method, url, body] of steps) {
    const checked = await answer(method, url, body);
    expect(checked.length, `${method} ${url}: ${JSON.stringify(checked)}`).toBe(1);
    expect(checked[0].errors, `${method} ${url}`).toEqual([]);
  }
}

describe('writes answer what their schemas declare', () => {
  const soon = () => new Date(t.clock.now() + 3600_000).toISOString().replace('T', ' ').slice(0, 19);
  const user = (name: string) => ({
    username: name,
    email: `${name}@example.test`,
    fullName: name,
    localPasswd: 'Schem4sPassw0rd!',
    confirmLocalPasswd: 'Schem4sPassw0rd!',
    role: 3,
  });

  it.each(['1.1', '1.3', '1.5'] as const)('users and the own profile at %s', async (v) => {
    await expectMatching([
      ['POST', `/api/${v}/users.json`, user(`schemas_${v.replace('.', '_')}`)],
      ['POST', `/api/${v}/user/current/update`, { user: { city: `City ${v}` } }],
      ...(v === '1.1'
        ? []
        : ([['PUT', `/api/${v}/user/current`, { user: { city: `Town ${v}`, gid: '12' } }]] as const)),
    ]);
  });

  it.each(['1.1', '1.5'] as const)('purge jobs at %s', async (v) => {
    const purge = { dsId: t.ids.deliveryServices.ds1, regex: `/schemas-${v}/.*\\.png`, startTime: soon(), ttl: 24 };
    await expectMatching([['POST', `/api/${v}/user/current/jobs`, purge]]);
    if (v !== '1.5') return;
    const job = { deliveryService: 'ds1', regex: '/schemas-api/.*', startTime: soon(), ttl: 12 };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/1.5/jobs',
      headers: { cookie: admin },
      payload: job,
    });
    const id = created.json().response.id as number;
    await expectMatching([
      ['PUT', `/api/1.5/jobs?id=${id}`, { ...created.json().response, parameters: 'TTL:6h' }],
      ['DELETE', `/api/1.5/jobs?id=${id}`],
    ]);
  });

  it('origins, servers and their status at 1.3', async () => {
    const origin = {
      name: 'schemas-origin',
      fqdn: 'schemas.example.test',
      protocol: 'http',
      deliveryServiceId: t.ids.deliveryServices.ds1,
    };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/1.3/origins',
      headers: { cookie: admin },
      payload: origin,
    });
    const id = created.json().response.id as number;
    await expectMatching([
      ['PUT', `/api/1.3/origins?id=${id}`, { ...origin, port: 8080 }],
      ['DELETE', `/api/1.3/origins?id=${id}`],
      ['POST', `/api/1.3/servers/${t.ids.servers.root}/queue_update`, { action: 'queue' }],
      ['POST', `/api/1.3/cachegroups/${t.ids.cachegroup}/queue_update`, { action: 'dequeue', cdn: t.ids.cdn.name }],
      ['PUT', `/api/1.3/servers/${t.ids.servers.spare}/status`, { status: 'OFFLINE', offlineReason: 'schemas test' }],
    ]);
  });

  it('the key store, with keys in it', async () => {
    const ssl = {
      deliveryservice: 'ds1',
      cdn: t.ids.cdn.name,
      hostname: 'ds1.cdn1.example.test',
      version: 1,
      businessUnit: 'CDN',
      city: 'Denver',
      organization: 'Example',
      country: 'us',
      state: 'CO',
    };
    const keyset = {
      'issuer-a': { renewal_kid: 'k1', keys: [{ alg: 'HS256', kid: 'k1', kty: 'oct', k: 'c2VjcmV0LW9uZQ' }] },
    };
    await expectMatching([
      ['POST', '/api/1.3/deliveryservices/xmlId/ds1/urlkeys/generate'],
      ['GET', '/api/1.3/deliveryservices/xmlId/ds1/urlkeys'],
      ['POST', '/api/1.3/deliveryservices/sslkeys/generate', ssl],
      ['GET', '/api/1.3/deliveryservices/xmlId/ds1/sslkeys?decode=1'],
      ['GET', '/api/1.3/deliveryservices/xmlId/ds1/sslkeys'],
      ['GET', `/api/1.3/cdns/name/${t.ids.cdn.name}/sslkeys`],
      ['POST', '/api/1.3/deliveryservices/ds1/urisignkeys', keyset],
      ['GET', '/api/1.3/deliveryservices/ds1/urisignkeys'],
      ['GET', '/api/1.3/keys/summary'],
      ['DELETE', '/api/1.3/deliveryservices/ds1/urisignkeys'],
    ]);
  });
});

describe('sessions answer what their schemas declare', () => {
  it('login, logout and a password reset request', async () => {
    const before = seen.length;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/1.3/user/login',
      payload: { u: 'ops_user', p: '0psUserPassw0rd' },
    });
    expect(login.statusCode, login.body).toBe(200);
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    expect((await t.app.inject({ method: 'POST', url: '/api/1.3/user/logout', headers: { cookie } })).statusCode).toBe(
      200,
    );
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/1.3/user/reset_password',
      payload: { email: 'nobody@example.test' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const checked = seen.slice(before);
    expect(checked.map((c) => c.route)).toEqual([
      'POST /api/1.3/user/login',
      'POST /api/1.3/user/logout',
      'POST /api/1.3/user/reset_password',
    ]);
    expect(checked.flatMap((c) => c.errors)).toEqual([]);
  });
});
