import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../../daemon/services/auth/passwords.js';
import { dump, expectRefused, loginAs, responseOf, worldSessions, type Client, type WorldApp } from './fixtures.js';

type Rec = Record<string, unknown>;

let t: WorldApp;
let api: Client;
let cookies: Record<string, string>;

beforeAll(async () => {
  ({ t, api, cookies } = await worldSessions(['admin', 'ro', 'ops', 'opsA']));
});
afterAll(() => t.close());

let serial = 0;
/** A valid create body with a fresh username and e-mail. */
function valid(overrides: Rec = {}): Rec {
  serial += 1;
  return {
    username: `new${serial}`,
    email: `new${serial}@example.test`,
    fullName: `New User ${serial}`,
    localPassword: 'N3wUserPassw0rd',
    confirmLocalPassword: 'N3wUserPassw0rd',
    role: 3,
    tenantId: t.world.tenants.root,
    ...overrides,
  };
}

/** Sends a create that must fail, and checks its status and text and that nothing stored changed. */
const refused = (body: unknown, status: number, text: string, cookie = cookies.admin, version = '1.2') =>
  expectRefused(t.db, () => api.post(`/api/${version}/users`, cookie, body), status, text);

describe('POST users: success', () => {
  // The seed fixes the create answer at 1.2 only; at 1.3 it is Traffic Ops' tc.User (issue 34, item 3).
  it("creates a user at 1.3 and answers Traffic Ops' tc.User (registrationSent a time or null)", async () => {
    const body = valid({ company: 'Example', city: 'Denver' });
    const res = await api.post('/api/1.3/users', cookies.admin, body);
    expect(res.statusCode).toBe(200);
    const rec = responseOf<Rec>(res);
    expect(rec).toMatchObject({ username: body.username, role: 3, roleName: 'read-only', registrationSent: null });
    expect(typeof rec.id).toBe('number');
    expect(rec.lastUpdated).toMatch(/\+00$/);
  });

  it.each(['1.2'])('creates a user at %s and answers the stored record with ints and roleName', async (v) => {
    const body = valid({ company: 'Example', city: 'Denver' });
    const res = await api.post(`/api/${v}/users`, cookies.admin, body);
    expect(res.statusCode).toBe(200);
    expect(res.json().alerts).toEqual([{ text: 'user was created.', level: 'success' }]);
    const rec = responseOf<Rec>(res);
    expect(rec).toMatchObject({
      username: body.username,
      email: body.email,
      fullName: body.fullName,
      company: 'Example',
      city: 'Denver',
      role: 3,
      roleName: 'read-only',
      tenant: 'root',
      tenantId: t.world.tenants.root,
      newUser: false,
      registrationSent: false,
      gid: null,
      uid: null,
    });
    expect(typeof rec.id).toBe('number');
    expect(rec).not.toHaveProperty('rolename');
    expect(JSON.stringify(rec)).not.toMatch(/N3wUserPassw0rd|SCRYPT|localPass|confirm/);
    const stored = await t.store.users.byId(rec.id as number);
    expect(await verifyPassword('N3wUserPassw0rd', stored!.localPasswd)).toBe(true);
    expect(stored!.localPasswd).not.toContain('N3wUserPassw0rd');
  });

  it("accepts Traffic Ops clients' localPasswd and confirmLocalPasswd", async () => {
    const { localPassword: _p, confirmLocalPassword: _c, ...body } = valid();
    const res = await api.post('/api/1.2/users', cookies.admin, {
      ...body,
      localPasswd: 'T0ClientPassw0rd',
      confirmLocalPasswd: 'T0ClientPassw0rd',
    });
    expect(res.statusCode).toBe(200);
    const stored = await t.store.users.byUsername(body.username as string);
    expect(await verifyPassword('T0ClientPassw0rd', stored!.localPasswd)).toBe(true);
  });

  it("puts the user in the requester's tenant when tenantId is omitted", async () => {
    const { tenantId: _t, ...body } = valid();
    const res = await api.post('/api/1.2/users', cookies.opsA, body);
    expect(res.statusCode).toBe(200);
    expect(responseOf<Rec>(res)).toMatchObject({ tenant: 'tenant-a', tenantId: t.world.tenants.a });
  });

  it('lets a tenant-a operator create a user in a child tenant', async () => {
    const res = await api.post('/api/1.2/users', cookies.opsA, valid({ tenantId: t.world.tenants.a1 }));
    expect(res.statusCode).toBe(200);
    expect(responseOf<Rec>(res).tenant).toBe('tenant-a1');
  });

  it('lets an operator create a user of its own level, and stores newUser when sent', async () => {
    const res = await api.post('/api/1.2/users', cookies.ops, valid({ role: 2, newUser: true, tenantId: null }));
    expect(res.statusCode).toBe(200);
    expect(responseOf<Rec>(res)).toMatchObject({ role: 2, roleName: 'operations', newUser: true });
  });

  it('shows the created user in GET users', async () => {
    const body = valid();
    await api.post('/api/1.2/users', cookies.admin, body);
    const list = responseOf<Rec[]>(await api.get(`/api/1.2/users?username=${body.username}`, cookies.admin));
    expect(list).toHaveLength(1);
    expect(list[0].id).toMatch(/^\d+$/);
  });
});

