import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, responseOf, worldSessions, type Client, type WorldApp } from './fixtures.js';

type Rec = Record<string, unknown>;

let t: WorldApp;
let api: Client;
let cookies: Record<string, string>;

beforeAll(async () => {
  ({ t, api, cookies } = await worldSessions(['admin', 'ro', 'opsA', 'offUser']));
});
afterAll(() => t.close());

const usernames = (res: Parameters<typeof responseOf>[0]) => responseOf<Rec[]>(res).map((u) => u.username);

const READ_KEYS_11 = [
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
  'newUser',
  'phoneNumber',
  'postalCode',
  'publicSshKey',
  'registrationSent',
  'role',
  'rolename',
  'stateOrProvince',
  'uid',
  'username',
];

describe('GET users', () => {
  it('answers at 1.1 without tenant fields, ids as digit strings and booleans as booleans', async () => {
    const res = await api.get('/api/1.1/users', cookies.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const ro = responseOf<Rec[]>(res).find((u) => u.username === 'ro_user')!;
    expect(Object.keys(ro).sort()).toEqual(READ_KEYS_11);
    expect(ro).toMatchObject({ id: String(t.world.users.ro), role: '3', rolename: 'read-only', gid: null, uid: null });
    expect(ro.newUser).toBe(false);
    expect(ro.registrationSent).toBe(false);
    expect(ro.lastUpdated).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(JSON.stringify(ro)).not.toMatch(/SCRYPT|passw/i);
  });

  // 1.3 is beyond the seed's versions: Traffic Ops' numbers there (record-shapes.test.ts checks every key).
  it('answers at 1.3 with numeric ids and role, as Traffic Ops did (issue 34)', async () => {
    const a = responseOf<Rec[]>(await api.get('/api/1.3/users', cookies.admin)).find(
      (u) => u.username === 'tenanta_user',
    )!;
    expect(a).toMatchObject({ tenant: 'tenant-a', tenantId: t.world.tenants.a, rolename: expect.any(String) });
    expect(typeof a.id).toBe('number');
    expect(typeof a.role).toBe('number');
  });

  it.each(['1.2'])('answers at %s with tenant (name) and tenantId (int)', async (v) => {
    const res = await api.get(`/api/${v}/users`, cookies.admin);
    const a = responseOf<Rec[]>(res).find((u) => u.username === 'tenanta_user')!;
    expect(Object.keys(a).sort()).toEqual([...READ_KEYS_11, 'tenant', 'tenantId'].sort());
    expect(a.tenant).toBe('tenant-a');
    expect(a.tenantId).toBe(t.world.tenants.a);
    expect(typeof a.id).toBe('string');
    expect(typeof a.role).toBe('string');
  });

  it('answers at users.json too, and orders by username', async () => {
    const res = await api.get('/api/1.2/users.json', cookies.admin);
    expect(res.statusCode).toBe(200);
    expect(usernames(res)).toEqual(['admin', 'off_user', 'ops_user', 'ro_user', 'tenanta_user', 'tenantb_user']);
  });

  it('lets a tenant-a user see only the users of tenant-a and below', async () => {
    expect(usernames(await api.get('/api/1.2/users', cookies.opsA))).toEqual(['tenanta_user']);
  });

  it('shows nothing to a user whose tenant is inactive', async () => {
    expect(usernames(await api.get('/api/1.2/users', cookies.offUser))).toEqual([]);
  });

  it('filters by tenant id or, when not a number, by tenant name', async () => {
    expect(usernames(await api.get(`/api/1.2/users?tenant=${t.world.tenants.a}`, cookies.admin))).toEqual([
      'tenanta_user',
    ]);
    expect(usernames(await api.get('/api/1.2/users?tenant=tenant-b', cookies.admin))).toEqual(['tenantb_user']);
    expect(usernames(await api.get('/api/1.2/users?tenant=nonexistent', cookies.admin))).toEqual([]);
  });

  it('keeps the tenancy limit under a tenant filter', async () => {
    expect(usernames(await api.get(`/api/1.2/users?tenant=${t.world.tenants.root}`, cookies.opsA))).toEqual([]);
  });

  it('ignores the tenant filter at 1.1, which has no query parameters', async () => {
    expect(usernames(await api.get('/api/1.1/users?tenant=tenant-b', cookies.admin))).toHaveLength(6);
  });

  it('filters by username, role name and id', async () => {
    expect(usernames(await api.get('/api/1.2/users?username=ro_user', cookies.admin))).toEqual(['ro_user']);
    expect(usernames(await api.get('/api/1.2/users?role=read-only', cookies.admin))).toEqual([
      'ro_user',
      'tenantb_user',
    ]);
    expect(usernames(await api.get(`/api/1.2/users?id=${t.world.users.ops}`, cookies.admin))).toEqual(['ops_user']);
    expect(usernames(await api.get('/api/1.2/users?id=99999', cookies.admin))).toEqual([]);
  });

  it('orders, sorts and limits as Traffic Ops did', async () => {
    expect(usernames(await api.get('/api/1.2/users?orderby=username&sortOrder=desc&limit=2', cookies.admin))).toEqual([
      'tenantb_user',
      'tenanta_user',
    ]);
    expect(usernames(await api.get('/api/1.2/users?orderby=id&limit=2&offset=1', cookies.admin))).toEqual([
      'ro_user',
      'ops_user',
    ]);
    expect(usernames(await api.get('/api/1.2/users?orderby=id&limit=2&page=2', cookies.admin))).toEqual([
      'ops_user',
      'tenanta_user',
    ]);
    expect(usernames(await api.get('/api/1.2/users?orderby=nonsense', cookies.admin))[0]).toBe('admin');
  });

  it.each([
    ['id=abc', 'id cannot parse to integer'],
    ['limit=x', 'limit parameter must be bigger than -1'],
    ['limit=-2', 'limit parameter must be bigger than -1'],
    ['limit=2&offset=-1', 'offset parameter must be a positive integer'],
    ['limit=2&page=0', 'page parameter must be a positive integer'],
  ])('answers 400 for %s', async (query, text) => {
    expect(errorOf(await api.get(`/api/1.2/users?${query}`, cookies.admin))).toEqual({
      status: 400,
      alerts: [{ text, level: 'error' }],
    });
  });

  it('answers 401 without a session', async () => {
    expect(errorOf(await api.get('/api/1.2/users'))).toEqual({
      status: 401,
      alerts: [{ text: 'Unauthorized, please log in.', level: 'error' }],
    });
  });
});

describe('GET users/:id', () => {
  it.each(['1.1', '1.2', '1.3'])('answers an array of one record at %s', async (v) => {
    const res = await api.get(`/api/${v}/users/${t.world.users.ro}`, cookies.admin);
    expect(res.statusCode).toBe(200);
    const list = responseOf<Rec[]>(res);
    expect(list).toHaveLength(1);
    // The seed's digit string at 1.1/1.2; Traffic Ops' number at 1.3 (issue 34).
    const id = v === '1.3' ? t.world.users.ro : String(t.world.users.ro);
    expect(list[0]).toMatchObject({ username: 'ro_user', id, rolename: 'read-only' });
    expect('tenantId' in list[0]).toBe(v !== '1.1');
  });

  it('answers at users/:id.json too', async () => {
    expect(responseOf<Rec[]>(await api.get(`/api/1.2/users/${t.world.users.ro}.json`, cookies.admin))).toHaveLength(1);
  });

  it('answers 200 with an empty array for a missing user', async () => {
    const res = await api.get('/api/1.2/users/99999', cookies.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ response: [] });
  });

  it('answers 200 with an empty array for a user of a tenant the caller cannot see', async () => {
    const res = await api.get(`/api/1.2/users/${t.world.users.admin}`, cookies.opsA);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ response: [] });
  });

  it.each(['abc', '1.5', '3x'])('answers 400 for the non-integer id %s', async (id) => {
    expect(errorOf(await api.get(`/api/1.2/users/${id}`, cookies.admin))).toEqual({
      status: 400,
      alerts: [{ text: 'id cannot parse to integer', level: 'error' }],
    });
  });

  it('lets a read-only user read users (privilege 10)', async () => {
    expect(responseOf<Rec[]>(await api.get(`/api/1.2/users/${t.world.users.ops}`, cookies.ro))).toHaveLength(1);
  });
});
