import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../../daemon/services/auth/passwords.js';
import { ADMIN_PASSWORD, login, makeApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeEach(async () => {
  t = await makeApp();
});
afterEach(async () => {
  await t.close();
});

const post = (url: string, payload?: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });
const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const alertsOf = (res: { json(): unknown }) => (res.json() as { alerts: { text: string; level: string }[] }).alerts;

async function addUser(username: string, roleId: number, password: string) {
  await t.store.users.insert(
    {
      username,
      email: `${username}@example.test`,
      fullName: username,
      localPasswd: await hashPassword(password),
      roleId,
      tenantId: 1,
      company: null,
      addressLine1: null,
      addressLine2: null,
      city: null,
      stateOrProvince: null,
      postalCode: null,
      country: null,
      phoneNumber: null,
      publicSshKey: null,
      gid: null,
      uid: null,
      newUser: false,
      registrationSent: null,
    },
    t.clock.now(),
  );
}

describe('POST user/login', () => {
  it('answers 200 with an HttpOnly, SameSite=Lax session cookie named mojolicious', async () => {
    const res = await post('/api/1.2/user/login', { u: 'admin', p: ADMIN_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ alerts: [{ text: 'Successfully logged in.', level: 'success' }] });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^mojolicious=[A-Za-z0-9_-]{43}; Path=\//);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Max-Age=21600');
    expect(cookie).not.toContain('Secure');
  });

  it("sets the cookie's Expires from the daemon's clock, not the host's", async () => {
    const res = await post('/api/1.2/user/login', { u: 'admin', p: ADMIN_PASSWORD });
    const expires = /Expires=([^;]+)/.exec(String(res.headers['set-cookie']))?.[1];
    expect(expires).toBe(new Date(t.clock.now() + 21_600_000).toUTCString());
  });

  it('stores only a hash of the session id', async () => {
    const cookie = await login(t.app, 'admin', ADMIN_PASSWORD);
    const value = cookie.split('=')[1];
    const rows = t.db.prepare('SELECT id_hash FROM sessions').all() as { id_hash: string }[];
    expect(rows).toHaveLength(1);
    expect(rows[0].id_hash).not.toBe(value);
  });

  it.each([
    ['bad password', { u: 'admin', p: 'wrong-password' }],
    ['unknown user', { u: 'nosuchuser', p: 'whatever123' }],
  ])('answers 401 with one text for a %s', async (_name, body) => {
    const res = await post('/api/1.2/user/login', body);
    expect(res.statusCode).toBe(401);
    expect(alertsOf(res)).toEqual([{ text: 'Invalid username or password.', level: 'error' }]);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a user whose role is disallowed with the same 401', async () => {
    await addUser('blocked', 4, 'Bl0ckedPassw0rd');
    const res = await post('/api/1.2/user/login', { u: 'blocked', p: 'Bl0ckedPassw0rd' });
    expect(res.statusCode).toBe(401);
    expect(alertsOf(res)[0].text).toBe('Invalid username or password.');
  });

  it.each([
    ['missing password', { u: 'admin' }],
    ['missing username', { p: ADMIN_PASSWORD }],
    ['empty object', {}],
    ['empty strings', { u: '', p: '' }],
  ])('answers 400 for %s', async (_name, body) => {
    const res = await post('/api/1.2/user/login', body);
    expect(res.statusCode).toBe(400);
    expect(alertsOf(res)).toEqual([{ text: 'username and password are required', level: 'error' }]);
  });

  it('answers 400 for an empty body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/1.2/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    expect(alertsOf(res)[0].text).toBe('username and password are required');
  });

  it('answers 400 with a readable message for malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/1.2/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"u": "admin", "p": ',
    });
    expect(res.statusCode).toBe(400);
    expect(alertsOf(res)[0]).toMatchObject({ level: 'error' });
    expect(alertsOf(res)[0].text).toMatch(/^malformed JSON in request body/);
    expect(res.body).not.toMatch(/at .*\.js/);
  });

  it('answers 400 when a field has the wrong type', async () => {
    const res = await post('/api/1.2/user/login', { u: 42, p: 'x' });
    expect(res.statusCode).toBe(400);
    expect(alertsOf(res)[0].text).toBe("'u' must be a string");
  });

  it('reads a form-labelled body as JSON, as Traffic Ops did: real form fields are malformed JSON (400)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/1.2/user/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'u=admin',
    });
    expect(res.statusCode).toBe(400);
    expect(alertsOf(res)[0].text).toMatch(/^malformed JSON in request body/);
  });

  it('answers 413 with an alert for a body over 1 MiB', async () => {
    const res = await post('/api/1.2/user/login', { u: 'admin', p: 'x'.repeat(1024 * 1024 + 10) });
    expect(res.statusCode).toBe(413);
    expect(alertsOf(res)[0]).toEqual({ text: 'request body is too large: the limit is 1 MiB', level: 'error' });
  });

  it('limits failed attempts per username and address: the 6th answers 429, even with the right password', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await post('/api/1.2/user/login', { u: 'admin', p: `wrong${i}` })).statusCode).toBe(401);
    }
    const limited = await post('/api/1.2/user/login', { u: 'admin', p: ADMIN_PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(alertsOf(limited)).toEqual([{ text: 'Too many failed login attempts; try again later.', level: 'error' }]);
    t.clock.advance(15 * 60_000 + 1);
    expect((await post('/api/1.2/user/login', { u: 'admin', p: ADMIN_PASSWORD })).statusCode).toBe(200);
  });

  it('works at every served version', async () => {
    for (const v of ['1.1', '1.2', '1.3']) {
      expect((await post(`/api/${v}/user/login`, { u: 'admin', p: ADMIN_PASSWORD })).statusCode).toBe(200);
    }
  });
});

