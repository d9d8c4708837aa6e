import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userReadRecord } from '../../../daemon/format/users.js';
import { jsonArraySql } from '../../../daemon/store/sqlite/json-array.js';
import { USER_JSON_SELECT_1_2 } from '../../../daemon/store/sqlite/user-queries.js';
import { userListSql } from '../../../daemon/store/user-queries.js';
import type { UserFields } from '../../../daemon/store/users.js';
import { makeApp, type TestApp } from '../../helpers/app.js';

let t: TestApp;
let tenantIds: number[];
const fields = (username: string, extra: Partial<UserFields>): UserFields => ({
  username,
  email: `${username}@example.test`,
  fullName: `Full "${username}"\\n`,
  localPasswd: 'scrypt$hash-that-must-not-leak',
  roleId: 3,
  tenantId: 1,
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
  ...extra,
});

beforeAll(async () => {
  t = await makeApp();
  const now = Date.parse('2026-03-04T05:06:07.890Z');
  await t.store.users.insert(
    fields('zed', { city: 'Zürich ✓', gid: 0, uid: 1234, newUser: true, registrationSent: now }),
    now,
  );
  await t.store.users.insert(
    fields('amy', { company: 'ACME\ttabs', publicSshKey: 'ssh-ed25519 AAAA', country: 'NL' }),
    now + 1000,
  );
  tenantIds = (await t.store.tenants.list()).map((x) => x.id);
});
afterAll(() => t.close());

describe("GET users' records rendered by SQLite", () => {
  // The seed's versions only: beyond them GET users answers Traffic Ops' record, not this rendering (issue 34).
  it.each(['1.1', '1.2'] as const)('are the records userReadRecord makes, in order, at %s', async (version) => {
    const expected = (await t.store.users.query({ tenantIds })).map((u) => userReadRecord(u, version));
    const json = (await t.store.users.queryJson({ tenantIds }, version !== '1.1')).toString();
    expect(JSON.parse(json)).toEqual(expected);
    expect(Object.keys(JSON.parse(json)[0])).toEqual(Object.keys(expected[0]));
    expect(json).not.toContain('scrypt');
  });

  it('honour the filter, the order and the page', async () => {
    const json = (
      await t.store.users.queryJson({ tenantIds, orderBy: 'username', descending: true, limit: 2, offset: 0 }, true)
    ).toString();
    expect(JSON.parse(json).map((u: { username: string }) => u.username)).toEqual(
      ['zed', 'amy'].sort().reverse().slice(0, 2),
    );
    expect((await t.store.users.queryJson({ tenantIds: [999] }, true, '{"response":', '}')).toString()).toBe(
      '{"response":[]}',
    );
  });

  it('never select the password hash, and read users in the order of an index, not a temporary B-tree', () => {
    const sql = userListSql(USER_JSON_SELECT_1_2, 'username', false);
    expect(sql).not.toMatch(/local_passwd|u\.\*/);
    for (const descending of [false, true]) {
      for (const key of ['username', 'id'] as const) {
        const plan = t.db
          .prepare(`EXPLAIN QUERY PLAN ${jsonArraySql(userListSql(USER_JSON_SELECT_1_2, key, descending))}`)
          .all({
            before: '',
            after: '',
            tenants: JSON.stringify([1, 2]),
            id: null,
            username: null,
            role_name: null,
            tenant_id: null,
            tenant_name: null,
            limit: -1,
            offset: 0,
          })
          .map((row) => (row as { detail: string }).detail);
        expect(plan.join('\n'), `${key} ${descending}`).not.toMatch(/TEMP B-TREE/);
      }
    }
  });
});
