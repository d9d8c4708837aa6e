import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachStore } from '../../helpers/store-kinds.js';
import { goldenApp, type GoldenApp } from '../security/fixture.js';
import { expectRefused, lastLogMessage, newUserSession, send } from './golden-client.js';

interface TenantRec {
  id: number;
  name: string;
  active: boolean;
  parentId: number | null;
  parentName?: string | null;
  lastUpdated?: string;
}

/** Tenant CRUD with the hierarchy rules (reference traffic-ops-wave3.md §7), on both stores. */
eachStore((kind) => {
  let t: GoldenApp;
  beforeAll(async () => {
    t = await goldenApp({ storeKind: kind });
  });
  afterAll(() => t.close());

  const root = () => t.ids.tenants.root;
  const tenantA = () => t.ids.tenants.tenantA;
  const create = async (name: string, parentId: number, who: Parameters<typeof send>[3] = 'admin') =>
    send<TenantRec>(t, 'POST', '/api/1.5/tenants', who, { name, active: true, parentId });

  describe('POST tenants', () => {
    it('creates a tenant under a parent and answers it with the Go texts; the change log says so', async () => {
      const res = await create('tenant-b', root());
      expect(res.status).toBe(200);
      expect(res.body.alerts).toEqual([{ text: 'tenant was created.', level: 'success' }]);
      const rec = res.body.response!;
      expect(rec).toMatchObject({ name: 'tenant-b', active: true, parentId: root(), parentName: 'root' });
      expect(Object.keys(rec)).toEqual(['id', 'name', 'active', 'lastUpdated', 'parentId', 'parentName']);
      expect(await lastLogMessage(t)).toBe(
        `TENANT: tenant-b, ID: ${rec.id}, ACTION: Created tenant, keys: { id:${rec.id} }`,
      );
      expect((await t.store.tenants.byName('tenant-b'))?.parentId).toBe(root());
    });

    // Tenants are outside the seed: Traffic Ops' TenantNullable at every version, 1.1 too (issue 34, item 3).
    it("answers Traffic Ops' TenantNullable at 1.1", async () => {
      const res = await send<TenantRec>(t, 'POST', '/api/1.1/tenants', 'admin', {
        name: 'tenant-v11',
        active: false,
        parentId: root(),
      });
      expect(res.body.response).toMatchObject({ active: false, name: 'tenant-v11', parentName: 'root' });
      expect(Object.keys(res.body.response!)).toEqual([
        'id',
        'name',
        'active',
        'lastUpdated',
        'parentId',
        'parentName',
      ]);
      expect(res.body.response!.lastUpdated).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\+00$/);
    });

    it.each([
      ['no name', { active: true, parentId: 1 }, "'name' cannot be blank"],
      ['no parent', { name: 'x', active: true }, "'parentId' cannot be blank"],
      ['parent 0', { name: 'x', active: true, parentId: 0 }, "'parentId' cannot be blank"],
      ['a negative parent', { name: 'x', active: true, parentId: -2 }, "'parentId' must be no less than 1"],
      ['active null', { name: 'x', active: null, parentId: 1 }, 'active is a required field'],
      ['no body', null, "'name' cannot be blank, 'parentId' cannot be blank"],
    ])('refuses %s with 400', async (_name, body, text) => {
      await expectRefused(t, () => send(t, 'POST', '/api/1.5/tenants', 'admin', body), 400, text);
    });

    it('refuses a taken name, and an unknown parent as not the caller’s', async () => {
      await expectRefused(t, () => create('tenant-a', root()), 400, "tenant name 'tenant-a' already exists.");
      await expectRefused(t, () => create('orphan', 99999), 403, 'not authorized on this tenant');
    });

    it('lets a tenant-a operator create only inside its tree', async () => {
      await expectRefused(t, () => create('under-root', root(), 'tenanta_user'), 403, 'not authorized on this tenant');
      const res = await create('tenant-a-child', tenantA(), 'tenanta_user');
      expect(res.status).toBe(200);
    });

    it('refuses read-only callers and no session', async () => {
      await expectRefused(t, () => create('ro-made', root(), 'ro_user'), 403, 'Forbidden.');
      await expectRefused(t, () => create('anon', root(), null), 401, 'Unauthorized, please log in.');
    });
  });

  describe('GET tenants and tenants/:id', () => {
    it('answers one tenant by id with the deprecation warning, and [] for one out of the caller’s tree', async () => {
      const res = await send<TenantRec[]>(t, 'GET', `/api/1.5/tenants/${tenantA()}`);
      expect(res.body.alerts).toEqual([
        {
          level: 'warning',
          text: 'This endpoint is deprecated, please use GET /tenants with query parameter id instead',
        },
      ]);
      expect(res.body.response).toEqual([
        expect.objectContaining({ id: tenantA(), name: 'tenant-a', parentName: 'root' }),
      ]);
      const hidden = await send(t, 'GET', `/api/1.5/tenants/${root()}`, 'tenanta_user');
      expect(hidden.body.response).toEqual([]);
      expect((await send(t, 'GET', '/api/1.5/tenants/abc')).status).toBe(400);
    });

    it('lists only the caller’s tree', async () => {
      const names = (await send<TenantRec[]>(t, 'GET', '/api/1.5/tenants', 'tenanta_user')).body.response!.map(
        (x) => x.name,
      );
      expect(names).toContain('tenant-a');
      expect(names).not.toContain('root');
    });
  });

  describe('PUT tenants/:id', () => {
    it('renames, deactivates and moves a tenant; the change log says so', async () => {
      const id = (await create('movable', root())).body.response!.id;
      const res = await send<TenantRec>(t, 'PUT', `/api/1.5/tenants/${id}`, 'admin', {
        name: 'moved',
        active: false,
        parentId: tenantA(),
      });
      expect(res.body.alerts).toEqual([{ text: 'tenant was updated.', level: 'success' }]);
      expect(res.body.response).toMatchObject({
        id,
        name: 'moved',
        active: false,
        parentId: tenantA(),
        parentName: 'tenant-a',
      });
      expect(await lastLogMessage(t)).toBe(`TENANT: moved, ID: ${id}, ACTION: Updated tenant, keys: { id:${id} }`);
    });

    it('refuses a cycle: the tenant itself or a descendant as the new parent', async () => {
      const parent = (await create('cycle-parent', root())).body.response!.id;
      const child = (await create('cycle-child', parent)).body.response!.id;
      const put = (parentId: number) =>
        send(t, 'PUT', `/api/1.5/tenants/${parent}`, 'admin', { name: 'cycle-parent', active: true, parentId });
      await expectRefused(t, () => put(child), 400, 'trying to set existing child as new parent');
      await expectRefused(t, () => put(parent), 400, 'trying to set existing child as new parent');
    });

    it('keeps the root tenant fixed', async () => {
      const put = (body: unknown) => send(t, 'PUT', `/api/1.5/tenants/${root()}`, 'admin', body);
      const text = 'trying to change the root tenant, which is immutable';
      await expectRefused(t, () => put({ name: 'root', active: false, parentId: tenantA() }), 400, text);
      await expectRefused(t, () => put({ name: 'renamed-root', active: true, parentId: tenantA() }), 400, text);
      await expectRefused(
        t,
        () =>
          send(t, 'PUT', `/api/1.5/tenants/${tenantA()}`, 'admin', { name: 'root', active: true, parentId: root() }),
        400,
        text,
      );
    });

    it('refuses unknown ids, bad ids, taken names', async () => {
      const body = { name: 'nobody', active: true, parentId: root() };
      await expectRefused(
        t,
        () => send(t, 'PUT', '/api/1.5/tenants/99999', 'admin', body),
        404,
        'no tenant found with this id',
      );
      await expectRefused(t, () => send(t, 'PUT', '/api/1.5/tenants/x', 'admin', body), 400, 'failed to parse key: id');
      const id = (await create('renamer', root())).body.response!.id;
      await expectRefused(
        t,
        () => send(t, 'PUT', `/api/1.5/tenants/${id}`, 'admin', { ...body, name: 'tenant-a' }),
        400,
        "tenant name 'tenant-a' already exists.",
      );
    });

    it('keeps a tenant-a operator inside its tree: no tenant outside it, no parent outside it', async () => {
      const outside = (await create('outside', root())).body.response!.id;
      const inside = (await create('inside', tenantA())).body.response!.id;
      await expectRefused(
        t,
        () =>
          send(t, 'PUT', `/api/1.5/tenants/${outside}`, 'tenanta_user', {
            name: 'outside',
            active: true,
            parentId: tenantA(),
          }),
        403,
        'not authorized on this tenant',
      );
      await expectRefused(
        t,
        () =>
          send(t, 'PUT', `/api/1.5/tenants/${inside}`, 'tenanta_user', {
            name: 'inside',
            active: true,
            parentId: root(),
          }),
        403,
        'not authorized on this tenant',
      );
      const ok = await send(t, 'PUT', `/api/1.5/tenants/${inside}`, 'tenanta_user', {
        name: 'inside',
        active: false,
        parentId: tenantA(),
      });
      expect(ok.status).toBe(200);
    });
  });

  describe('DELETE tenants/:id', () => {
    it('deletes an unused tenant; the change log says so', async () => {
      const id = (await create('doomed', root())).body.response!.id;
      const res = await send(t, 'DELETE', `/api/1.5/tenants/${id}`);
      expect(res.body).toEqual({ alerts: [{ text: 'tenant was deleted.', level: 'success' }] });
      expect(await t.store.tenants.get(id)).toBeNull();
      expect(await lastLogMessage(t)).toBe(`TENANT: doomed, ID: ${id}, ACTION: Deleted tenant, keys: { id:${id} }`);
    });

    it('refuses a tenant with child tenants, users, delivery services or origins (Traffic Ops’ texts)', async () => {
      const parent = (await create('has-child', root())).body.response!.id;
      await create('the-child', parent);
      await expectRefused(
        t,
        () => send(t, 'DELETE', `/api/1.5/tenants/${parent}`),
        400,
        `Tenant '${parent}' has child tenants. Please update these child tenants and retry.`,
      );
      const withUser = (await create('has-user', root())).body.response!.id;
      await newUserSession(t, 'user_of_has_user', 3, withUser);
      await expectRefused(
        t,
        () => send(t, 'DELETE', `/api/1.5/tenants/${withUser}`),
        400,
        `Tenant '${withUser}' has users. Please update these users and retry.`,
      );
      const withDs = (await create('has-ds', root())).body.response!.id;
      const ds3 = await t.store.deliveryServices.byId(t.ids.deliveryServices.ds3);
      expect(ds3).not.toBeNull();
      if (t.kind === 'sqlite')
        t.db.prepare('UPDATE deliveryservices SET tenant_id = ? WHERE id = ?').run(withDs, ds3!.id);
      else await t.pool!.query('UPDATE deliveryservices SET tenant_id = $1 WHERE id = $2', [withDs, ds3!.id]);
      await expectRefused(
        t,
        () => send(t, 'DELETE', `/api/1.5/tenants/${withDs}`),
        400,
        `Tenant '${withDs}' has deliveryservices. Please update these deliveryservices and retry.`,
      );
      const withOrigin = (await create('has-origin', root())).body.response!.id;
      if (t.kind === 'sqlite')
        t.db.prepare('UPDATE origins SET tenant_id = ? WHERE id = ?').run(withOrigin, t.ids.origins.root);
      else await t.pool!.query('UPDATE origins SET tenant_id = $1 WHERE id = $2', [withOrigin, t.ids.origins.root]);
      await expectRefused(
        t,
        () => send(t, 'DELETE', `/api/1.5/tenants/${withOrigin}`),
        400,
        `Tenant '${withOrigin}' has origins. Please update these origins and retry.`,
      );
    });

    it('refuses the root tenant, unknown ids, and callers outside the tree', async () => {
      await expectRefused(
        t,
        () => send(t, 'DELETE', `/api/1.5/tenants/${root()}`),
        400,
        'trying to change the root tenant, which is immutable',
      );
      await expectRefused(t, () => send(t, 'DELETE', '/api/1.5/tenants/99999'), 404, 'no tenant with that id found');
      const id = (await create('not-yours', root())).body.response!.id;
      await expectRefused(
        t,
        () => send(t, 'DELETE', `/api/1.5/tenants/${id}`, 'tenanta_user'),
        403,
        'not authorized on this tenant',
      );
      await expectRefused(t, () => send(t, 'DELETE', `/api/1.5/tenants/${id}`, 'ro_user'), 403, 'Forbidden.');
    });
  });
});
