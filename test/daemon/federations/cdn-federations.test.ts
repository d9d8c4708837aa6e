import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachStore } from '../../helpers/store-kinds.js';
import { goldenApp, type GoldenApp } from '../security/fixture.js';
import { expectRefused, lastLogMessage, send } from '../tenants/golden-client.js';

interface Row {
  id: number;
  cname: string;
  ttl: number;
  description: string | null;
  lastUpdated: string;
  deliveryService?: { id: number; xmlId: string };
}

/** cdns/{name}/federations CRUD (reference traffic-ops-wave3.md §8.2), on both stores. */
eachStore((kind) => {
  let t: GoldenApp;
  beforeAll(async () => {
    t = await goldenApp({ storeKind: kind });
  });
  afterAll(() => t.close());

  const url = (rest = '', v = '1.5') => `/api/${v}/cdns/cdn1/federations${rest}`;
  const create = (cname: string, ttl = 300) =>
    send<Row>(t, 'POST', url(), 'admin', { cname, ttl, description: `about ${cname}` });

  describe('GET cdns/{name}/federations', () => {
    it('lists the CDN’s federations with their delivery service, in cname order', async () => {
      const res = await send<Row[]>(t, 'GET', url());
      expect(res.status).toBe(200);
      const fed1 = res.body.response!.find((r) => r.cname === 'fed1.example.test.')!;
      expect(fed1).toEqual({
        id: t.ids.federation,
        cname: 'fed1.example.test.',
        ttl: 60,
        description: 'federation one',
        lastUpdated: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\+00$/),
        deliveryService: { id: t.ids.deliveryServices.ds1, xmlId: 'ds1' },
      });
      const byId = await send<Row[]>(t, 'GET', url(`?id=${t.ids.federation}`));
      expect(byId.body.response).toHaveLength(1);
    });

    it('answers one by id with the deprecation warning, 404 when there is none', async () => {
      const res = await send<Row[]>(t, 'GET', url(`/${t.ids.federation}`));
      expect(res.body.alerts).toEqual([
        {
          level: 'warning',
          text: 'This endpoint is deprecated, please use GET /cdns/{name}/federations with query parameter id instead',
        },
      ]);
      expect(res.body.response).toHaveLength(1);
      await expectRefused(t, () => send(t, 'GET', url('/99999')), 404, 'not found');
    });

    it('answers 404 for an unknown CDN, and leaves out rows of another tenant’s delivery services', async () => {
      await expectRefused(t, () => send(t, 'GET', '/api/1.5/cdns/nope/federations'), 404, 'cdn not found');
      const seen = await send<Row[]>(t, 'GET', url(), 'tenanta_user');
      expect(seen.status).toBe(200);
      expect(seen.body.response!.some((r) => r.deliveryService?.xmlId === 'ds1')).toBe(false);
      await expectRefused(t, () => send(t, 'GET', url(`/${t.ids.federation}`), 'tenanta_user'), 404, 'not found');
      await expectRefused(t, () => send(t, 'GET', url(), null), 401, 'Unauthorized, please log in.');
    });
  });

  describe('POST, PUT, DELETE cdns/{name}/federations', () => {
    it('creates, updates and deletes a federation with the generic texts and change-log entries', async () => {
      const res = await create('new-fed.example.test.');
      expect(res.body.alerts).toEqual([{ text: 'cdnfederation was created.', level: 'success' }]);
      const id = res.body.response!.id;
      expect(res.body.response).toMatchObject({
        cname: 'new-fed.example.test.',
        ttl: 300,
        description: 'about new-fed.example.test.',
      });
      expect(await lastLogMessage(t)).toBe(
        `CDNFEDERATION: new-fed.example.test., ID: ${id}, ACTION: Created cdnfederation, keys: { id:${id} }`,
      );
      expect((await send<Row[]>(t, 'GET', url(`?id=${id}`))).body.response).toHaveLength(1);

      const put = await send<Row>(t, 'PUT', url(`/${id}`), 'admin', { cname: 'renamed.example.test.', ttl: 30 });
      expect(put.body.alerts).toEqual([{ text: 'cdnfederation was updated.', level: 'success' }]);
      expect(put.body.response).toMatchObject({ id, cname: 'renamed.example.test.', ttl: 30, description: null });
      expect(await lastLogMessage(t)).toBe(
        `CDNFEDERATION: renamed.example.test., ID: ${id}, ACTION: Updated cdnfederation, keys: { id:${id} }`,
      );

      const del = await send(t, 'DELETE', url(`/${id}`));
      expect(del.body).toEqual({ alerts: [{ text: 'cdnfederation was deleted.', level: 'success' }] });
      expect(await t.store.federations.byId(id)).toBeNull();
      expect(await lastLogMessage(t)).toBe(
        `CDNFEDERATION: renamed.example.test., ID: ${id}, ACTION: Deleted cdnfederation, keys: { id:${id} }`,
      );
    });

    it.each([
      ['no cname', { ttl: 60 }, "'cname' cannot be blank"],
      ['a cname without the final period', { cname: 'a.example.test', ttl: 60 }, "'cname' must end with a period"],
      ['a cname that is no host name', { cname: 'bad_name!.', ttl: 60 }, "'cname' must be a valid hostname"],
      ['no ttl', { cname: 'a.example.test.' }, "'ttl' cannot be blank"],
      ['ttl 0', { cname: 'a.example.test.', ttl: 0 }, "'ttl' cannot be blank"],
      ['a negative ttl', { cname: 'a.example.test.', ttl: -5 }, "'ttl' must be no less than 0"],
      // The column is a 32-bit integer: PostgreSQL refused the insert with a 500.
      ['a ttl beyond 32 bits', { cname: 'a.example.test.', ttl: 2 ** 31 }, "'ttl' must be no greater than 2147483647"],
    ])('refuses %s with 400', async (_name, body, text) => {
      await expectRefused(t, () => send(t, 'POST', url(), 'admin', body), 400, text);
    });

    it('refuses a taken cname, unknown ids, and callers below admin', async () => {
      await expectRefused(
        t,
        () => create('fed1.example.test.'),
        400,
        "federation cname 'fed1.example.test.' already exists.",
      );
      await expectRefused(
        t,
        () => send(t, 'PUT', url('/99999'), 'admin', { cname: 'x.test.', ttl: 5 }),
        404,
        'no cdnfederation found with this id',
      );
      await expectRefused(t, () => send(t, 'DELETE', url('/99999')), 404, 'no cdnfederation with that key found');
      await expectRefused(t, () => send(t, 'POST', url(), 'ops_user', { cname: 'x.test.', ttl: 5 }), 403, 'Forbidden.');
    });

    it('refuses a tenant admin a federation serving another tenant’s delivery service', async () => {
      const body = { cname: 'fed1.example.test.', ttl: 5 };
      await expectRefused(
        t,
        () => send(t, 'PUT', url(`/${t.ids.federation}`), 'tenanta_admin', body),
        403,
        'unauthorized for tenant',
      );
      await expectRefused(
        t,
        () => send(t, 'DELETE', url(`/${t.ids.federation}`), 'tenanta_admin'),
        403,
        'unauthorized for tenant',
      );
    });
  });
});