describe('sessions', () => {
  it('admits the cookie, and after logout the same cookie answers 401', async () => {
    const cookie = await login(t.app, 'admin', ADMIN_PASSWORD);
    expect((await get('/api/1.2/user/current', cookie)).statusCode).toBe(200);
    const out = await post('/api/1.2/user/logout', undefined, cookie);
    expect(out.statusCode).toBe(200);
    expect(alertsOf(out)).toEqual([{ text: 'You are logged out.', level: 'success' }]);
    expect(String(out.headers['set-cookie'])).toContain('Max-Age=0');
    const after = await get('/api/1.2/user/current', cookie);
    expect(after.statusCode).toBe(401);
    expect(alertsOf(after)).toEqual([{ text: 'Unauthorized, please log in.', level: 'error' }]);
  });

  it('answers 401 to logout without a cookie', async () => {
    const res = await post('/api/1.2/user/logout');
    expect(res.statusCode).toBe(401);
    expect(alertsOf(res)[0].text).toBe('Unauthorized, please log in.');
  });

  it.each([
    ['no cookie', undefined],
    ['a garbage cookie', 'mojolicious=garbage'],
    ['an empty cookie', 'mojolicious='],
    ['an over-long cookie', `mojolicious=${'a'.repeat(5000)}`],
  ])('answers 401 to %s', async (_name, cookie) => {
    const res = await get('/api/1.2/user/current', cookie);
    expect(res.statusCode).toBe(401);
    expect(alertsOf(res)).toEqual([{ text: 'Unauthorized, please log in.', level: 'error' }]);
  });

  it('rejects a tampered cookie', async () => {
    const cookie = await login(t.app, 'admin', ADMIN_PASSWORD);
    const last = cookie.at(-1) === 'A' ? 'B' : 'A';
    expect((await get('/api/1.2/user/current', cookie.slice(0, -1) + last)).statusCode).toBe(401);
  });

  it('ends after an hour without requests', async () => {
    const cookie = await login(t.app, 'admin', ADMIN_PASSWORD);
    t.clock.advance(59 * 60_000);
    expect((await get('/api/1.2/user/current', cookie)).statusCode).toBe(200);
    t.clock.advance(59 * 60_000);
    expect((await get('/api/1.2/user/current', cookie)).statusCode).toBe(200);
    t.clock.advance(60 * 60_000 + 1);
    expect((await get('/api/1.2/user/current', cookie)).statusCode).toBe(401);
  });

  it('ends six hours after login however active', async () => {
    const cookie = await login(t.app, 'admin', ADMIN_PASSWORD);
    for (let i = 0; i < 11; i++) {
      t.clock.advance(30 * 60_000);
      expect((await get('/api/1.2/user/current', cookie)).statusCode).toBe(200);
    }
    t.clock.advance(30 * 60_000);
    expect((await get('/api/1.2/user/current', cookie)).statusCode).toBe(401);
  });

  it("keeps one user's logout from ending another session", async () => {
    const a = await login(t.app, 'admin', ADMIN_PASSWORD);
    const b = await login(t.app, 'admin', ADMIN_PASSWORD);
    await post('/api/1.2/user/logout', undefined, a);
    expect((await get('/api/1.2/user/current', b)).statusCode).toBe(200);
  });
});

describe('POST user/login/token', () => {
  it.each([
    ['an unknown token', { t: 'not-a-real-token' }],
    ['no token', {}],
  ])('answers 401 for %s', async (_name, body) => {
    const res = await post('/api/1.2/user/login/token', body);
    expect(res.statusCode).toBe(401);
    expect(alertsOf(res)).toEqual([{ text: 'Invalid token. Please contact your administrator.', level: 'error' }]);
  });

  it('logs in once with a stored token and refuses it the second time or after it expires', async () => {
    const { hashSecret } = await import('../../daemon/services/auth/tokens.js');
    const now = t.clock.now();
    await t.store.tokens.create({
      tokenHash: hashSecret('tok-1'),
      userId: 1,
      purpose: 'reset',
      createdAt: now,
      expiresAt: now + 86_400_000,
    });
    await t.store.tokens.create({
      tokenHash: hashSecret('tok-2'),
      userId: 1,
      purpose: 'reset',
      createdAt: now,
      expiresAt: now + 86_400_000,
    });
    const first = await post('/api/1.2/user/login/token', { t: 'tok-1' });
    expect(first.statusCode).toBe(200);
    expect(alertsOf(first)[0].text).toBe('Successfully logged in.');
    const cookie = String(first.headers['set-cookie']).split(';')[0];
    expect((await get('/api/1.2/user/current', cookie)).statusCode).toBe(200);
    expect((await post('/api/1.2/user/login/token', { t: 'tok-1' })).statusCode).toBe(401);
    t.clock.advance(86_400_000);
    expect((await post('/api/1.2/user/login/token', { t: 'tok-2' })).statusCode).toBe(401);
  });
});
