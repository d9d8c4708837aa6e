import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../../../daemon/services/auth/tokens.js';
import { login } from '../../helpers/app.js';
import {
  USER_PASSWORD,
  dump,
  expectRefused,
  loginAs,
  responseOf,
  worldSessions,
  type Client,
  type WorldApp,
} from './fixtures.js';

type Rec = Record<string, unknown>;

let t: WorldApp;
let api: Client;
let cookies: Record<string, string>;

beforeAll(async () => {
  ({ t, api, cookies } = await worldSessions(['admin', 'ro', 'opsA']));
});
afterAll(() => t.close());

const CURRENT_KEYS_11 = [
  'addressLine1',
  'addressLine2',
  'city',
  'company',
  'country',
  'email',
  'fullName',
  'gid',
  'id',
  'lastUpdated',
  'localUser',
  'newUser',
  'phoneNumber',
  'postalCode',
  'publicSshKey',
  'role',
  'roleName',
  'stateOrProvince',
  'uid',
  'username',
];

const refused = (
  url: string,
  cookie: string,
  body: unknown,
  status: number,
  text: string,
  method: 'PUT' | 'POST' = 'PUT',
) =>
  expectRefused(
    t.db,
    () => (method === 'PUT' ? api.put(url, cookie, body) : api.post(url, cookie, body)),
    status,
    text,
  );

describe('GET user/current', () => {
  it('answers at 1.1 (and current.json) without tenant fields, ids as strings, localUser boolean', async () => {
    for (const url of ['/api/1.1/user/current', '/api/1.1/user/current.json']) {
      const res = await api.get(url, cookies.ro);
      expect(res.statusCode).toBe(200);
      const rec = responseOf<Rec>(res);
      expect(Object.keys(rec).sort()).toEqual(CURRENT_KEYS_11);
      expect(rec).toMatchObject({
        username: 'ro_user',
        id: String(t.world.users.ro),
        role: '3',
        roleName: 'read-only',
      });
      expect(rec.localUser).toBe(true);
      expect(rec.newUser).toBe(false);
    }
  });

  it.each(['1.2', '1.3'])('adds tenant and tenantId (int) at %s', async (v) => {
    const rec = responseOf<Rec>(await api.get(`/api/${v}/user/current`, cookies.opsA));
    expect(Object.keys(rec).sort()).toEqual([...CURRENT_KEYS_11, 'tenant', 'tenantId'].sort());
    expect(rec).toMatchObject({ tenant: 'tenant-a', tenantId: t.world.tenants.a });
  });

  it('answers 401 without a session', async () => {
    expect((await api.get('/api/1.2/user/current')).statusCode).toBe(401);
  });
});

