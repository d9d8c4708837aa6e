import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachStore } from '../../helpers/store-kinds.js';
import { goldenApp, type GoldenApp } from '../security/fixture.js';
import { expectRefused, lastLogMessage, newUserSession, send } from './golden-client.js';

interface RoleRec {
  id: number;
  name: string;
  description: string;
  privLevel: number;
  capabilities?: string[];
}

/** Roles: read at every version, written at 1.3+ by admins; capabilities (reference traffic-ops-wave3.md §10). */
eachStore((kind) => {
  let t: GoldenApp;
  beforeAll(async () => {
    t = await goldenApp({ storeKind: kind });
    for (const name of ['cap-read', 'cap-write']) {
      const res = await send(t, 'POST', '/api/1.5/capabilities', 'admin', { name, description: `the ${name}` });
      expect(res.body.alerts).toEqual([{ text: 'Capability created.', level: 'success' }]);
    }
  });
  afterAll(() => t.close());

  const role = (over: Record<string, unknown> = {}) => ({
    name: 'custom',
    description: 'a custom role',
    privLevel: 12,
    capabilities: ['cap-read'],
    ...over,
  });

  describe('capabilities', () => {
    it('lists capabilities, filters by name, refuses duplicates and blanks', async () => {
      const res = await send(t, 'GET', '/api/1.1/capabilities?name=cap-read');
      expect(res.body.response).toEqual([
        { description: 'the cap-read', lastUpdated: expect.stringMatching(/\+00$/), name: 'cap-read' },
      ]);
      expect(await lastLogMessage(t)).toBe('CAPABILITY: cap-write, ACTION: Created');
      await expectRefused(
        t,
        () => send(t, 'POST', '/api/1.5/capabilities', 'admin', { name: 'cap-read', description: 'again' }),
        409,
        "Capability 'cap-read' already exists!",
      );
      await expectRefused(
        t,
        () => send(t, 'POST', '/api/1.5/capabilities', 'admin', { name: 'x' }),
        400,
        "'description' must be defined! (and not empty)",
      );
      await expectRefused(
        t,
        () => send(t, 'POST', '/api/1.5/capabilities', 'ro_user', { name: 'x', description: 'y' }),
        403,
        'Forbidden.',
      );
    });
  });

  describe('roles writes', () => {
    it('creates, reads (with capabilities from 1.4), updates and deletes a role', async () => {
      const created = await send<RoleRec>(t, 'POST', '/api/1.3/roles', 'admin', role());
      expect(created.body.alerts).toEqual([{ text: 'role was created.', level: 'success' }]);
      const id = created.body.response!.id;
      expect(created.body.response).toEqual({
        id,
        name: 'custom',
        description: 'a custom role',
        privLevel: 12,
        capabilities: ['cap-read'],
      });
      expect(await lastLogMessage(t)).toBe(`ROLE: custom, ID: ${id}, ACTION: Created role, keys: { id:${id} }`);
      const read = await send<RoleRec[]>(t, 'GET', '/api/1.5/roles?name=custom');
      expect(read.body.response).toEqual([
        { id, name: 'custom', description: 'a custom role', privLevel: 12, capabilities: ['cap-read'] },
      ]);

      const kept = await send<RoleRec>(
        t,
        'PUT',
        `/api/1.5/roles?id=${id}`,
        'admin',
        role({ privLevel: 14, capabilities: null }),
      );
      expect(kept.body.response).toMatchObject({ privLevel: 14, capabilities: ['cap-read'] });
      const replaced = await send<RoleRec>(
        t,
        'PUT',
        `/api/1.5/roles?id=${id}`,
        'admin',
        role({ capabilities: ['cap-write'] }),
      );
      expect(replaced.body.alerts).toEqual([{ text: 'role was updated.', level: 'success' }]);
      expect(replaced.body.response).toMatchObject({ privLevel: 12, capabilities: ['cap-write'] });

      const del = await send(t, 'DELETE', `/api/1.5/roles?id=${id}`);
      expect(del.body).toEqual({ alerts: [{ text: 'role was deleted.', level: 'success' }] });
      expect(await lastLogMessage(t)).toBe(`ROLE: custom, ID: ${id}, ACTION: Deleted role, keys: { id:${id} }`);
    });

    it.each([
      ['no name', { name: '' }, "'name' cannot be blank"],
      ['no description', { description: null }, "'description' cannot be blank"],
      ['privLevel 0', { privLevel: 0 }, "'privLevel' cannot be blank"],
      // The column is a 32-bit integer: PostgreSQL refused the insert with a 500.
      ['a privLevel beyond 32 bits', { privLevel: -3e9 }, "'privLevel' must be between -2147483648 and 2147483647"],
      [
        'unknown capabilities',
        { capabilities: ['nope', 'cap-read', 'never'] },
        'can not add non-existent capabilities: [nope never]',
      ],
      ['a taken name', { name: 'admin' }, "role name 'admin' already exists."],
    ])('refuses %s with 400', async (_name, over, text) => {
      await expectRefused(t, () => send(t, 'POST', '/api/1.5/roles', 'admin', role(over)), 400, text);
    });

    it('refuses a priv level above the caller’s: 400 on create, 403 on update', async () => {
      const fed = await newUserSession(t, 'role_admin_a', 1, t.ids.tenants.tenantA);
      expect(fed.id).toBeGreaterThan(0);
      await expectRefused(
        t,
        () => send(t, 'POST', '/api/1.5/roles', 'admin', role({ privLevel: 31 })),
        400,
        'can not create a role with a higher priv level than your own',
      );
      await expectRefused(
        t,
        () => send(t, 'PUT', '/api/1.5/roles?id=3', 'admin', role({ name: 'read-only', privLevel: 31 })),
        403,
        'can not create a role with a higher priv level than your own',
      );
    });

    it('refuses a role with users, unknown and missing ids, versions below 1.3, callers below admin', async () => {
      await expectRefused(
        t,
        () => send(t, 'DELETE', '/api/1.5/roles?id=3'),
        400,
        'can not delete a role with 1 assigned users',
      );
      await expectRefused(t, () => send(t, 'DELETE', '/api/1.5/roles?id=999'), 404, 'no role with that key found');
      await expectRefused(
        t,
        () => send(t, 'PUT', '/api/1.5/roles?id=999', 'admin', role()),
        404,
        'no role found with this id',
      );
      await expectRefused(t, () => send(t, 'PUT', '/api/1.5/roles', 'admin', role()), 400, 'missing key: id');
      await expectRefused(
        t,
        () => send(t, 'POST', '/api/1.2/roles', 'admin', role()),
        404,
        "The requested path '/api/1.2/roles' does not exist.",
      );
      await expectRefused(t, () => send(t, 'POST', '/api/1.5/roles', 'ops_user', role()), 403, 'Forbidden.');
    });
  });
});
