import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Change } from '../../../../daemon/store/change-log.js';
import { CONTRACT_FIXTURE, T0 } from './fixture.js';
import { describeEachStore, type OpenedStore } from './stores.js';
import { userFields } from './users-fixture.js';

const session = (idHash: string, userId: number) => ({
  idHash,
  userId,
  createdAt: T0,
  expiresAt: T0 + 1e9,
  idleExpiresAt: T0 + 1e9,
});
const messages = async (h: OpenedStore) =>
  (await h.store.changeLog.list({ since: 0, limit: 100, visibleTenantIds: null, username: null })).map(
    (e) => e.message,
  );

describeEachStore("users: the users API's transactional writes", (kind) => {
  let h: OpenedStore;
  beforeEach(async () => {
    h = await kind.open();
    await h.exec(CONTRACT_FIXTURE);
  });
  afterEach(() => h.close());

  it('create inserts a user unless the username or the e-mail (any case) is taken, logging only what it did', async () => {
    const change: Change<{ id: number } | { taken: string }> = (r) =>
      'id' in r ? { message: `created ${r.id}`, user: 1, at: T0 } : null;
    expect(await h.store.users.create(userFields('ops'), T0, change)).toEqual({ taken: 'username' });
    expect(await h.store.users.create(userFields('other', { email: 'OPS@acme.TEST' }), T0, change)).toEqual({
      taken: 'email',
    });
    expect(await h.store.users.create(userFields('fresh', { email: 'Fresh@Example.test' }), T0 + 5, change)).toEqual({
      id: 5,
    });
    expect(await h.store.users.byEmail('fresh@example.test')).toMatchObject({
      id: 5,
      username: 'fresh',
      lastUpdated: T0 + 5,
    });
    expect(await messages(h)).toEqual(['created 5']);
    expect(await h.store.users.create(userFields('fresh2'), T0)).toEqual({ id: 6 });
  });

  it('updateProfile refuses a name or e-mail of another user, keeps its own, and on a password change ends the other sessions and drops unused tokens', async () => {
    await h.store.sessions.create(session('keep', 2));
    await h.store.sessions.create(session('other', 2));
    await h.store.sessions.create(session('admins', 1));
    await h.store.tokens.create({
      tokenHash: 'unused',
      userId: 2,
      purpose: 'reset',
      createdAt: T0,
      expiresAt: T0 + 1e9,
    });
    const ops = await h.store.users.byId(2);
    const keep = { passwordChanged: false, keepSessionHash: null };
    const fields = { ...userFields('ops'), email: ops!.email, roleId: 2, tenantId: 2 };
    expect(await h.store.users.updateProfile(2, { ...fields, username: 'admin' }, T0, keep)).toEqual({
      taken: 'username',
    });
    expect(await h.store.users.updateProfile(2, { ...fields, email: 'ADMIN@localhost' }, T0, keep)).toEqual({
      taken: 'email',
    });
    expect(
      await h.store.users.updateProfile(2, { ...fields, city: 'Oslo' }, T0 + 1, keep, {
        message: 'updated ops',
        user: 1,
        at: T0,
      }),
    ).toEqual({ ok: true });
    expect(await h.store.users.byId(2)).toMatchObject({ city: 'Oslo', lastUpdated: T0 + 1, email: 'ops@acme.test' });
    expect(await h.store.sessions.find('other')).not.toBeNull();
    await h.store.users.updateProfile(2, { ...fields, localPasswd: 'scrypt$new' }, T0 + 2, {
      passwordChanged: true,
      keepSessionHash: 'keep',
    });
    expect(await h.store.sessions.find('keep')).not.toBeNull();
    expect(await h.store.sessions.find('other')).toBeNull();
    expect(await h.store.sessions.find('admins')).not.toBeNull();
    expect(await h.store.tokens.consume('unused', T0 + 3)).toBeNull();
    await h.store.users.updateProfile(2, fields, T0 + 3, { passwordChanged: true, keepSessionHash: null });
    expect(await h.store.sessions.find('keep')).toBeNull();
    expect(await messages(h)).toEqual(['updated ops']);
  });

  it('savePendingRegistration creates a pending user with a free placeholder name, refreshes it, and refuses a completed user', async () => {
    await h.store.users.insert(userFields('pending-new', { email: 'taken@example.test' }), T0);
    const token = (tokenHash: string) => ({ tokenHash, expiresAt: T0 + 1e9 });
    const r1 = await h.store.users.savePendingRegistration(
      { email: 'New@Example.test', roleId: 3, tenantId: 2, token: token('t1'), now: T0 + 1 },
      (r) => ({ message: `registered ${JSON.stringify(r)}`, user: 1, at: T0 }),
    );
    expect(r1).toEqual({ userId: 6 });
    expect(await h.store.users.byId(6)).toMatchObject({
      username: 'pending-new-2',
      email: 'New@Example.test',
      fullName: '',
      localPasswd: null,
      roleId: 3,
      tenantId: 2,
      newUser: true,
      registrationSent: T0 + 1,
      lastUpdated: T0 + 1,
    });
    const r2 = await h.store.users.savePendingRegistration({
      email: 'new@example.test',
      roleId: 5,
      tenantId: 3,
      token: token('t2'),
      now: T0 + 2,
    });
    expect(r2).toEqual({ userId: 6 });
    expect(await h.store.users.byId(6)).toMatchObject({
      roleId: 5,
      tenantId: 3,
      registrationSent: T0 + 2,
      lastUpdated: T0 + 2,
    });
    expect(await h.store.tokens.consume('t1', T0 + 3)).toBeNull();
    expect(await h.store.tokens.consume('t2', T0 + 3)).toEqual({ userId: 6, purpose: 'register' });
    expect(
      await h.store.users.savePendingRegistration({
        email: 'OPS@acme.test',
        roleId: 3,
        tenantId: 2,
        token: token('t3'),
        now: T0,
      }),
    ).toEqual({ completed: true });
    expect(
      await h.store.users.savePendingRegistration({
        email: 'viewer@acme.test',
        roleId: 3,
        tenantId: 2,
        token: token('t4'),
        now: T0 + 4,
      }),
    ).toEqual({ userId: 3 });
    expect(await messages(h)).toEqual(['registered {"userId":6}']);
  });

  it('savePasswordReset stores a reset token beside the valid ones, counted by tokensSince', async () => {
    await h.store.users.savePasswordReset(2, { tokenHash: 'r1', expiresAt: T0 + 1e9 }, T0 + 10);
    await h.store.users.savePasswordReset(2, { tokenHash: 'r2', expiresAt: T0 + 1e9 }, T0 + 20);
    expect(await h.store.resetRequests.tokensSince(2, T0 + 10)).toBe(1);
    expect(await h.store.resetRequests.tokensSince(2, T0)).toBe(2);
    expect(await h.store.resetRequests.tokensSince(1, T0)).toBe(0);
    expect(await h.store.tokens.consume('r1', T0 + 30)).toEqual({ userId: 2, purpose: 'reset' });
    expect(await h.store.tokens.consume('r2', T0 + 30)).toEqual({ userId: 2, purpose: 'reset' });
  });
});