describe('PUT user/current and POST user/current/update', () => {
  it.each(['1.2', '1.3'])('updates only the fields sent and answers the stored record at %s', async (v) => {
    const before = await t.store.users.byId(t.world.users.ro);
    const res = await api.put(`/api/${v}/user/current`, cookies.ro, {
      user: { city: `Boulder ${v}`, company: 'Example Co' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().alerts).toEqual([{ text: 'User profile was successfully updated', level: 'success' }]);
    const rec = responseOf<Rec>(res);
    expect(rec).toMatchObject({
      username: 'ro_user',
      email: before!.email,
      fullName: before!.fullName,
      city: `Boulder ${v}`,
      company: 'Example Co',
      id: t.world.users.ro,
      role: 3,
      roleName: 'read-only',
      tenantId: t.world.tenants.root,
      newUser: false,
    });
    const after = await t.store.users.byId(t.world.users.ro);
    expect(after!.localPasswd).toBe(before!.localPasswd);
    expect(responseOf<Rec>(await api.get('/api/1.2/user/current', cookies.ro)).city).toBe(`Boulder ${v}`);
  });

  it('accepts role and tenantId when they are unchanged, also as the strings GET answers', async () => {
    const res = await api.put('/api/1.2/user/current', cookies.ro, {
      user: {
        fullName: 'Read Only Renamed',
        role: '3',
        tenantId: t.world.tenants.root,
        id: 'ignored',
        localUser: true,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(responseOf<Rec>(res).fullName).toBe('Read Only Renamed');
  });

  it('clears optional fields sent as null and sets gid/uid from digits', async () => {
    await api.put('/api/1.2/user/current', cookies.ro, { user: { phoneNumber: '555-0100' } });
    const res = await api.put('/api/1.2/user/current', cookies.ro, {
      user: { phoneNumber: null, gid: '100', uid: 200 },
    });
    expect(responseOf<Rec>(res)).toMatchObject({ phoneNumber: null, gid: 100, uid: 200 });
    expect(responseOf<Rec>(await api.get('/api/1.2/user/current', cookies.ro))).toMatchObject({
      gid: '100',
      uid: '200',
    });
  });

  it('refuses a gid or uid beyond 32 bits with 400, which PostgreSQL could not store (a backup would not move)', async () => {
    for (const [field, value] of [
      ['gid', 2 ** 40],
      ['uid', '2147483648'],
      ['gid', -(2 ** 31) - 1],
    ] as const) {
      await expectRefused(
        t.db,
        () => api.put('/api/1.2/user/current', cookies.ro, { user: { [field]: value } }),
        400,
        `'${field}' must be between -2147483648 and 2147483647`,
      );
    }
    const res = await api.put('/api/1.2/user/current', cookies.ro, { user: { gid: 2147483647, uid: -2147483648 } });
    expect(responseOf<Rec>(res)).toMatchObject({ gid: 2147483647, uid: -2147483648 });
  });

  it('answers only the alert at 1.1 through POST user/current/update', async () => {
    const res = await api.post('/api/1.1/user/current/update', cookies.ro, { user: { city: 'Via Update' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ alerts: [{ text: 'User profile was successfully updated', level: 'success' }] });
    expect((await t.store.users.byId(t.world.users.ro))!.city).toBe('Via Update');
  });

  it.each(['1.2', '1.3'])('keeps the 1.1 answer (the alert only) of POST user/current/update at %s', async (v) => {
    const res = await api.post(`/api/${v}/user/current/update`, cookies.ro, { user: { city: `Update ${v}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ alerts: [{ text: 'User profile was successfully updated', level: 'success' }] });
    expect((await t.store.users.byId(t.world.users.ro))!.city).toBe(`Update ${v}`);
  });

  it('is not served as PUT at 1.1', async () => {
    await refused(
      '/api/1.1/user/current',
      cookies.ro,
      { user: { city: 'x' } },
      404,
      "The requested path '/api/1.1/user/current' does not exist.",
    );
  });

  it.each([
    ['a body without user', { fullName: 'Unwrapped' }, "missing 'user' object"],
    ['a null user', { user: null }, "missing 'user' object"],
    ['an emptied email', { user: { email: '' } }, "'email' cannot be blank"],
    [
      'an emptied full name and username',
      { user: { username: ' ', fullName: null } },
      "'username' cannot be blank, 'fullName' cannot be blank",
    ],
    ['an invalid email', { user: { email: 'not-an-email' } }, "'email' must be a valid email address"],
    [
      'a mismatched confirmation',
      { user: { localPasswd: 'N3wR3adOnlyPassw0rd', confirmLocalPasswd: 'Different12345' } },
      "'confirmLocalPassword' must match 'localPassword'",
    ],
    [
      'a password without confirmation',
      { user: { localPassword: 'N3wR3adOnlyPassw0rd' } },
      "'confirmLocalPassword' cannot be blank",
    ],
    [
      'a confirmation without password',
      { user: { confirmLocalPassword: 'N3wR3adOnlyPassw0rd' } },
      "'localPassword' cannot be blank",
    ],
    [
      'a short password',
      { user: { localPassword: 'short', confirmLocalPassword: 'short' } },
      'Password must be greater than 7 characters.',
    ],
    [
      'the username as password',
      { user: { localPassword: 'ro_user_x', confirmLocalPassword: 'ro_user_x', username: 'ro_user_x' } },
      'Your password cannot be your username.',
    ],
    [
      'a common password',
      { user: { localPassword: 'iloveyou123', confirmLocalPassword: 'iloveyou123' } },
      'Password is too common.',
    ],
    ['a role change', { user: { role: 1 } }, 'users cannot change their own role'],
    ['a tenant change', { user: { tenantId: 999 } }, 'users cannot change their own tenant'],
    ['a non-integer gid', { user: { gid: 'abc' } }, "'gid' must be an integer"],
    ['a numeric city', { user: { city: 5 } }, "'user.city' must be a string"],
    ['a string user', { user: 'ro_user' }, "'user' must be an object"],
  ])('answers 400 for %s and changes nothing', async (_name, body, text) => {
    await refused('/api/1.2/user/current', cookies.ro, body, 400, text);
  });

  it('answers 400 for malformed JSON and changes nothing', async () => {
    const before = dump(t.db);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/1.2/user/current',
      headers: { cookie: cookies.ro, 'content-type': 'application/json' },
      payload: '{"user":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().alerts[0].text).toMatch(/^malformed JSON/);
    expect(dump(t.db)).toBe(before);
  });

  it('answers 409 for a username or e-mail another user has, and changes nothing', async () => {
    await refused(
      '/api/1.2/user/current',
      cookies.ro,
      { user: { username: 'admin' } },
      409,
      'Username admin already exists!',
    );
    await refused(
      '/api/1.2/user/current',
      cookies.ro,
      { user: { email: 'OPS_USER@example.test' } },
      409,
      'Email OPS_USER@example.test already exists!',
    );
  });

  it('lets a user keep its own username and e-mail', async () => {
    const self = await t.store.users.byId(t.world.users.ro);
    const res = await api.put('/api/1.2/user/current', cookies.ro, {
      user: { username: self!.username, email: self!.email },
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers 401 without a session', async () => {
    await refused('/api/1.2/user/current', '', { user: { city: 'x' } }, 401, 'Unauthorized, please log in.');
  });
});

describe("changing one's password", () => {
  it('keeps the session that changed it, ends the others, drops unused tokens, and the new password works', async () => {
    const here = await loginAs(t.app, 'opsA');
    const elsewhere = await loginAs(t.app, 'opsA');
    await t.store.tokens.create({
      tokenHash: hashSecret('pending-reset-token'),
      userId: t.world.users.opsA,
      purpose: 'reset',
      createdAt: t.clock.now(),
      expiresAt: t.clock.now() + 3600_000,
    });
    const res = await api.put('/api/1.2/user/current', here, {
      user: { localPasswd: 'Brand-N3w-Secret', confirmLocalPasswd: 'Brand-N3w-Secret' },
    });
    expect(res.statusCode).toBe(200);
    expect(JSON.stringify(res.json())).not.toContain('Brand-N3w-Secret');
    expect((await api.get('/api/1.2/user/current', here)).statusCode).toBe(200);
    expect((await api.get('/api/1.2/user/current', elsewhere)).statusCode).toBe(401);
    expect((await api.get('/api/1.2/user/current', cookies.opsA)).statusCode).toBe(401);
    expect(await t.store.tokens.consume(hashSecret('pending-reset-token'), t.clock.now())).toBeNull();
    await expect(login(t.app, 'tenanta_user', USER_PASSWORD)).rejects.toThrow(/401/);
    expect(await login(t.app, 'tenanta_user', 'Brand-N3w-Secret')).toMatch(/^mojolicious=/);
  });
});