describe('POST users: refused', () => {
  it('is not served at 1.1', async () => {
    await refused(valid(), 404, "The requested path '/api/1.1/users' does not exist.", cookies.admin, '1.1');
  });

  it('refuses a read-only user with 403', async () => {
    await refused(valid(), 403, 'Forbidden.', cookies.ro);
  });

  it('refuses a request without a session with 401', async () => {
    const before = dump(t.db);
    expect((await api.post('/api/1.2/users', undefined, valid())).statusCode).toBe(401);
    expect(dump(t.db)).toBe(before);
  });

  it('lists every missing field of an empty object, in field order', async () => {
    await refused(
      {},
      400,
      "'username' cannot be blank, 'email' cannot be blank, 'fullName' cannot be blank, 'localPassword' cannot be blank, 'confirmLocalPassword' cannot be blank, 'role' cannot be blank",
    );
  });

  it('treats an empty body like an empty object', async () => {
    const before = dump(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/1.2/users',
      headers: { cookie: cookies.admin, 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().alerts[0].text).toMatch(/^'username' cannot be blank, /);
    expect(dump(t.db)).toBe(before);
  });

  it.each([
    [
      'blank strings',
      { username: ' ', email: '', fullName: null },
      "'username' cannot be blank, 'email' cannot be blank, 'fullName' cannot be blank",
    ],
    [
      'a missing password pair',
      { localPassword: undefined, confirmLocalPassword: undefined },
      "'localPassword' cannot be blank, 'confirmLocalPassword' cannot be blank",
    ],
    ['a missing confirmation', { confirmLocalPassword: undefined }, "'confirmLocalPassword' cannot be blank"],
    [
      'a mismatched confirmation',
      { confirmLocalPassword: 'TotallyDifferent99' },
      "'confirmLocalPassword' must match 'localPassword'",
    ],
    [
      'a short password',
      { localPassword: 'short', confirmLocalPassword: 'short' },
      'Password must be greater than 7 characters.',
    ],
    [
      'a password equal to the username',
      { username: 'sameasuser', localPassword: 'sameasuser', confirmLocalPassword: 'sameasuser' },
      'Your password cannot be your username.',
    ],
    ['a common password', { localPassword: 'password', confirmLocalPassword: 'password' }, 'Password is too common.'],
    ['an invalid email', { email: 'not-an-email' }, "'email' must be a valid email address"],
    ['a missing role', { role: undefined }, "'role' cannot be blank"],
    [
      'several problems at once',
      { email: 'nope', localPassword: 'short', role: null },
      "'email' must be a valid email address, Password must be greater than 7 characters., 'confirmLocalPassword' must match 'localPassword', 'role' cannot be blank",
    ],
  ])('answers 400 for %s', async (_name, overrides, text) => {
    await refused(valid(overrides), 400, text);
  });

  it.each([
    ['a numeric username', { username: 5 }, "'username' must be a string"],
    ['a string role', { role: '3' }, "'role' must be an integer"],
    ['a fractional tenantId', { tenantId: 1.5 }, "'tenantId' must be an integer"],
    ['a string newUser', { newUser: 'yes' }, "'newUser' must be a boolean"],
    ['a numeric city', { city: 7 }, "'city' must be a string"],
  ])('answers 400 for %s', async (_name, overrides, text) => {
    await refused(valid(overrides), 400, text);
  });

  it('answers 400 for a body that is not an object', async () => {
    await refused([1, 2], 400, 'the request body must be an object');
  });

  it('answers 400 with a readable message for malformed JSON', async () => {
    const before = dump(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/1.2/users',
      headers: { cookie: cookies.admin, 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().alerts[0].text).toMatch(/^malformed JSON in request body/);
    expect(dump(t.db)).toBe(before);
  });

  it('answers 404 for an unknown role', async () => {
    await refused(valid({ role: 999 }), 404, 'role not found');
  });

  it('forbids an operator to create an admin', async () => {
    await refused(
      valid({ role: 1 }),
      403,
      'user cannot create a user with a role more privileged than themselves',
      cookies.ops,
    );
  });

  it('answers 403 for an unknown tenant', async () => {
    await refused(valid({ tenantId: 999 }), 403, 'not authorized on this tenant');
  });

  it('answers 403 to an operator whose own tenant is inactive, even for that tenant', async () => {
    const cookie = await loginAs(t.app, 'offUser');
    await refused(valid({ tenantId: t.world.tenants.off }), 403, 'not authorized on this tenant', cookie);
    await refused(valid({ tenantId: undefined }), 403, 'not authorized on this tenant', cookie);
  });

  it("forbids a tenant-a operator to create a user in root's tenant or a sibling", async () => {
    await refused(valid({ tenantId: t.world.tenants.root }), 403, 'not authorized on this tenant', cookies.opsA);
    await refused(valid({ tenantId: t.world.tenants.b }), 403, 'not authorized on this tenant', cookies.opsA);
  });

  it('answers 400 for a duplicate username', async () => {
    await refused(valid({ username: 'ro_user' }), 400, "username 'ro_user' already exists.");
  });

  it('answers 400 for a duplicate email, in any case', async () => {
    await refused(valid({ email: 'RO_USER@example.test' }), 400, "email 'RO_USER@example.test' already exists.");
  });
});
