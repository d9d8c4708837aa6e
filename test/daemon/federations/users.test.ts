import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FederationUserRecord } from '../../../shared/contract/catalog.js';
import type { TestApp } from '../../helpers/app.js';
import { call, expectRefused, type Answer } from '../origins/client.js';
import { fixtureApp, type Fixture, type UserKey } from '../origins/fixtures.js';

let t: TestApp;
let f: Fixture;
let cookies: Record<UserKey, string>;
beforeAll(async () => {
  ({ t, f, cookies } = await fixtureApp());
});
afterAll(() => t.close());
beforeEach(() => {
  t.db.prepare('DELETE FROM federation_users').run();
});

const FED1 = 'fed1.example.test.';
const usersUrl = (fed: number | string, version = '1.2') => `/api/${version}/federations/${fed}/users`;
const get = (fed: number | string, who: UserKey = 'admin', version = '1.2') =>
  call<FederationUserRecord[]>(t.app, 'GET', usersUrl(fed, version), cookies[who]);
const post = (fed: number | string, body: unknown, who: UserKey = 'admin', version = '1.2') =>
  call(t.app, 'POST', usersUrl(fed, version), cookies[who], body);
const del = (fed: number | string, user: number | string, who: UserKey = 'admin', version = '1.2') =>
  call(t.app, 'DELETE', `${usersUrl(fed, version)}/${user}`, cookies[who]);
const assigned = (fed: number) =>
  (
    t.db.prepare('SELECT user_id FROM federation_users WHERE federation_id = ? ORDER BY user_id').all(fed) as {
      user_id: number;
    }[]
  ).map((r) => r.user_id);
const assign = (fed: number, ...users: number[]) => {
  for (const u of users)
    t.db.prepare('INSERT INTO federation_users (federation_id, user_id) VALUES (?, ?)').run(fed, u);
};

const refused = (send: () => Promise<Answer>, status: number, text: string) =>
  expectRefused(t.db, 'federation_users', send, status, text);

describe('federation users: versions', () => {
  it('answers 404 at 1.1 for every method and changes nothing', async () => {
    assign(f.fed1, f.users.ro);
    await refused(
      () => get(f.fed1, 'admin', '1.1'),
      404,
      `The requested path '/api/1.1/federations/${f.fed1}/users' does not exist.`,
    );
    await refused(
      () => post(f.fed1, { userIds: [f.users.ops] }, 'admin', '1.1'),
      404,
      `The requested path '/api/1.1/federations/${f.fed1}/users' does not exist.`,
    );
    await refused(
      () => del(f.fed1, f.users.ro, 'admin', '1.1'),
      404,
      `The requested path '/api/1.1/federations/${f.fed1}/users/${f.users.ro}' does not exist.`,
    );
  });

  it.each(['1.2', '1.3'])('serves GET, POST and DELETE at %s', async (version) => {
    expect((await post(f.fed1, { userIds: [f.users.ro] }, 'admin', version)).status).toBe(200);
    expect((await get(f.fed1, 'admin', version)).body.response).toHaveLength(1);
    expect((await del(f.fed1, f.users.ro, 'admin', version)).status).toBe(200);
  });
});

