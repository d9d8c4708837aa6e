import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldsOf } from '../../../daemon/store/users.js';
import type { TestApp } from '../../helpers/app.js';
import { dump, worldApp, type World } from './fixtures.js';

let t: TestApp & { world: World };
beforeAll(async () => {
  t = await worldApp();
});
afterAll(async () => {
  await t.close();
});

async function fieldsOfUser(id: number) {
  return fieldsOf((await t.store.users.byId(id))!);
}

describe('user store writes', () => {
  it('create refuses a taken username or e-mail (any case) inside its transaction, inserting nothing', async () => {
    const base = { ...(await fieldsOfUser(t.world.users.ro)) };
    const before = dump(t.db);
    expect(await t.store.users.create({ ...base, email: 'fresh@example.test' }, 1)).toEqual({ taken: 'username' });
    expect(await t.store.users.create({ ...base, username: 'fresh', email: 'RO_USER@EXAMPLE.TEST' }, 1)).toEqual({
      taken: 'email',
    });
    expect(dump(t.db)).toBe(before);
  });

  it("updateProfile refuses another user's username or e-mail, changing nothing", async () => {
    const mine = await fieldsOfUser(t.world.users.ro);
    const before = dump(t.db);
    const options = { passwordChanged: false, keepSessionHash: null };
    expect(await t.store.users.updateProfile(t.world.users.ro, { ...mine, username: 'ops_user' }, 1, options)).toEqual({
      taken: 'username',
    });
    expect(
      await t.store.users.updateProfile(t.world.users.ro, { ...mine, email: 'ops_user@example.test' }, 1, options),
    ).toEqual({ taken: 'email' });
    expect(dump(t.db)).toBe(before);
  });

  it('updateProfile with a password change ends every session but the kept one', async () => {
    const now = t.clock.now();
    for (const idHash of ['keep', 'drop1', 'drop2']) {
      await t.store.sessions.create({
        idHash,
        userId: t.world.users.roB,
        createdAt: now,
        expiresAt: now + 1000,
        idleExpiresAt: now + 1000,
      });
    }
    await t.store.sessions.create({
      idHash: 'other-user',
      userId: t.world.users.ro,
      createdAt: now,
      expiresAt: now + 1000,
      idleExpiresAt: now + 1000,
    });
    const mine = await fieldsOfUser(t.world.users.roB);
    await t.store.users.updateProfile(t.world.users.roB, { ...mine, localPasswd: 'SCRYPT:new' }, now, {
      passwordChanged: true,
      keepSessionHash: 'keep',
    });
    const left = t.db
      .prepare('SELECT id_hash FROM sessions WHERE id_hash IN (?, ?, ?, ?) ORDER BY id_hash')
      .all('keep', 'drop1', 'drop2', 'other-user');
    expect(left).toEqual([{ id_hash: 'keep' }, { id_hash: 'other-user' }]);
  });

  it('savePendingRegistration answers completed for a finished user and stores nothing', async () => {
    const before = dump(t.db);
    const result = await t.store.users.savePendingRegistration({
      email: 'Ops_User@example.test',
      roleId: 3,
      tenantId: 1,
      token: { tokenHash: 'h', expiresAt: 2 },
      now: 1,
    });
    expect(result).toEqual({ completed: true });
    expect(dump(t.db)).toBe(before);
  });
});

describe('user store query', () => {
  it('answers only users of the given tenants, whatever else is asked', async () => {
    const users = await t.store.users.query({ tenantIds: [t.world.tenants.a, t.world.tenants.b] });
    expect(users.map((u) => u.username)).toEqual(['tenanta_user', 'tenantb_user']);
    expect(await t.store.users.query({ tenantIds: [] })).toEqual([]);
    expect(await t.store.users.query({ tenantIds: [t.world.tenants.a], username: 'admin' })).toEqual([]);
  });

  it('orders by the joined role name, descending, ties by id', async () => {
    const all = [t.world.tenants.root, t.world.tenants.a, t.world.tenants.b, t.world.tenants.off];
    const users = await t.store.users.query({ tenantIds: all, orderBy: 'rolename', descending: true, limit: 3 });
    expect(users.map((u) => u.roleName)).toEqual(['read-only', 'read-only', 'operations']);
    expect(users[0].id).toBeGreaterThan(users[1].id);
  });
});
