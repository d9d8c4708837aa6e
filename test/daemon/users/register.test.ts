import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../../../daemon/services/auth/tokens.js';
import {
  errorOf,
  expectRefused,
  recordingMailer,
  responseOf,
  tokenFromMail,
  worldSessions,
  type Client,
  type WorldApp,
} from './fixtures.js';

type Rec = Record<string, unknown>;

const PORTAL = 'https://portal.example.test/';
let t: WorldApp;
let api: Client;
let mail: ReturnType<typeof recordingMailer>;
let cookies: Record<string, string>;

beforeAll(async () => {
  mail = recordingMailer();
  const app = { mailer: mail.mailer, config: { portalBaseUrl: PORTAL } };
  ({ t, api, cookies } = await worldSessions(['admin', 'ro', 'ops', 'opsA'], { app }));
});
afterAll(() => t.close());

const successText = (email: string, role: string, tenant: string) =>
  `Sent user registration to ${email} with the following permissions [ role: ${role} | tenant: ${tenant} ]`;

async function refused(body: unknown, status: number, text: string, cookie = cookies.admin, version = '1.2') {
  const mails = mail.sent.length;
  await expectRefused(t.db, () => api.post(`/api/${version}/users/register`, cookie, body), status, text);
  expect(mail.sent.length).toBe(mails);
}

const tokenRows = (userId: number) =>
  t.db.prepare('SELECT * FROM user_tokens WHERE user_id = ? ORDER BY created_at').all(userId) as Rec[];

