import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachStore } from '../../helpers/store-kinds.js';
import { goldenApp, PASSWORDS, type GoldenApp } from '../security/fixture.js';
import { expectRefused, lastLogMessage, send } from '../tenants/golden-client.js';

/** PUT users/:id (1.1+, operations): the Go client's UpdateUserByID at /api/1.5 got 404 (issue 31). */
eachStore((kind) => {
  let t: GoldenApp;
  beforeAll(async () => {
    t = await goldenApp({ storeKind: kind });
  });
  afterAll(() => t.close());

  const body = (over: Record<string, unknown> = {}) => ({
    username: 'ro_user',
    email: 'ro@example.test',
    fullName: 'Read Only Renamed',
    role: 3,
    tenantId: t.ids.tenants.root,
    company: 'ACME',
    ...over,
  });
  const put = (id: number | string, b: unknown, who: Parameters<typeof send>[3] = 'admin', v = '1.5') =>
    send(t, 'PUT', `/api/${v}/users/${id}`, who, b);

  describe('PUT users/:id', () => {
    it('updates the user at 1.5 and answers the written record with the Go texts', async () => {
      const id = t.ids.users.ro_user;
      const res = await put(id, body());
      expect(res.status).toBe(200);
      expect(res.body.alerts).toEqual([{ text: 'user was updated.', level: 'success' }]);
      expect(res.body.response).toMatchObject({
        id,
        username: 'ro_user',
        fullName: 'Read Only Renamed',
        company: 'ACME',
      });
      expect(await t.store.users.byId(id)).toMatchObject({ fullName: 'Read Only Renamed', company: 'ACME' });
      expect(await lastLogMessage(t)).toBe(`USER: ro_user, ID: ${id}, ACTION: Updated user, keys: { id:${id} }`);
    });

    it.each(['1.1', '1.3'])('is served at %s', async (v) => {
      expect((await put(t.ids.users.ro_user, body({ company: `v${v}` }), 'admin', v)).status).toBe(200);
    });

    it('changes the password only when one is given, and then it works', async () => {
      const id = t.ids.users.ro_user;
      const before = (await t.store.users.byId(id))!.localPasswd;
      await put(id, body());
      expect((await t.store.users.byId(id))!.localPasswd).toBe(before);
      const res = await put(id, body({ localPasswd: 'N3w-Passw0rd-ro', confirmLocalPasswd: 'N3w-Passw0rd-ro' }));
      expect(res.status).toBe(200);
      const login = await send(t, 'POST', '/api/1.5/user/login', null, { u: 'ro_user', p: 'N3w-Passw0rd-ro' });
      expect(login.status).toBe(200);
      await put(id, body({ localPasswd: PASSWORDS.ro_user, confirmLocalPasswd: PASSWORDS.ro_user }));
    });

    it.each([
      ['a blank email', { email: '' }, "'email' cannot be blank"],
      ['a bad email', { email: 'nope' }, "'email' must be a valid email address"],
      ['a blank full name', { fullName: '' }, "'fullName' cannot be blank"],
      ['a blank username', { username: '' }, "'username' cannot be blank"],
      ['no role', { role: null }, "'role' cannot be blank"],
      [
        'a short password',
        { localPasswd: 'short', confirmLocalPasswd: 'short' },
        'Password must be greater than 7 characters.',
      ],
      [
        'a confirm that differs',
        { localPasswd: 'Another-Passw0rd', confirmLocalPasswd: 'Other-Passw0rd' },
        "'confirmLocalPassword' must match 'localPassword'",
      ],
    ])('refuses %s with 400', async (_name, over, text) => {
      await expectRefused(t, () => put(t.ids.users.ro_user, body(over)), 400, text);
    });

    it('refuses ids that are not integers, and unknown users', async () => {
      await expectRefused(t, () => put('abc', body()), 400, 'failed to parse key: id');
      await expectRefused(t, () => put(999999, body()), 404, 'no user found with this id');
    });

    it('refuses a taken username or email', async () => {
      await expectRefused(
        t,
        () => put(t.ids.users.ro_user, body({ username: 'ops_user' })),
        400,
        "username 'ops_user' already exists.",
      );
      await expectRefused(
        t,
        () => put(t.ids.users.ro_user, body({ email: 'ops@example.test' })),
        400,
        "email 'ops@example.test' already exists.",
      );
    });

    it('refuses an unknown role, a role above the caller, and a change of one’s own role', async () => {
      await expectRefused(t, () => put(t.ids.users.ro_user, body({ role: 99 })), 404, 'role not found');
      await expectRefused(
        t,
        () => put(t.ids.users.ro_user, body({ role: 1 }), 'ops_user'),
        403,
        'user cannot update a user with a role more privileged than themselves',
      );
      const ops = t.ids.users.ops_user;
      await expectRefused(
        t,
        () =>
          put(
            ops,
            body({ username: 'ops_user', email: 'ops@example.test', fullName: 'Ops User', role: 3 }),
            'ops_user',
          ),
        400,
        'users cannot update their own role',
      );
    });

    it('refuses callers below operations', async () => {
      await expectRefused(t, () => put(t.ids.users.ro_user, body(), 'ro_user'), 403, 'Forbidden.');
      await expectRefused(t, () => put(t.ids.users.ro_user, body(), null), 401, 'Unauthorized, please log in.');
    });

    it('keeps a tenant-a operator to its tenant: other users and other tenants are refused', async () => {
      await expectRefused(
        t,
        () => put(t.ids.users.ro_user, body(), 'tenanta_user'),
        403,
        'not authorized on this tenant',
      );
      const own = t.ids.users.tenanta_user;
      const mine = { username: 'tenanta_user', email: 'ta@example.test', fullName: 'Tenant A User', role: 2 };
      await expectRefused(
        t,
        () => put(own, { ...mine, tenantId: t.ids.tenants.root }, 'tenanta_user'),
        403,
        'not authorized on this tenant',
      );
      const ok = await put(own, { ...mine, tenantId: t.ids.tenants.tenantA, company: 'A' }, 'tenanta_user');
      expect(ok.status).toBe(200);
    });
  });
});
