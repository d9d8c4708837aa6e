import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertsOf, goldenApp, type GoldenApp } from '../security/fixture.js';

let t: GoldenApp;
let admin: string;
beforeAll(async () => {
  t = await goldenApp();
  admin = await t.session('admin');
});
afterAll(async () => {
  await t?.close();
});

const as = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { cookie: admin },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe('URL-signing keys', () => {
  it('answers {} with "No url sig keys found" before any are generated', async () => {
    const res = await as('GET', '/api/1.1/deliveryservices/xmlId/ds3/urlkeys');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ alerts: [{ level: 'success', text: 'No url sig keys found' }], response: {} });
  });

  it('generates 16 keys of 32 characters from [A-Za-z0-9_], served by xmlId and by id alike', async () => {
    const gen = await as('POST', '/api/1.1/deliveryservices/xmlId/ds1/urlkeys/generate');
    expect(gen.statusCode).toBe(200);
    expect(gen.json()).toEqual({ alerts: [{ level: 'success', text: 'Successfully generated and stored keys' }] });
    const byXmlId = (await as('GET', '/api/1.2/deliveryservices/xmlId/ds1/urlkeys')).json().response as Record<
      string,
      string
    >;
    expect(Object.keys(byXmlId).sort()).toEqual(Array.from({ length: 16 }, (_, i) => `key${i}`).sort());
    for (const key of Object.values(byXmlId)) expect(key).toMatch(/^[A-Za-z0-9_]{32}$/);
    expect(new Set(Object.values(byXmlId)).size).toBe(16);
    const byId = await as('GET', `/api/1.3/deliveryservices/${t.ids.deliveryServices.ds1}/urlkeys.json`);
    expect(byId.json().response).toEqual(byXmlId);
    // A second generate replaces them.
    await as('POST', '/api/1.1/deliveryservices/xmlId/ds1/urlkeys/generate');
    expect((await as('GET', '/api/1.1/deliveryservices/xmlId/ds1/urlkeys')).json().response.key0).not.toBe(
      byXmlId.key0,
    );
  });

  it('copies keys from another delivery service, and refuses a source without keys with 400', async () => {
    await as('POST', '/api/1.1/deliveryservices/xmlId/ds1/urlkeys/generate');
    const copy = await as('POST', '/api/1.1/deliveryservices/xmlId/ds2/urlkeys/copyFromXmlId/ds1');
    expect(copy.json()).toEqual({ alerts: [{ level: 'success', text: 'Successfully copied and stored keys' }] });
    const [a, b] = await Promise.all(
      ['ds1', 'ds2'].map(
        async (x) => (await as('GET', `/api/1.1/deliveryservices/xmlId/${x}/urlkeys`)).json().response,
      ),
    );
    expect(b).toEqual(a);
    const empty = await as('POST', '/api/1.1/deliveryservices/xmlId/ds1/urlkeys/copyFromXmlId/ds3');
    expect(empty.statusCode).toBe(400);
    expect(alertsOf(empty)).toEqual([{ level: 'error', text: "Unable to retrieve keys from Delivery Service 'ds3'" }]);
  });

  it('answers 404 for unknown delivery services', async () => {
    const cases: [string, string, string][] = [
      ['GET', '/api/1.1/deliveryservices/xmlId/nope/urlkeys', 'delivery service nope not found'],
      ['GET', '/api/1.1/deliveryservices/999999/urlkeys', 'delivery service 999999 not found'],
      ['POST', '/api/1.1/deliveryservices/xmlId/nope/urlkeys/generate', 'delivery service nope not found'],
      ['POST', '/api/1.1/deliveryservices/xmlId/nope/urlkeys/copyFromXmlId/ds1', 'no DS with name nope'],
      ['POST', '/api/1.1/deliveryservices/xmlId/ds1/urlkeys/copyFromXmlId/nope', 'no DS with name nope'],
    ];
    for (const [method, url, text] of cases) {
      const res = await as(method as 'GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(alertsOf(res)).toEqual([{ level: 'error', text }]);
    }
  });

  it('refuses operations and read-only users, whom Traffic Ops let read or write them', async () => {
    for (const user of ['ops_user', 'ro_user'] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/1.1/deliveryservices/xmlId/ds1/urlkeys',
        headers: { cookie: await t.session(user) },
      });
      expect(res.statusCode).toBe(403);
    }
  });
});