describe('GET federations/:id/users', () => {
  it('answers an empty list for a federation without users', async () => {
    expect(await get(f.fed1)).toMatchObject({ status: 200, body: { response: [] } });
  });

  it('lists assigned users with their role name, ordered by id', async () => {
    assign(f.fed1, f.users.ops, f.users.ro);
    const res = await get(f.fed1);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      response: [
        {
          id: f.users.ro,
          username: 'ro_user',
          company: 'ro_user co',
          role: 'read-only',
          email: 'ro_user@example.test',
          fullName: 'Full ro_user',
        },
        {
          id: f.users.ops,
          username: 'ops_user',
          company: 'ops_user co',
          role: 'operations',
          email: 'ops_user@example.test',
          fullName: 'Full ops_user',
        },
      ],
    });
  });

  it.each([
    ['abc', 400, 'federation id must be an integer'],
    ['1.5', 400, 'federation id must be an integer'],
    ['9999', 404, 'federation 9999 not found'],
  ])('answers federation %s with %i %s', async (fed, status, text) => {
    await refused(() => get(fed), status, text);
  });

  it.each(['admin', 'ops', 'ro', 'portal'] as UserKey[])('lets %s read', async (who) => {
    assign(f.fed1, f.users.ro);
    expect((await get(f.fed1, who)).body.response).toHaveLength(1);
  });

  it('answers 401 without a session', async () => {
    await refused(() => call(t.app, 'GET', usersUrl(f.fed1)), 401, 'Unauthorized, please log in.');
  });

  it('hides a root federation from tenant-a, and root users inside a tenant-a federation', async () => {
    assign(f.fed2, f.users.ro, f.users.tenanta);
    await refused(() => get(f.fed1, 'tenanta'), 404, `federation ${f.fed1} not found`);
    expect((await get(f.fed2, 'tenanta')).body.response.map((u: { username: string }) => u.username)).toEqual([
      'tenanta_user',
    ]);
    expect((await get(f.fed2, 'admin')).body.response.map((u: { username: string }) => u.username)).toEqual([
      'ro_user',
      'tenanta_user',
    ]);
  });
});

describe('POST federations/:id/users', () => {
  it('assigns users and answers how many, with the request echoed', async () => {
    const res = await post(f.fed1, { userIds: [f.users.ro, f.users.ops] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      alerts: [{ text: `2 user(s) were assigned to the ${FED1} federation`, level: 'success' }],
      response: { userIds: [f.users.ro, f.users.ops], replace: false },
    });
    expect(assigned(f.fed1)).toEqual([f.users.ro, f.users.ops].sort((a, b) => a - b));
  });

  it('adds to existing assignments without replace', async () => {
    assign(f.fed1, f.users.ro);
    expect((await post(f.fed1, { userIds: [f.users.portal], replace: false })).status).toBe(200);
    expect(assigned(f.fed1)).toEqual([f.users.ro, f.users.portal].sort((a, b) => a - b));
  });

  it('replaces every existing assignment with replace: true, re-assigning users it removed', async () => {
    assign(f.fed1, f.users.ro, f.users.ops);
    const res = await post(f.fed1, { userIds: [f.users.ops, f.users.portal], replace: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      alerts: [{ text: `2 user(s) were assigned to the ${FED1} federation`, level: 'success' }],
      response: { userIds: [f.users.ops, f.users.portal], replace: true },
    });
    expect(assigned(f.fed1)).toEqual([f.users.ops, f.users.portal].sort((a, b) => a - b));
  });

  it('removes every assignment with replace: true and no users', async () => {
    assign(f.fed1, f.users.ro, f.users.ops);
    const res = await post(f.fed1, { userIds: [], replace: true });
    expect(res.body.alerts).toEqual([{ text: `0 user(s) were assigned to the ${FED1} federation`, level: 'success' }]);
    expect(assigned(f.fed1)).toEqual([]);
  });

  it('assigns a user named twice once', async () => {
    const res = await post(f.fed1, { userIds: [f.users.ro, f.users.ro] });
    expect(res.body.alerts?.[0].text).toBe(`1 user(s) were assigned to the ${FED1} federation`);
    expect(assigned(f.fed1)).toEqual([f.users.ro]);
  });

  it('refuses an already assigned user and assigns none of the others', async () => {
    assign(f.fed1, f.users.ops);
    await refused(
      () => post(f.fed1, { userIds: [f.users.ro, f.users.ops] }),
      400,
      `user ${f.users.ops} is already assigned to federation ${FED1}`,
    );
  });

  it('refuses an unknown user, and with replace keeps the old assignments', async () => {
    assign(f.fed1, f.users.ops);
    await refused(() => post(f.fed1, { userIds: [f.users.ro, 9999] }), 404, 'user 9999 not found');
    await refused(() => post(f.fed1, { userIds: [f.users.ro, 9999], replace: true }), 404, 'user 9999 not found');
    expect(assigned(f.fed1)).toEqual([f.users.ops]);
  });

  it.each([
    ['no userIds', { replace: true }, 'userIds: is required.'],
    ['null userIds', { userIds: null }, 'userIds: is required.'],
    ['no body', undefined, 'userIds: is required.'],
    ['a non-integer user id', { userIds: ['x'] }, "'userIds.0' must be an integer"],
    // Beyond the safe integers PostgreSQL's bigint cast failed: a 500.
    ['a user id beyond the safe integers', { userIds: [1, 1e20] }, "'userIds.1' must be an integer"],
    ['userIds as a number', { userIds: 3 }, "'userIds' must be an array or a null"],
    ['replace as a string', { userIds: [], replace: 'yes' }, "'replace' must be a boolean or a null"],
  ])('answers 400 for %s and changes nothing', async (_name, body, text) => {
    assign(f.fed1, f.users.ops);
    await refused(() => post(f.fed1, body), 400, text);
  });

  it.each([
    ['abc', 400, 'federation id must be an integer'],
    ['9999', 404, 'federation 9999 not found'],
  ])('answers federation %s with %i %s', async (fed, status, text) => {
    await refused(() => post(fed, { userIds: [f.users.ro] }), status, text);
  });

  it.each(['ops', 'ro', 'portal', 'tenanta'] as UserKey[])('refuses %s: only admins assign', async (who) => {
    await refused(() => post(f.fed1, { userIds: [f.users.ro] }, who), 403, 'Forbidden.');
  });

  it('keeps a tenant-a admin to tenant-a federations and users', async () => {
    await refused(
      () => post(f.fed1, { userIds: [f.users.tenanta] }, 'tenantaAdmin'),
      404,
      `federation ${f.fed1} not found`,
    );
    await refused(() => post(f.fed2, { userIds: [f.users.ro] }, 'tenantaAdmin'), 404, `user ${f.users.ro} not found`);
    const res = await post(f.fed2, { userIds: [f.users.tenanta] }, 'tenantaAdmin');
    expect(res.body.alerts).toEqual([
      { text: '1 user(s) were assigned to the fed2.example.test. federation', level: 'success' },
    ]);
    expect(assigned(f.fed2)).toEqual([f.users.tenanta]);
  });
});

