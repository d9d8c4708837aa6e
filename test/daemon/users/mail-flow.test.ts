/** The registration and reset flows end to end: real HTTP to a listening daemon, real SMTP to an in-process server. */
import { resetMailQueueOf } from '../../../daemon/services/mail/reset-queue.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../daemon/config.js';
import type { AlertRecord } from '../../../shared/contract/schema.js';
import { createMailer } from '../../../daemon/services/mail/create.js';
import { ADMIN_PASSWORD, makeApp } from '../../helpers/app.js';
import { dump, tokenFromMail } from './fixtures.js';
import { eventually, parseMail, startSmtpServer } from './mail-server.js';

/** The API's envelope: alerts, a response, or both. */
interface Json {
  alerts?: AlertRecord[];
  response?: unknown;
}

/** A tiny HTTP client over fetch that keeps no cookies of its own. */
function http(base: string) {
  async function call(method: string, path: string, body?: unknown, cookie?: string) {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = res.headers.get('set-cookie');
    return { status: res.status, json: (await res.json()) as Json, cookie: setCookie ? setCookie.split(';')[0] : null };
  }
  return {
    get: (path: string, cookie?: string) => call('GET', path, undefined, cookie),
    post: (path: string, body: unknown, cookie?: string) => call('POST', path, body, cookie),
    put: (path: string, body: unknown, cookie?: string) => call('PUT', path, body, cookie),
    async login(u: string, p: string) {
      const res = await call('POST', '/api/1.2/user/login', { u, p });
      if (res.status !== 200 || !res.cookie) throw new Error(`login ${u}: ${res.status}`);
      return res.cookie;
    },
  };
}

async function listeningApp(smtpUrl: string) {
  const t = await makeApp({
    mailer: createMailer(defaultConfig({ smtp: { url: smtpUrl, from: 'CDN <cdn@example.test>' } })),
  });
  const url = await t.app.listen({ host: '127.0.0.1', port: 0 });
  return { t, url, api: http(url) };
}

describe('registration and password reset over HTTP with a real SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let d: Awaited<ReturnType<typeof listeningApp>>;
  let admin: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    d = await listeningApp(smtp.url);
    admin = await d.api.login('admin', ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await d.t.close();
    await smtp.close();
  });

  async function nextMail(count: number) {
    const mail = await eventually(() => smtp.received[count], 'the SMTP server to receive a message');
    return { ...mail, ...parseMail(mail.raw) };
  }

  it('register → mail → token login → set username, name, password → normal login; newUser ends false', async () => {
    const count = smtp.received.length;
    const reg = await d.api.post(
      '/api/1.2/users/register',
      { email: 'newbie@example.test', role: 3, tenantId: 1 },
      admin,
    );
    expect(reg.status).toBe(200);
    expect(reg.json.alerts?.[0].text).toBe(
      'Sent user registration to newbie@example.test with the following permissions [ role: read-only | tenant: root ]',
    );

    const mail = await nextMail(count);
    expect(mail.to).toEqual(['newbie@example.test']);
    expect(mail.from).toBe('cdn@example.test');
    expect(mail.headers.to).toBe('newbie@example.test');
    expect(mail.headers.subject).toMatch(/invitation/i);
    const token = tokenFromMail(mail.text);
    expect(mail.text).toContain(`${d.url}/#!/user?token=${token}`);
    expect(mail.text).toContain(`token: ${token}`);

    const tokenLogin = await d.api.post('/api/1.2/user/login/token', { t: token });
    expect(tokenLogin.status).toBe(200);
    const session = tokenLogin.cookie!;
    const pending = await d.api.get('/api/1.2/user/current', session);
    expect(pending.json.response).toMatchObject({
      email: 'newbie@example.test',
      newUser: true,
      localUser: false,
      roleName: 'read-only',
    });

    const done = await d.api.put(
      '/api/1.2/user/current',
      {
        user: {
          username: 'newbie',
          fullName: 'New Bie',
          localPasswd: 'Fresh-Passw0rd!',
          confirmLocalPasswd: 'Fresh-Passw0rd!',
        },
      },
      session,
    );
    expect(done.status).toBe(200);
    expect(done.json.response).toMatchObject({ username: 'newbie', fullName: 'New Bie', newUser: false });

    const normal = await d.api.login('newbie', 'Fresh-Passw0rd!');
    const me = await d.api.get('/api/1.2/user/current', normal);
    expect(me.json.response).toMatchObject({ username: 'newbie', newUser: false, localUser: true });
    expect((await d.api.post('/api/1.2/user/login/token', { t: token })).status).toBe(401);
    const again = await d.api.post(
      '/api/1.2/users/register',
      { email: 'newbie@example.test', role: 3, tenantId: 1 },
      admin,
    );
    expect(again.status).toBe(409);
  });

  it('reset → mail → token login → new password works and the old one does not', async () => {
    const count = smtp.received.length;
    const res = await d.api.post('/api/1.1/user/reset_password', { email: 'admin@localhost' });
    expect(res.status).toBe(200);
    expect(res.json.alerts?.[0].text).toBe("Successfully sent password reset to email 'admin@localhost'");
    const mail = await nextMail(count);
    expect(mail.to).toEqual(['admin@localhost']);
    const token = tokenFromMail(mail.text);
    expect(mail.text).toContain(`token: ${token}`);

    const tokenLogin = await d.api.post('/api/1.1/user/login/token', { t: token });
    expect(tokenLogin.status).toBe(200);
    const changed = await d.api.post(
      '/api/1.1/user/current/update',
      { user: { localPassword: 'Reset-Passw0rd-2', confirmLocalPassword: 'Reset-Passw0rd-2' } },
      tokenLogin.cookie!,
    );
    expect(changed.status).toBe(200);
    await expect(d.api.login('admin', ADMIN_PASSWORD)).rejects.toThrow(/401/);
    expect(await d.api.login('admin', 'Reset-Passw0rd-2')).toMatch(/^mojolicious=/);
    // The password change ended the admin's other sessions, the one from beforeAll among them.
    expect((await d.api.get('/api/1.2/user/current', admin)).status).toBe(401);
    expect((await d.api.post('/api/1.1/user/login/token', { t: token })).status).toBe(401);
  });
});

describe('a failing SMTP server', () => {
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    while (closers.length) await closers.pop()!();
  });

  it.each([
    ['refuses the message', async () => startSmtpServer({ reject: true })],
    [
      'is not listening',
      async () => {
        const gone = await startSmtpServer();
        await gone.close();
        return gone;
      },
    ],
  ])('answers 500 to a registration and stores nothing for it or a reset when it %s', async (_name, start) => {
    const smtp = await start();
    closers.push(smtp.close);
    const d = await listeningApp(smtp.url);
    closers.push(() => d.t.close());
    const admin = await d.api.login('admin', ADMIN_PASSWORD);
    const before = dump(d.t.db);
    const reg = await d.api.post(
      '/api/1.2/users/register',
      { email: 'lost@example.test', role: 3, tenantId: 1 },
      admin,
    );
    expect(reg.status).toBe(500);
    expect(reg.json).toEqual({ alerts: [{ text: 'Internal Server Error', level: 'error' }] });
    // A reset answers before its mail is sent (the same answer for every address): the failed send stores nothing.
    const reset = await d.api.post('/api/1.2/user/reset_password', { email: 'admin@localhost' });
    expect(reset.status).toBe(200);
    await resetMailQueueOf(d.t.store)?.idle();
    expect(dump(d.t.db)).toBe(before);
    expect(smtp.received).toEqual([]);
  });
});
