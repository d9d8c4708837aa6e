import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetMailQueueOf } from '../../../daemon/services/mail/reset-queue.js';
import { hashSecret } from '../../../daemon/services/auth/tokens.js';
import { ADMIN_PASSWORD, login, makeApp } from '../../helpers/app.js';
import { alertsOf, goldenApp, mailedTokens, PASSWORDS, type GoldenApp, type Username } from './fixture.js';

/**
 * Sessions and tokens as an attacker meets them: forged, stale, logged-out and foreign cookies are refused, a
 * password change ends the other sessions, guessing is limited, and tokens work once and expire (BEHAVIOR.md §2).
 */

const UNAUTHORIZED = [{ text: 'Unauthorized, please log in.', level: 'error' }];
const HOUR = 3600_000;

let t: GoldenApp;
beforeAll(async () => {
  t = await goldenApp();
});
afterAll(async () => {
  await t?.close();
});

const current = (cookie: string | null) =>
  t.app.inject({ method: 'GET', url: '/api/1.3/user/current', headers: cookie === null ? {} : { cookie } });
const postLogin = (u: string, p: string) =>
  t.app.inject({ method: 'POST', url: '/api/1.3/user/login', payload: { u, p } });
const cookieOf = (res: { headers: Record<string, unknown> }) => String(res.headers['set-cookie']).split(';')[0];

async function expectRefused(cookie: string | null, why: string) {
  const res = await current(cookie);
  expect(res.statusCode, why).toBe(401);
  expect(alertsOf(res), why).toEqual(UNAUTHORIZED);
}