describe('POST users/register', () => {
  it.each(['1.2', '1.3'])('creates a pending user and mails it a link with a single-use token at %s', async (v) => {
    const email = `invitee-${v}@example.test`;
    const res = await api.post(`/api/${v}/users/register`, cookies.admin, {
      email,
      role: 3,
      tenantId: t.world.tenants.a,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ alerts: [{ text: successText(email, 'read-only', 'tenant-a'), level: 'success' }] });

    const message = mail.sent.at(-1)!;
    expect(message.to).toBe(email);
    const token = tokenFromMail(message.text);
    expect(message.text).toContain(`https://portal.example.test/#!/user?token=${token}`);
    expect(message.text).toContain(`token: ${token}`);

    const user = (await t.store.users.byEmail(email))!;
    expect(user).toMatchObject({ newUser: true, localPasswd: null, roleId: 3, tenantId: t.world.tenants.a });
    expect(user.username).toBe(`pending-invitee-${v}`);
    const rows = tokenRows(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ token_hash: hashSecret(token), purpose: 'register', used_at: null });
    expect(rows[0].expires_at).toBe(t.clock.now() + 24 * 3600_000);
    expect(JSON.stringify(rows)).not.toContain(token);

    const listed = responseOf<Rec[]>(await api.get(`/api/1.2/users?username=${user.username}`, cookies.admin));
    expect(listed[0]).toMatchObject({ newUser: true, registrationSent: true });
  });

  it('accepts tenantId and role as numeric strings', async () => {
    const res = await api.post('/api/1.2/users/register', cookies.admin, {
      email: 'strings@example.test',
      role: '3',
      tenantId: String(t.world.tenants.root),
    });
    expect(res.statusCode).toBe(200);
    expect((await t.store.users.byEmail('strings@example.test'))!.tenantId).toBe(t.world.tenants.root);
  });

  it('refreshes a pending user: same user, new role, and only the newest token works', async () => {
    const email = 'again@example.test';
    await api.post('/api/1.2/users/register', cookies.admin, { email, role: 3, tenantId: t.world.tenants.root });
    const first = tokenFromMail(mail.sent.at(-1)!.text);
    const id = (await t.store.users.byEmail(email))!.id;
    await api.post('/api/1.2/users/register', cookies.admin, { email, role: 2, tenantId: t.world.tenants.b });
    const second = tokenFromMail(mail.sent.at(-1)!.text);
    const user = (await t.store.users.byEmail(email))!;
    expect(user).toMatchObject({ id, roleId: 2, tenantId: t.world.tenants.b, newUser: true });
    expect(tokenRows(id)).toHaveLength(1);
    expect((await api.post('/api/1.2/user/login/token', undefined, { t: first })).statusCode).toBe(401);
    expect((await api.post('/api/1.2/user/login/token', undefined, { t: second })).statusCode).toBe(200);
  });

  it('picks a placeholder username no one has', async () => {
    await t.store.users.insert(
      {
        username: 'pending-carol',
        email: 'someone-else@example.test',
        fullName: 'Not Carol',
        localPasswd: null,
        roleId: 3,
        tenantId: t.world.tenants.root,
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
    await api.post('/api/1.2/users/register', cookies.admin, {
      email: 'carol@example.test',
      role: 3,
      tenantId: t.world.tenants.root,
    });
    expect((await t.store.users.byEmail('carol@example.test'))!.username).toBe('pending-carol-2');
  });

  it('lets a tenant-a operator invite into its own tenant', async () => {
    const res = await api.post('/api/1.2/users/register', cookies.opsA, {
      email: 'a-invite@example.test',
      role: 2,
      tenantId: t.world.tenants.a,
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers 409 for the e-mail of a user who completed registration, and sends nothing', async () => {
    await refused(
      { email: 'ro_user@example.test', role: 3, tenantId: 1 },
      409,
      'User already exists and has completed registration.',
    );
  });

  it.each([
    ['an empty object', {}, "'email' cannot be blank, 'role' cannot be blank, 'tenantId' cannot be blank"],
    ['an invalid email', { email: 'nope', role: 3, tenantId: 1 }, "'email' must be a valid email address"],
    [
      'a non-numeric role and tenant',
      { email: 'x@example.test', role: 'admin', tenantId: 'root' },
      "'role' must be an integer, 'tenantId' must be an integer",
    ],
    ['a numeric email', { email: 5, role: 3, tenantId: 1 }, "'email' must be a string"],
  ])('answers 400 for %s', async (_name, body, text) => {
    await refused(body, 400, text);
  });

  it('answers 404 for an unknown role', async () => {
    await refused({ email: 'r404@example.test', role: 99, tenantId: 1 }, 404, 'role not found');
  });

  it('forbids an operator to invite an admin', async () => {
    await refused(
      { email: 'esc@example.test', role: 1, tenantId: 1 },
      403,
      'user cannot create a user with a role more privileged than themselves',
      cookies.ops,
    );
  });

  it('forbids a tenant the requester cannot see, or that does not exist', async () => {
    await refused(
      { email: 't403@example.test', role: 3, tenantId: t.world.tenants.root },
      403,
      'not authorized on this tenant',
      cookies.opsA,
    );
    await refused({ email: 't403@example.test', role: 3, tenantId: 999 }, 403, 'not authorized on this tenant');
  });

  it("forbids moving another tenant's pending user", async () => {
    await api.post('/api/1.2/users/register', cookies.admin, {
      email: 'rootpending@example.test',
      role: 3,
      tenantId: t.world.tenants.root,
    });
    await refused(
      { email: 'rootpending@example.test', role: 3, tenantId: t.world.tenants.a },
      403,
      'not authorized on this tenant',
      cookies.opsA,
    );
  });

  it('refuses a read-only user with 403 Forbidden.', async () => {
    await refused({ email: 'ro-invite@example.test', role: 3, tenantId: 1 }, 403, 'Forbidden.', cookies.ro);
  });

  it('is not served at 1.1', async () => {
    await refused(
      { email: 'v11@example.test', role: 3, tenantId: 1 },
      404,
      "The requested path '/api/1.1/users/register' does not exist.",
      cookies.admin,
      '1.1',
    );
  });

  it('answers 500 and stores nothing when the mail cannot be sent, for a new or a pending user', async () => {
    mail.state.failing = true;
    try {
      await refused({ email: 'unsent@example.test', role: 3, tenantId: 1 }, 500, 'Internal Server Error');
      await refused({ email: 'rootpending@example.test', role: 2, tenantId: 1 }, 500, 'Internal Server Error');
    } finally {
      mail.state.failing = false;
    }
  });
});

describe('registration tokens', () => {
  async function invite(email: string): Promise<string> {
    const res = await api.post('/api/1.2/users/register', cookies.admin, { email, role: 3, tenantId: 1 });
    expect(res.statusCode).toBe(200);
    return tokenFromMail(mail.sent.at(-1)!.text);
  }

  it('log in once: a second use is refused', async () => {
    const token = await invite('once@example.test');
    const first = await api.post('/api/1.1/user/login/token', undefined, { t: token });
    expect(first.statusCode).toBe(200);
    const again = await api.post('/api/1.1/user/login/token', undefined, { t: token });
    expect(errorOf(again)).toEqual({
      status: 401,
      alerts: [{ text: 'Invalid token. Please contact your administrator.', level: 'error' }],
    });
  });

  it('expire after 24 hours', async () => {
    const token = await invite('late@example.test');
    t.clock.advance(24 * 3600_000 + 1);
    try {
      expect((await api.post('/api/1.2/user/login/token', undefined, { t: token })).statusCode).toBe(401);
    } finally {
      t.clock.advance(-(24 * 3600_000 + 1));
    }
  });

  it('still work just before they expire', async () => {
    const token = await invite('intime@example.test');
    t.clock.advance(24 * 3600_000 - 1000);
    try {
      expect((await api.post('/api/1.2/user/login/token', undefined, { t: token })).statusCode).toBe(200);
    } finally {
      t.clock.advance(-(24 * 3600_000 - 1000));
    }
  });
});
