import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedOrigin, normalizeOrigin } from '../../daemon/edge/cors.js';
import { ADMIN_PASSWORD, login, makeApp, type TestApp } from '../helpers/app.js';

const PORTAL_ORIGIN = 'https://portal.example.test';
const OTHER_ORIGIN = 'https://evil.example.test';
const MEDIA_TYPE_TEXT = 'request body must be JSON (Content-Type: application/json)';

let t: TestApp;
let cors: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await makeApp();
  cors = await makeApp({ config: { cors: { origins: [`${PORTAL_ORIGIN}/`] } } });
  cookie = await login(t.app, 'admin', ADMIN_PASSWORD);
});
afterAll(async () => {
  await t.close();
  await cors.close();
});

describe('state-changing requests must carry JSON', () => {
  it.each([
    ['application/x-www-form-urlencoded', 'u=admin&p=Adm1nPassw0rd%21'],
    ['text/plain', `{"u":"admin","p":"${ADMIN_PASSWORD}"}`],
    ['multipart/form-data; boundary=x', `--x\r\nContent-Disposition: form-data; name="u"\r\n\r\nadmin\r\n--x--\r\n`],
    ['text/json', `{"u":"admin","p":"${ADMIN_PASSWORD}"}`],
  ])(
    'rejects a %s login from a page (Origin set) with 415 and an error alert, and sets no cookie',
    async (type, payload) => {
      // A browser names the page in Origin on every POST: a cross-site form's login is refused.
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/1.2/user/login',
        headers: { 'content-type': type, origin: OTHER_ORIGIN },
        payload,
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ alerts: [{ text: MEDIA_TYPE_TEXT, level: 'error' }] });
      expect(res.headers['set-cookie']).toBeUndefined();
    },
  );

  it('rejects a login body sent from a page without any Content-Type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/1.2/user/login',
      headers: { origin: OTHER_ORIGIN },
      payload: Buffer.from(`{"u":"admin","p":"${ADMIN_PASSWORD}"}`),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().alerts[0]).toEqual({ text: MEDIA_TYPE_TEXT, level: 'error' });
  });

  it('rejects a text/plain body on any other route with 415, from a page or not', async () => {
    for (const headers of [{}, { origin: OTHER_ORIGIN }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/1.2/user/logout',
        headers: { ...headers, cookie, 'content-type': 'text/plain' },
        payload: '{}',
      });
      expect(res.statusCode).toBe(415);
      expect(res.json().alerts[0]).toEqual({ text: MEDIA_TYPE_TEXT, level: 'error' });
    }
  });

  it('rejects a form-encoded logout, even with an empty body, and keeps the session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/1.2/user/logout',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(res.statusCode).toBe(415);
    const still = await t.app.inject({ method: 'GET', url: '/api/1.2/user/current', headers: { cookie } });
    expect(still.statusCode).toBe(200);
  });

  it('accepts JSON with a charset parameter', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/1.2/user/login',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      payload: JSON.stringify({ u: 'admin', p: ADMIN_PASSWORD }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toMatch(/SameSite=Lax/);
  });
});

describe('CORS for a separately hosted portal', () => {
  it('allows a listed origin with credentials on API answers', async () => {
    const res = await cors.app.inject({ method: 'GET', url: '/api/1.2/ping', headers: { origin: PORTAL_ORIGIN } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(PORTAL_ORIGIN);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(res.headers.vary).toMatch(/Origin/);
  });

  it('keeps the CORS headers on error answers so the portal can read the alert', async () => {
    const res = await cors.app.inject({
      method: 'GET',
      url: '/api/1.2/user/current',
      headers: { origin: PORTAL_ORIGIN },
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['access-control-allow-origin']).toBe(PORTAL_ORIGIN);
    expect(res.json()).toEqual({ alerts: [{ text: 'Unauthorized, please log in.', level: 'error' }] });
  });

  it('answers the preflight of a listed origin with 204 and the allowed methods and header', async () => {
    const res = await cors.app.inject({
      method: 'OPTIONS',
      url: '/api/1.2/user/login',
      headers: {
        origin: PORTAL_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(PORTAL_ORIGIN);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(res.headers['access-control-allow-methods']).toBe('GET, POST, PUT, DELETE');
    expect(res.headers['access-control-allow-headers']).toBe('Content-Type');
    expect(res.body).toBe('');
  });

  it('gives an unlisted origin no CORS header, and its preflight keeps the 404', async () => {
    const get = await cors.app.inject({ method: 'GET', url: '/api/1.2/ping', headers: { origin: OTHER_ORIGIN } });
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
    expect(get.headers['access-control-allow-credentials']).toBeUndefined();
    const preflight = await cors.app.inject({
      method: 'OPTIONS',
      url: '/api/1.2/user/login',
      headers: { origin: OTHER_ORIGIN, 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(404);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.json()).toEqual({
      alerts: [{ text: "The requested path '/api/1.2/user/login' does not exist.", level: 'error' }],
    });
  });

  it('sends no CORS header at all when no origin is configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/1.2/ping', headers: { origin: PORTAL_ORIGIN } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/1.2/user/login',
      headers: { origin: PORTAL_ORIGIN, 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(404);
  });

  it("never replays one origin's CORS headers to another from the response cache", async () => {
    const session = await login(cors.app, 'admin', ADMIN_PASSWORD);
    const get = (origin: string) =>
      cors.app.inject({ method: 'GET', url: '/api/1.2/users', headers: { cookie: session, origin } });
    const listed = await get(PORTAL_ORIGIN);
    const again = await get(PORTAL_ORIGIN);
    const other = await get(OTHER_ORIGIN);
    expect([listed.statusCode, again.statusCode, other.statusCode]).toEqual([200, 200, 200]);
    expect(again.body).toBe(listed.body);
    expect(again.headers['access-control-allow-origin']).toBe(PORTAL_ORIGIN);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(other.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('still requires JSON from a listed origin', async () => {
    const res = await cors.app.inject({
      method: 'POST',
      url: '/api/1.2/user/login',
      headers: { origin: PORTAL_ORIGIN, 'content-type': 'text/plain' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(415);
  });

  it('matches origins by scheme, host and port only', () => {
    const list = new Set([normalizeOrigin('https://Portal.example.test/')]);
    expect(allowedOrigin(list, 'https://portal.example.test')).toBe('https://portal.example.test');
    expect(allowedOrigin(list, 'http://portal.example.test')).toBeNull();
    expect(allowedOrigin(list, 'https://portal.example.test:8443')).toBeNull();
    expect(allowedOrigin(list, 'null')).toBeNull();
    expect(allowedOrigin(list, undefined)).toBeNull();
  });
});