describe('forged and foreign cookies', () => {
  let good: string;
  beforeAll(async () => {
    good = await t.session('ops_user');
  });

  it('accepts the real cookie, as its own user only', async () => {
    const res = await current(good);
    expect(res.statusCode).toBe(200);
    expect(res.json().response.username).toBe('ops_user');
  });

  it('refuses every tampered form of a real session id', async () => {
    const [name, value] = good.split('=');
    const flip = (c: string) => (c === 'A' ? 'B' : 'A');
    const forms = {
      'last character changed': `${name}=${value.slice(0, -1)}${flip(value.slice(-1))}`,
      'first character changed': `${name}=${flip(value[0])}${value.slice(1)}`,
      truncated: `${name}=${value.slice(0, -1)}`,
      extended: `${name}=${value}A`,
      'upper-cased': `${name}=${value.toUpperCase()}`,
      'hash stored in the database': `${name}=${hashSecret(value)}`,
      'percent-encoded': `${name}=${encodeURIComponent(value).replace(/[A-Za-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`)}`,
      'another cookie name': `session=${value}`,
      'value over 256 characters': `${name}=${value.repeat(7)}`,
      empty: `${name}=`,
      'SQL in the value': `${name}=' OR '1'='1`,
    };
    for (const [why, cookie] of Object.entries(forms)) await expectRefused(cookie, why);
    await expectRefused(null, 'no cookie');
  });

  it('refuses a session id issued by another daemon (another database)', async () => {
    const other = await makeApp();
    try {
      const foreign = await login(other.app, 'admin', ADMIN_PASSWORD);
      expect(
        (await other.app.inject({ method: 'GET', url: '/api/1.3/user/current', headers: { cookie: foreign } }))
          .statusCode,
      ).toBe(200);
      await expectRefused(foreign, 'cookie of another daemon');
    } finally {
      await other.close();
    }
  });

  it('answers one user’s cookie with that user, never another', async () => {
    const cookies = await Promise.all(
      (['admin', 'ro_user', 'tenanta_user'] as Username[]).map(async (u) => [u, await t.session(u)] as const),
    );
    for (const [username, cookie] of cookies) expect((await current(cookie)).json().response.username).toBe(username);
  });
});

describe('session lifetime', () => {
  it('ends a session after an hour without a request', async () => {
    const cookie = await t.session('ro_user');
    t.clock.advance(HOUR - 60_000);
    expect((await current(cookie)).statusCode).toBe(200);
    t.clock.advance(HOUR + 1);
    await expectRefused(cookie, 'idle for over an hour');
  });

  it('ends an active session six hours after login, and removes it', async () => {
    const res = await postLogin('ro_user', PASSWORDS.ro_user);
    const cookie = cookieOf(res);
    // A request every 50 minutes keeps it from idling out...
    for (let minutes = 50; minutes <= 350; minutes += 50) {
      t.clock.advance(50 * 60_000);
      expect((await current(cookie)).statusCode, `after ${minutes} minutes`).toBe(200);
    }
    // ...but not past six hours from login.
    t.clock.advance(11 * 60_000);
    await expectRefused(cookie, 'six hours after login');
    const rows = t.db
      .prepare('SELECT count(*) AS n FROM sessions WHERE id_hash = ?')
      .get(hashSecret(cookie.split('=')[1])) as { n: number };
    expect(rows.n).toBe(0);
  });

  it('ends the session at logout: the old cookie no longer works, not even to log out again', async () => {
    const cookie = cookieOf(await postLogin('ro_user', PASSWORDS.ro_user));
    expect((await current(cookie)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/1.3/user/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/^mojolicious=; .*Max-Age=0; HttpOnly; SameSite=Lax$/);
    await expectRefused(cookie, 'after logout');
    expect((await t.app.inject({ method: 'POST', url: '/api/1.3/user/logout', headers: { cookie } })).statusCode).toBe(
      401,
    );
  });
});

describe('session cookies', () => {
  it('are opaque 256-bit ids, HttpOnly, SameSite=Lax, for the whole site, without Secure over plain HTTP', async () => {
    const a = await postLogin('ro_user', PASSWORDS.ro_user);
    const b = await postLogin('ro_user', PASSWORDS.ro_user);
    const header = String(a.headers['set-cookie']);
    expect(header).toMatch(
      /^mojolicious=[A-Za-z0-9_-]{43}; Path=\/; Expires=[^;]+; Max-Age=21600; HttpOnly; SameSite=Lax$/,
    );
    expect(header).not.toContain('Secure');
    expect(cookieOf(a)).not.toBe(cookieOf(b));
    const stored = t.db.prepare('SELECT id_hash FROM sessions').pluck().all() as string[];
    expect(stored).not.toContain(cookieOf(a).split('=')[1]);
    expect(stored).toContain(hashSecret(cookieOf(a).split('=')[1]));
  });
});

describe('changing a password', () => {
  it('ends every other session of that user, keeps the one that changed it, and retires the old password', async () => {
    const changer = cookieOf(await postLogin('tenanta_user', PASSWORDS.tenanta_user));
    const others = [await t.session('tenanta_user'), await t.session('tenanta_user')];
    const bystander = await t.session('ops_user');
    const newPassword = 'N3wTenantAPassw0rd!';
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/1.3/user/current',
      headers: { cookie: changer },
      payload: { user: { localPassword: newPassword, confirmLocalPassword: newPassword } },
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const cookie of others) await expectRefused(cookie, 'another session of the user');
    expect((await current(changer)).statusCode).toBe(200);
    expect((await current(bystander)).statusCode).toBe(200);
    expect((await postLogin('tenanta_user', PASSWORDS.tenanta_user)).statusCode).toBe(401);
    expect((await postLogin('tenanta_user', newPassword)).statusCode).toBe(200);
  });
});

describe('the login limit', () => {
  it('answers 429 after five failures for a username from one address, even to the right password, until the delay passes', async () => {
    for (let i = 0; i < 5; i++) expect((await postLogin('ro_user', `wrong-${i}`)).statusCode).toBe(401);
    const blocked = await postLogin('ro_user', PASSWORDS.ro_user);
    expect(blocked.statusCode).toBe(429);
    expect(alertsOf(blocked)).toEqual([{ text: 'Too many failed login attempts; try again later.', level: 'error' }]);
    expect(blocked.headers['set-cookie']).toBeUndefined();
    expect((await postLogin('ops_user', PASSWORDS.ops_user)).statusCode).toBe(200);
    t.clock.advance(15 * 60_000 + 1);
    expect((await postLogin('ro_user', PASSWORDS.ro_user)).statusCode).toBe(200);
  });

  it('limits an unknown username exactly like a real one, so the limit reveals no account', async () => {
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await postLogin('no_such_user', `wrong-${i}`)).statusCode);
    expect(answers).toEqual([...Array(5).fill(401), 429]);
  });

  it('holds against concurrent guesses: no more than five passwords are checked before the delays', async () => {
    t.clock.advance(15 * 60_000 + 1);
    for (let round = 0; round < 3; round++) {
      const guesses = await Promise.all(
        Array.from({ length: 30 }, (_, i) => postLogin('ops_user', `guess-${round}-${i}`)),
      );
      const statuses = guesses.map((r) => r.statusCode);
      expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    }
    const checked = t.db.prepare("SELECT count(*) AS n FROM login_failures WHERE username = 'ops_user'").get() as {
      n: number;
    };
    expect(checked.n).toBe(5);
    expect((await postLogin('ops_user', PASSWORDS.ops_user)).statusCode).toBe(429);
    t.clock.advance(15 * 60_000 + 1);
  });
});

describe('mailed tokens', () => {
  const tokensMailedTo = (address: string) => mailedTokens(t.outbox, address);
  const reset = async (email: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/1.3/user/reset_password', payload: { email } });
    // The mail leaves after the answer (constant-time answers): wait for the queue before reading the outbox.
    await resetMailQueueOf(t.store)?.idle();
    return res;
  };
  const tokenLogin = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/1.3/user/login/token', payload: { t: token } });
  const INVALID = [{ text: 'Invalid token. Please contact your administrator.', level: 'error' }];

  it('answers a reset request the same whether or not the address has an account', async () => {
    const known = await reset('ro@example.test');
    const unknown = await reset('nobody@example.test');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json().alerts[0].text.replace('ro@example.test', 'X')).toBe(
      unknown.json().alerts[0].text.replace('nobody@example.test', 'X'),
    );
    expect(tokensMailedTo('nobody@example.test')).toEqual([]);
  });

  it('log in once: the second use of a token is refused', async () => {
    const token = tokensMailedTo('ro@example.test').at(-1)!;
    expect(token).toHaveLength(43);
    const stored = t.db.prepare('SELECT token_hash FROM user_tokens').pluck().all() as string[];
    expect(stored).not.toContain(token);
    const first = await tokenLogin(token);
    expect(first.statusCode).toBe(200);
    expect(String(first.headers['set-cookie'])).toMatch(/^mojolicious=[A-Za-z0-9_-]{43};.*HttpOnly; SameSite=Lax$/);
    const second = await tokenLogin(token);
    expect(second.statusCode).toBe(401);
    expect(alertsOf(second)).toEqual(INVALID);
  });

  it('expire after 24 hours', async () => {
    await reset('ops@example.test');
    const token = tokensMailedTo('ops@example.test').at(-1)!;
    t.clock.advance(24 * HOUR + 1);
    const res = await tokenLogin(token);
    expect(res.statusCode).toBe(401);
    expect(alertsOf(res)).toEqual(INVALID);
  });

  it('refuse forged and altered tokens with the same answer', async () => {
    await reset('ta@example.test');
    const token = tokensMailedTo('ta@example.test').at(-1)!;
    for (const forged of [
      `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
      hashSecret(token),
      'x',
      "' OR 1=1 --",
    ]) {
      expect(alertsOf(await tokenLogin(forged))).toEqual(INVALID);
    }
    expect((await tokenLogin(token)).statusCode).toBe(200);
  });
});
