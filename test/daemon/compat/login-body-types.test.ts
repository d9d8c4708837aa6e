import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, makeApp, type TestApp } from '../../helpers/app.js';
import { eachStore } from '../../helpers/store-kinds.js';

/*
 * Issue 34 (1): the login routes read a JSON body whatever its Content-Type says, as Traffic Ops did. The 1.x
 * cache tool (ORT, Perl's LWP) posts its JSON labelled application/x-www-form-urlencoded; other routes stay strict.
 */

const MEDIA_TYPE_TEXT = 'request body must be JSON (Content-Type: application/json)';
const credentials = JSON.stringify({ u: 'admin', p: ADMIN_PASSWORD });

eachStore((kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp({ storeKind: kind });
  });
  afterAll(async () => {
    await t.close();
  });

  const loginWith = (headers: Record<string, string>, payload: string, url = '/api/1.3/user/login') =>
    t.app.inject({ method: 'POST', url, headers, payload: Buffer.from(payload) });

  describe('user/login', () => {
    it.each([
      ['application/x-www-form-urlencoded (ORT through LWP)', { 'content-type': 'application/x-www-form-urlencoded' }],
      ['text/plain', { 'content-type': 'text/plain' }],
      ['no Content-Type at all', {}],
      ['application/json', { 'content-type': 'application/json' }],
    ])('logs in with a JSON body sent as %s', async (_label, headers) => {
      const res = await loginWith(headers, credentials);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ alerts: [{ text: 'Successfully logged in.', level: 'success' }] });
      expect(res.headers['set-cookie']).toMatch(/^mojolicious=/);
    });

    it('answers the wrong password with 401 under a form label too', async () => {
      const res = await loginWith(
        { 'content-type': 'application/x-www-form-urlencoded' },
        JSON.stringify({ u: 'admin', p: 'nope' }),
      );
      expect(res.statusCode).toBe(401);
      expect(res.json().alerts[0]).toEqual({ text: 'Invalid username or password.', level: 'error' });
    });

    it('answers a body that is no JSON with the malformed-JSON 400, never a stack trace', async () => {
      const res = await loginWith({ 'content-type': 'application/x-www-form-urlencoded' }, 'u=admin&p=x');
      expect(res.statusCode).toBe(400);
      expect(res.json().alerts[0].text).toMatch(/^malformed JSON in request body/);
    });

    it('still checks the body against the schema', async () => {
      const res = await loginWith({ 'content-type': 'text/plain' }, JSON.stringify({ u: 42, p: 'x' }));
      expect(res.statusCode).toBe(400);
      expect(res.json().alerts[0].text).toBe("'u' must be a string");
    });

    it('refuses a non-JSON type from a page (Origin set) with 415: no cross-site form logs a visitor in', async () => {
      const res = await loginWith({ 'content-type': 'text/plain', origin: 'https://evil.example.test' }, credentials);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ alerts: [{ text: MEDIA_TYPE_TEXT, level: 'error' }] });
      expect(res.headers['set-cookie']).toBeUndefined();
    });

    it('takes JSON from a page as before', async () => {
      const res = await loginWith(
        { 'content-type': 'application/json', origin: 'https://evil.example.test' },
        credentials,
      );
      expect(res.statusCode).toBe(200);
    });
  });

  it('reads user/login/token bodies the same way', async () => {
    const res = await loginWith(
      { 'content-type': 'application/x-www-form-urlencoded' },
      JSON.stringify({ t: 'no-such-token' }),
      '/api/1.3/user/login/token',
    );
    expect(res.statusCode).toBe(401);
    expect(res.json().alerts[0].text).toBe('Invalid token. Please contact your administrator.');
  });

  it('keeps every other route strict: a form-labelled JSON body is a 415', async () => {
    const res = await loginWith(
      { 'content-type': 'application/x-www-form-urlencoded' },
      JSON.stringify({ email: 'x@example.test' }),
      '/api/1.3/user/reset_password',
    );
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ alerts: [{ text: MEDIA_TYPE_TEXT, level: 'error' }] });
  });
});
