import { afterEach, beforeEach, expect, it } from 'vitest';
import { userReadRecord } from '../../../../daemon/format/users.js';
import type { User } from '../../../../daemon/store/users.js';
import { CONTRACT_FIXTURE, T0 } from './fixture.js';
import { describeEachStore, type OpenedStore } from './stores.js';
import { addUsers, expectedOrder, NASTY, ORDER_KEYS, userFields } from './users-fixture.js';

const ALL_TENANTS = [1, 2, 3, 4];

describeEachStore('roles, tenants and user lookups', (kind) => {
  let h: OpenedStore;
  beforeEach(async () => {
    h = await kind.open();
    await h.exec(CONTRACT_FIXTURE);
  });
  afterEach(() => h.close());

  it('roles: list by id, get, byName', async () => {
    const roles = await h.store.roles.list();
    expect(roles.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(await h.store.roles.get(2)).toEqual({
      id: 2,
      name: 'operations',
      description: 'block all access',
      privLevel: 20,
    });
    expect(await h.store.roles.byName('portal')).toEqual({
      id: 5,
      name: 'portal',
      description: 'portal user',
      privLevel: 15,
    });
    expect(await h.store.roles.get(99)).toBeNull();
    expect(await h.store.roles.byName('Portal')).toBeNull();
  });

  it('tenants: list by name (byte order), get, byName, with the parent name', async () => {
    await h.exec(
      `INSERT INTO tenants (id, name, active, parent_id, last_updated) VALUES (5, 'Zeta', 1, 2, ${T0}), (6, '_u', 1, 1, ${T0})`,
    );
    expect((await h.store.tenants.list()).map((t) => t.name)).toEqual([
      'Zeta',
      '_u',
      'acme',
      'acme-video',
      'globex',
      'root',
    ]);
    expect(await h.store.tenants.get(3)).toEqual({
      id: 3,
      name: 'acme-video',
      active: true,
      parentId: 2,
      parentName: 'acme',
      lastUpdated: T0,
    });
    expect(await h.store.tenants.byName('root')).toEqual({
      id: 1,
      name: 'root',
      active: true,
      parentId: null,
      parentName: null,
      lastUpdated: T0,
    });
    expect((await h.store.tenants.byName('globex'))?.active).toBe(false);
    expect(await h.store.tenants.get(99)).toBeNull();
    expect(await h.store.tenants.byName('ROOT')).toBeNull();
  });

  it('users: byId, byUsername, byEmail (any ASCII case), list by username', async () => {
    const viewer: User = {
      id: 3,
      username: 'viewer',
      email: 'viewer@acme.test',
      fullName: 'Viewer',
      localPasswd: null,
      roleId: 3,
      roleName: 'read-only',
      privLevel: 10,
      tenantId: 3,
      tenantName: 'acme-video',
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
      newUser: true,
      registrationSent: T0,
      lastUpdated: T0,
    };
    expect(await h.store.users.byId(3)).toEqual(viewer);
    expect(await h.store.users.byUsername('viewer')).toEqual(viewer);
    expect(await h.store.users.byEmail('VIEWER@Acme.Test')).toEqual(viewer);
    expect(await h.store.users.byUsername('Viewer')).toBeNull();
    expect(await h.store.users.byEmail('nobody@acme.test')).toBeNull();
    expect(await h.store.users.byId(99)).toBeNull();
    await addUsers(h.store);
    expect((await h.store.users.list()).map((u) => u.username)).toEqual([
      'Zed',
      '_under',
      'admin',
      'amy',
      'bob',
      'gx',
      'ops',
      'viewer',
    ]);
  });

  it('users: insert, update and setPassword write every column', async () => {
    const fields = userFields('new', {
      company: NASTY,
      gid: 0,
      uid: 7,
      newUser: true,
      registrationSent: T0 + 9,
      addressLine2: 'b',
      stateOrProvince: 'ZH',
      postalCode: '8000',
    });
    const id = await h.store.users.insert(fields, T0 + 10);
    expect(id).toBe(5);
    expect(await h.store.users.byId(id)).toEqual({
      ...fields,
      id,
      roleName: 'read-only',
      privLevel: 10,
      tenantName: 'acme',
      lastUpdated: T0 + 10,
    });
    const changed = userFields('renamed', { roleId: 1, tenantId: 1, localPasswd: null, country: 'DE' });
    await h.store.users.update(id, changed, T0 + 20);
    expect(await h.store.users.byId(id)).toEqual({
      ...changed,
      id,
      roleName: 'admin',
      privLevel: 30,
      tenantName: 'root',
      lastUpdated: T0 + 20,
    });
    await h.store.users.setPassword(id, 'scrypt$other', T0 + 30);
    expect(await h.store.users.byId(id)).toMatchObject({
      localPasswd: 'scrypt$other',
      lastUpdated: T0 + 30,
      username: 'renamed',
    });
    await expect(h.store.users.insert(userFields('renamed'), T0)).rejects.toThrow();
  });
});

describeEachStore('users: the list queries and the JSON SQLite renders', (kind) => {
  let h: OpenedStore;
  beforeEach(async () => {
    h = await kind.open();
    await h.exec(CONTRACT_FIXTURE);
    await addUsers(h.store);
  });
  afterEach(() => h.close());

  it('orders by every key, both ways, NULLs first ascending, ties by id, names byte by byte', async () => {
    const all = await h.store.users.query({ tenantIds: ALL_TENANTS, orderBy: 'id' });
    expect(all).toHaveLength(8);
    for (const key of ORDER_KEYS) {
      for (const descending of [false, true]) {
        const ids = (await h.store.users.query({ tenantIds: ALL_TENANTS, orderBy: key, descending })).map((u) => u.id);
        expect(ids, `${key} ${descending ? 'desc' : 'asc'}`).toEqual(expectedOrder(all, key, descending));
      }
    }
    expect((await h.store.users.query({ tenantIds: ALL_TENANTS })).map((u) => u.username)).toEqual([
      'Zed',
      '_under',
      'admin',
      'amy',
      'bob',
      'gx',
      'ops',
      'viewer',
    ]);
  });

  it('filters by tenants, id, username, role name, tenant id and name; pages with limit and offset', async () => {
    const names = async (f: Parameters<typeof h.store.users.query>[0]) =>
      (await h.store.users.query(f)).map((u) => u.username);
    expect(await names({ tenantIds: [2, 3] })).toEqual(['Zed', 'amy', 'ops', 'viewer']);
    expect(await names({ tenantIds: [] })).toEqual([]);
    expect(await names({ tenantIds: ALL_TENANTS, id: 2 })).toEqual(['ops']);
    expect(await names({ tenantIds: [1], id: 2 })).toEqual([]);
    expect(await names({ tenantIds: ALL_TENANTS, username: 'amy' })).toEqual(['amy']);
    expect(await names({ tenantIds: ALL_TENANTS, roleName: 'operations' })).toEqual(['amy', 'ops']);
    expect(await names({ tenantIds: ALL_TENANTS, tenantId: 4 })).toEqual(['bob', 'gx']);
    expect(await names({ tenantIds: ALL_TENANTS, tenantName: 'acme-video' })).toEqual(['amy', 'viewer']);
    expect(await names({ tenantIds: ALL_TENANTS, limit: 3, offset: 2 })).toEqual(['admin', 'amy', 'bob']);
    expect(await names({ tenantIds: ALL_TENANTS, limit: 2, orderBy: 'city', descending: true })).toEqual([
      '_under',
      'Zed',
    ]);
    expect(await names({ tenantIds: ALL_TENANTS, offset: 7 })).toEqual(['viewer']);
  });

  it('queryJson answers the bytes of the records userReadRecord makes, never the hash', async () => {
    const cases = [
      { tenantIds: ALL_TENANTS },
      { tenantIds: ALL_TENANTS, orderBy: 'fullName' as const, descending: true },
      { tenantIds: [2, 3], orderBy: 'company' as const, limit: 2, offset: 1 },
      { tenantIds: ALL_TENANTS, roleName: 'read-only', orderBy: 'lastUpdated' as const },
    ];
    for (const f of cases) {
      const users = await h.store.users.query(f);
      for (const version of ['1.1', '1.2'] as const) {
        const expected = JSON.stringify(users.map((u) => userReadRecord(u, version)));
        const bytes = await h.store.users.queryJson(f, version === '1.2', '{"response":', '}');
        expect(Buffer.isBuffer(bytes)).toBe(true);
        expect(bytes.toString()).toBe(`{"response":${expected}}`);
        expect(bytes.toString()).not.toContain('scrypt');
      }
    }
    expect((await h.store.users.queryJson({ tenantIds: [99] }, true)).toString()).toBe('[]');
    expect((await h.store.users.queryJson({ tenantIds: [99] }, false, '<', '>')).toString()).toBe('<[]>');
  });
});