const KEYSET = {
  'issuer-a': {
    renewal_kid: 'k2',
    keys: [
      { alg: 'HS256', kid: 'k1', kty: 'oct', k: 'c2VjcmV0LW9uZQ' },
      { alg: 'HS256', kid: 'k2', kty: 'oct', k: 'c2VjcmV0LXR3bw' },
    ],
  },
  'issuer-b': { keys: [{ alg: 'HS256', kid: 'k3', kty: 'oct', k: 'c2VjcmV0LXRocmVl' }] },
};

describe('URI-signing keys (1.3)', () => {
  it('answers {"renewal_kid":null,"keys":null} when none are stored, as raw JSON', async () => {
    const res = await as('GET', '/api/1.3/deliveryservices/ds3/urisignkeys');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ renewal_kid: null, keys: null });
  });

  it('stores a key set with POST or PUT, echoes it, serves it raw, and deletes it', async () => {
    const post = await as('POST', '/api/1.3/deliveryservices/ds2/urisignkeys', KEYSET);
    expect(post.statusCode).toBe(200);
    expect(post.json()).toEqual(KEYSET);
    expect((await as('GET', '/api/1.3/deliveryservices/ds2/urisignkeys')).json()).toEqual(KEYSET);
    const replaced = { 'issuer-c': { renewal_kid: 'k9', keys: [{ alg: 'HS512', kid: 'k9' }] } };
    expect((await as('PUT', '/api/1.3/deliveryservices/ds2/urisignkeys', replaced)).json()).toEqual(replaced);
    expect((await as('GET', '/api/1.3/deliveryservices/ds2/urisignkeys')).json()).toEqual(replaced);
    expect((await as('DELETE', '/api/1.3/deliveryservices/ds2/urisignkeys')).json()).toEqual({
      alerts: [{ level: 'success', text: 'object deleted' }],
    });
    expect((await as('DELETE', '/api/1.3/deliveryservices/ds2/urisignkeys')).json()).toEqual({
      alerts: [{ level: 'info', text: 'not deleted, no object found to delete' }],
    });
  });

  it("refuses invalid key sets with Traffic Ops' texts, storing nothing", async () => {
    const cases: [unknown, string][] = [
      [{ i: { keys: [{ alg: 'HS256', kid: 'a' }] } }, 'invalid keyset: No renewal_kid was found in any keyset'],
      [
        {
          i: { renewal_kid: 'a', keys: [{ alg: 'HS256', kid: 'a' }] },
          j: { renewal_kid: 'b', keys: [{ alg: 'HS256', kid: 'b' }] },
        },
        'invalid keyset: More than one renewal_kid was found in the keysets',
      ],
      [
        { i: { renewal_kid: 'x', keys: [{ alg: 'HS256', kid: 'a' }] } },
        'invalid keyset: No key was found with a kid that matches the renewal kid',
      ],
      [{ i: { renewal_kid: 'a', keys: [{ kid: 'a' }] } }, 'invalid keyset: A Key has no algorithm, alg, specified'],
      [{ i: { renewal_kid: 'a', keys: [{ alg: 'HS256' }] } }, 'invalid keyset: A Key has no key id, kid, specified'],
      [[1, 2], 'malformed JSON: the key set must be an object of issuers'],
      [{ i: { renewal_kid: 'a' } }, "malformed JSON: issuer 'i' needs a 'keys' array"],
    ];
    for (const [body, text] of cases) {
      const res = await as('POST', '/api/1.3/deliveryservices/ds3/urisignkeys', body);
      expect(res.statusCode, text).toBe(400);
      expect(alertsOf(res)).toEqual([{ level: 'error', text }]);
    }
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/1.3/deliveryservices/ds3/urisignkeys',
      headers: { cookie: admin, 'content-type': 'application/json' },
      payload: '{"i":',
    });
    expect(bad.statusCode).toBe(400);
    expect((await as('GET', '/api/1.3/deliveryservices/ds3/urisignkeys')).json()).toEqual({
      renewal_kid: null,
      keys: null,
    });
  });

  it('answers 404 for an unknown delivery service, and is not served before 1.3', async () => {
    const res = await as('GET', '/api/1.3/deliveryservices/nope/urisignkeys');
    expect(res.statusCode).toBe(404);
    expect(alertsOf(res)).toEqual([{ level: 'error', text: 'delivery service nope not found' }]);
    expect((await as('GET', '/api/1.2/deliveryservices/ds1/urisignkeys')).statusCode).toBe(404);
  });
});