describe('DELETE federations/:id/users/:userId', () => {
  it('removes one assignment and names the user and federation', async () => {
    assign(f.fed1, f.users.ro, f.users.ops);
    const res = await del(f.fed1, f.users.ro);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      alerts: [{ text: `Removed user [ ro_user ] from federation [ ${FED1} ]`, level: 'success' }],
    });
    expect(assigned(f.fed1)).toEqual([f.users.ops]);
  });

  it.each([
    ['abc', '1', 400, 'federation id must be an integer'],
    ['FED', 'abc', 400, 'user id must be an integer'],
    ['9999', 'RO', 404, 'federation 9999 not found'],
    ['FED', 'PORTAL', 404, 'no federation users with that key found'],
    ['FED', '9999', 404, 'no federation users with that key found'],
  ])('answers federation %s user %s with %i %s', async (fed, user, status, text) => {
    assign(f.fed1, f.users.ro);
    const fedId = fed === 'FED' ? f.fed1 : fed;
    const userId = user === 'RO' ? f.users.ro : user === 'PORTAL' ? f.users.portal : user;
    await refused(() => del(fedId, userId), status, text);
  });

  it.each(['ops', 'ro', 'portal', 'tenanta'] as UserKey[])('refuses %s: only admins remove', async (who) => {
    assign(f.fed1, f.users.ro);
    await refused(() => del(f.fed1, f.users.ro, who), 403, 'Forbidden.');
  });

  it('keeps a tenant-a admin to tenant-a federations and users', async () => {
    assign(f.fed1, f.users.tenanta);
    assign(f.fed2, f.users.ro, f.users.tenanta);
    await refused(() => del(f.fed1, f.users.tenanta, 'tenantaAdmin'), 404, `federation ${f.fed1} not found`);
    await refused(() => del(f.fed2, f.users.ro, 'tenantaAdmin'), 404, 'no federation users with that key found');
    expect((await del(f.fed2, f.users.tenanta, 'tenantaAdmin')).body.alerts?.[0].text).toBe(
      'Removed user [ tenanta_user ] from federation [ fed2.example.test. ]',
    );
  });
});
