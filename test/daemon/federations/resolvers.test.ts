import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachStore } from '../../helpers/store-kinds.js';
import { goldenApp, type GoldenApp } from '../security/fixture.js';
import { expectRefused, lastLogMessage, send } from '../tenants/golden-client.js';

interface Resolver {
  id: number;
  ipAddress: string;
  type: string | null;
  typeId?: number;
  lastUpdated?: string;
}

/** federation_resolvers and a federation's resolver and delivery-service links (reference §8.3), on both stores. */
eachStore((kind) => {
  let t: GoldenApp;
  let resolve4: number;
  let resolve6: number;
  let httpType: number;
  beforeAll(async () => {
    t = await goldenApp({ storeKind: kind });
    resolve4 = (await t.store.typeLookup.find('federation', { name: 'RESOLVE4' }))!.id;
    resolve6 = (await t.store.typeLookup.find('federation', { name: 'RESOLVE6' }))!.id;
    httpType = (await t.store.typeLookup.find('deliveryservice', { name: 'HTTP' }))!.id;
  });
  afterAll(() => t.close());

  const create = (ipAddress: string, typeId = resolve4, v = '1.5') =>
    send<Resolver>(t, 'POST', `/api/${v}/federation_resolvers`, 'admin', { ipAddress, typeId });

  describe('federation_resolvers', () => {
    it('creates a resolver, lists it and filters, then deletes it by query id at 1.5', async () => {
      const res = await create('192.0.2.10');
      const id = res.body.response!.id;
      expect(res.body).toEqual({
        alerts: [{ text: `Federation Resolver created [ IP = 192.0.2.10 ] with id: ${id}`, level: 'success' }],
        response: { id, ipAddress: '192.0.2.10', type: 'RESOLVE4', typeId: resolve4 },
      });
      expect(await lastLogMessage(t)).toBe(`FEDERATION_RESOLVER: 192.0.2.10, ID: ${id}, ACTION: Created`);
      const listed = await send<Resolver[]>(
        t,
        'GET',
        '/api/1.5/federation_resolvers?type=RESOLVE4&ipAddress=192.0.2.10',
      );
      expect(listed.body.response).toEqual([
        { id, ipAddress: '192.0.2.10', lastUpdated: expect.stringMatching(/\+00$/), type: 'RESOLVE4' },
      ]);
      const del = await send(t, 'DELETE', `/api/1.5/federation_resolvers?id=${id}`);
      expect(del.body).toEqual({
        alerts: [{ text: `Federation resolver deleted [ IP = 192.0.2.10 ] with id: ${id}`, level: 'success' }],
        response: { id, ipAddress: '192.0.2.10', type: 'RESOLVE4' },
      });
      expect(await lastLogMessage(t)).toBe(`FEDERATION_RESOLVER: 192.0.2.10, ID: ${id}, ACTION: Deleted`);
    });

    it('answers type null up to 1.3, and the deprecated path delete with its warning', async () => {
      const res = await create('2001:db8::10/64', resolve6, '1.3');
      const id = res.body.response!.id;
      expect(res.body.response).toEqual({ id, ipAddress: '2001:db8::10/64', type: null, typeId: resolve6 });
      const del = await send(t, 'DELETE', `/api/1.3/federation_resolvers/${id}`);
      expect(del.body).toEqual({
        alerts: [
          { text: `Federation resolver deleted [ IP = 2001:db8::10/64 ] with id: ${id}`, level: 'success' },
          {
            text: "This endpoint is deprecated, please use the 'id' query parameter of '/federation_resolvers' instead",
            level: 'warning',
          },
        ],
      });
    });

    it.each([
      ['nothing', {}, 'validating: ipAddress: cannot be blank; typeId: cannot be blank.'],
      [
        'a bad address',
        { ipAddress: '300.1.1.1', typeId: 1 },
        'validating: ipAddress: invalid network IP or CIDR-notation subnet.',
      ],
      [
        'a bad prefix',
        { ipAddress: '192.0.2.0/33', typeId: 1 },
        'validating: ipAddress: invalid network IP or CIDR-notation subnet.',
      ],
      // Beyond the safe integers PostgreSQL's bigint cast failed: a 500.
      [
        'a type id beyond the safe integers',
        { ipAddress: '192.0.2.1', typeId: 1e20 },
        'validating: typeId: must be an integer.',
      ],
    ])('refuses %s with 400', async (_name, body, text) => {
      await expectRefused(t, () => send(t, 'POST', '/api/1.5/federation_resolvers', 'admin', body), 400, text);
    });

    it('refuses a type that is not a resolver type, a taken address, unknown ids, callers below admin', async () => {
      await expectRefused(
        t,
        () => create('192.0.2.11', httpType),
        400,
        'validating: typeId: must be the id of a RESOLVE4 or RESOLVE6 type.',
      );
      await create('192.0.2.12');
      await expectRefused(
        t,
        () => create('192.0.2.12'),
        400,
        "federation_resolver ip_address '192.0.2.12' already exists.",
      );
      await expectRefused(
        t,
        () => send(t, 'DELETE', '/api/1.5/federation_resolvers?id=99999'),
        404,
        'No federation resolver by ID 99999',
      );
      await expectRefused(t, () => send(t, 'DELETE', '/api/1.5/federation_resolvers'), 400, 'missing key: id');
      await expectRefused(
        t,
        () => send(t, 'DELETE', '/api/1.4/federation_resolvers?id=1'),
        404,
        "The requested path '/api/1.4/federation_resolvers' does not exist.",
      );
      const asOps = () =>
        send(t, 'POST', '/api/1.5/federation_resolvers', 'ops_user', { ipAddress: '192.0.2.14', typeId: resolve4 });
      await expectRefused(t, asOps, 403, 'Forbidden.');
    });
  });

  describe('federations/{id}/federation_resolvers', () => {
    it('links resolvers, replaces them, lists them by IP; [] for an unknown federation', async () => {
      const a = (await create('198.51.100.2')).body.response!.id;
      const b = (await create('198.51.100.1')).body.response!.id;
      const fed = t.ids.federation;
      const url = `/api/1.5/federations/${fed}/federation_resolvers`;
      const res = await send(t, 'POST', url, 'admin', { fedResolverIds: [a, b] });
      expect(res.body).toEqual({
        alerts: [{ text: '2 resolver(s) were assigned to the fed1.example.test. federation', level: 'success' }],
        response: { fedResolverIds: [a, b], replace: false },
      });
      expect(await lastLogMessage(t)).toBe(
        `FEDERATION: fed1.example.test., ID: ${fed}, ACTION: Assign Federation Resolvers [${a}, ${b}] to Federation`,
      );
      expect((await send(t, 'GET', url)).body.response).toEqual([
        { id: b, ipAddress: '198.51.100.1', type: 'RESOLVE4' },
        { id: a, ipAddress: '198.51.100.2', type: 'RESOLVE4' },
      ]);
      await send(t, 'POST', url, 'admin', { fedResolverIds: [a], replace: true });
      expect((await send<Resolver[]>(t, 'GET', url)).body.response!.map((r) => r.id)).toEqual([a]);
      expect((await send(t, 'GET', '/api/1.5/federations/99999/federation_resolvers')).body.response).toEqual([]);
    });

    it('refuses an unknown federation or resolver, a bad body, and tenant admins outside the tree', async () => {
      await expectRefused(
        t,
        () => send(t, 'POST', '/api/1.5/federations/99999/federation_resolvers', 'admin', { fedResolverIds: [] }),
        404,
        "'99999': no such Federation",
      );
      const url = `/api/1.5/federations/${t.ids.federation}/federation_resolvers`;
      await expectRefused(
        t,
        () => send(t, 'POST', url, 'admin', { fedResolverIds: [99999] }),
        404,
        'No federation resolver by ID 99999',
      );
      await expectRefused(
        t,
        () => send(t, 'POST', url, 'admin', {}),
        400,
        'fedResolverIds: must be a list of integers',
      );
      // Beyond the safe integers PostgreSQL's bigint cast failed: a 500.
      await expectRefused(
        t,
        () => send(t, 'POST', url, 'admin', { fedResolverIds: [1e20] }),
        400,
        'fedResolverIds: must be a list of integers',
      );
      await expectRefused(
        t,
        () => send(t, 'POST', `/api/1.5/federations/${t.ids.federation}/deliveryservices`, 'admin', { dsIds: [1e20] }),
        400,
        'dsIds: must be a list of integers',
      );
      await expectRefused(
        t,
        () => send(t, 'POST', url, 'tenanta_admin', { fedResolverIds: [] }),
        404,
        `'${t.ids.federation}': no such Federation`,
      );
    });
  });

  describe('federations/{id}/deliveryservices', () => {
    it('lists, links and unlinks delivery services; never the last one', async () => {
      const fed = t.ids.federation;
      const url = `/api/1.5/federations/${fed}/deliveryservices`;
      expect((await send(t, 'GET', url)).body.response).toEqual([
        { id: t.ids.deliveryServices.ds1, cdn: 'cdn1', type: 'HTTP', xmlId: 'ds1' },
      ]);
      const res = await send(t, 'POST', url, 'admin', { dsIds: [t.ids.deliveryServices.ds3] });
      expect(res.body).toEqual({
        alerts: [{ text: `1 delivery service(s) were assigned to the federation ${fed}`, level: 'success' }],
        response: { dsIds: [t.ids.deliveryServices.ds3], replace: false },
      });
      expect(await lastLogMessage(t)).toBe(
        `FEDERATION: fed1.example.test., ID: ${fed}, ACTION: Assign DSes to federation`,
      );
      expect((await send(t, 'GET', `${url}?dsID=${t.ids.deliveryServices.ds3}`)).body.response).toHaveLength(1);
      const del = await send(t, 'DELETE', `${url}/${t.ids.deliveryServices.ds3}`);
      expect(del.body).toEqual({ alerts: [{ text: 'federation deliveryservice was deleted.', level: 'success' }] });
      await expectRefused(
        t,
        () => send(t, 'DELETE', `${url}/${t.ids.deliveryServices.ds1}`),
        400,
        'a federation must have at least one delivery service assigned',
      );
      await expectRefused(
        t,
        () => send(t, 'DELETE', `${url}/${t.ids.deliveryServices.ds3}`),
        400,
        `delivery service ${t.ids.deliveryServices.ds3} is not associated with federation ${fed}`,
      );
    });

    it('refuses an empty replace, a duplicate, unknown records, and another tenant’s delivery service', async () => {
      const fed = t.ids.federation;
      const url = `/api/1.5/federations/${fed}/deliveryservices`;
      await expectRefused(
        t,
        () => send(t, 'POST', url, 'admin', { dsIds: [], replace: true }),
        400,
        'A federation must have at least one delivery service assigned',
      );
      await expectRefused(
        t,
        () => send(t, 'POST', url, 'admin', { dsIds: [t.ids.deliveryServices.ds1] }),
        400,
        `delivery service ${t.ids.deliveryServices.ds1} is already assigned to federation ${fed}`,
      );
      await expectRefused(
        t,
        () => send(t, 'POST', url, 'admin', { dsIds: [99999] }),
        404,
        'delivery service 99999 not found',
      );
      await expectRefused(
        t,
        () => send(t, 'POST', '/api/1.5/federations/99999/deliveryservices', 'admin', { dsIds: [1] }),
        404,
        'federation 99999 not found',
      );
      await expectRefused(
        t,
        () => send(t, 'DELETE', '/api/1.5/federations/99999/deliveryservices/1'),
        404,
        'federation 99999 not found',
      );
      await expectRefused(
        t,
        () => send(t, 'POST', url, 'tenanta_admin', { dsIds: [t.ids.deliveryServices.ds2] }),
        404,
        `federation ${fed} not found`,
      );
      await expectRefused(
        t,
        () => send(t, 'POST', url, 'ops_user', { dsIds: [t.ids.deliveryServices.ds3] }),
        403,
        'Forbidden.',
      );
    });
  });
});
