import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachStore } from '../../helpers/store-kinds.js';
import { dsHarness, expectError, ok, type DsHarness } from './helpers.js';

/**
 * Regexes of delivery services (reference wave3 §5.6), deliveryservices_regexes, deliveryservice_matches,
 * health, capacity, routing and the user links (§5.8), issue 31.
 */

interface Regex {
  id: number;
  type: number;
  typeName: string;
  setNumber: number;
  pattern: string;
}

eachStore((kind) => {
  let h: DsHarness;
  let pathType: number;
  let hostType: number;
  beforeAll(async () => {
    h = await dsHarness(kind);
    pathType = (await h.t.store.typeLookup.find('regex', { name: 'PATH_REGEXP' }))!.id;
    hostType = (await h.t.store.typeLookup.find('regex', { name: 'HOST_REGEXP' }))!.id;
  }, 60_000);
  afterAll(async () => {
    await h?.t.close();
  });

  const ds3 = () => h.t.ids.deliveryServices.ds3;
  const regexUrl = (id: number, regexId?: number) =>
    `/api/1.5/deliveryservices/${id}/regexes${regexId === undefined ? '' : `/${regexId}`}`;

  describe('regex writes', () => {
    it('adds, changes and deletes a regex, with the change log', async () => {
      const logs = await h.mark();
      const created = await h.call('ops_user', 'POST', regexUrl(ds3()), {
        pattern: '/images/.*',
        type: pathType,
        setNumber: 1,
      });
      expect(created.body.alerts).toEqual([
        { level: 'success', text: 'Delivery service regex creation was successful.' },
      ]);
      const regex = ok<Regex>(created);
      expect(regex).toEqual({
        id: expect.any(Number),
        type: pathType,
        typeName: 'PATH_REGEXP',
        setNumber: 1,
        pattern: '/images/.*',
      });
      const changed = ok<Regex>(
        await h.call('ops_user', 'PUT', regexUrl(ds3(), regex.id), {
          pattern: '/img/.*',
          type: pathType,
          setNumber: 1,
        }),
      );
      expect(changed.pattern).toBe('/img/.*');
      expect(ok<Regex[]>(await h.call('ro_user', 'GET', `${regexUrl(ds3())}?id=${regex.id}`))).toEqual([changed]);
      const byId = await h.call('ro_user', 'GET', regexUrl(ds3(), regex.id));
      expect(byId.body.alerts?.[0].level).toBe('warning');
      expect(byId.body.response).toEqual([changed]);
      expect(await h.call('ops_user', 'DELETE', regexUrl(ds3(), regex.id))).toEqual({
        status: 200,
        body: { alerts: [{ level: 'success', text: 'deliveryservice_regex was deleted.' }] },
      });
      const id = ds3();
      expect(await logs()).toEqual([
        `DS: ds3, ID: ${id}, ACTION: Deleted a regular expression (/img/.*) in position 1`,
        `DS: ds3, ID: ${id}, ACTION: Updated a regular expression (/img/.*) in position 1`,
        `DS: ds3, ID: ${id}, ACTION: Created a regular expression (/images/.*) in position 1`,
      ]);
    });

    it('refuses what Traffic Ops refused', async () => {
      const [host] = ok<Regex[]>(await h.call('admin', 'GET', regexUrl(ds3())));
      const post = (body: unknown) => h.call('admin', 'POST', regexUrl(ds3()), body);
      expectError(await post({ pattern: 'x', type: pathType, setNumber: -1 }), 400, 'cannot add regex with order < 0');
      expectError(
        await post({ pattern: '', type: 999999, setNumber: 2 }),
        400,
        "'pattern' cannot be blank, 'type' type not found",
      );
      expectError(
        await post({ pattern: 'x', type: h.refs.types.HTTP, setNumber: 2 }),
        400,
        "'type' type is not a valid regex type",
      );
      expectError(
        await post({ pattern: 'x', type: pathType, setNumber: 0 }),
        400,
        "'setNumber' cannot add regex, another regex with the same order exists",
      );
      expectError(
        await h.call('admin', 'PUT', regexUrl(ds3(), host.id), { pattern: '.*', type: hostType, setNumber: 0 }),
        400,
        'cannot change/ delete a regex with an order of 0 and type name of HOST_REGEXP',
      );
      expectError(
        await h.call('admin', 'DELETE', regexUrl(ds3(), host.id)),
        400,
        'a delivery service must have at least one regex',
      );
      expectError(
        await h.call('admin', 'DELETE', regexUrl(ds3(), 999999)),
        404,
        'regex not found for this delivery service',
      );
      expectError(
        await h.call('admin', 'POST', regexUrl(999999), { pattern: 'x', type: pathType, setNumber: 1 }),
        404,
        'Not Found',
      );
    });

    it('keeps regexes of other tenants out of reach', async () => {
      expectError(
        await h.call('tenanta_user', 'POST', regexUrl(ds3()), { pattern: 'x', type: pathType, setNumber: 9 }),
        404,
        'Not Found',
      );
      expect(ok<Regex[]>(await h.call('tenanta_user', 'GET', regexUrl(ds3())))).toEqual([]);
      expectError(
        await h.call('ro_user', 'POST', regexUrl(ds3()), { pattern: 'x', type: pathType, setNumber: 9 }),
        403,
        'Forbidden.',
      );
    });
  });

  describe('regex and match lists', () => {
    it('lists each visible DS with its regexes, and the matches with their deprecation', async () => {
      const all = ok<Array<{ dsName: string; regexes: unknown[] }>>(
        await h.call('tenanta_user', 'GET', '/api/1.3/deliveryservices_regexes'),
      );
      expect(all).toEqual([
        { dsName: 'ds2', regexes: [{ type: 'HOST_REGEXP', setNumber: 0, pattern: '.*\\.ds2\\..*' }] },
      ]);
      const matches = await h.call('tenanta_user', 'GET', '/api/1.1/deliveryservice_matches');
      expect(matches.body).toEqual({
        alerts: [
          { level: 'warning', text: 'This endpoint is deprecated, please use /deliveryservices_regexes instead' },
        ],
        response: [{ patterns: ['.ds2.'], dsName: 'ds2' }],
      });
    });
  });

  describe('health, capacity, routing', () => {
    it('counts the EDGE caches of the DS by status, per cache group', async () => {
      const id = h.t.ids.deliveryServices.ds2;
      expect(ok(await h.call('ro_user', 'GET', `/api/1.5/deliveryservices/${id}/health.json`))).toEqual({
        totalOffline: 0,
        totalOnline: 2,
        cachegroups: [{ offline: 0, online: 2, name: 'edge-cg1' }],
      });
      expect(ok(await h.call('ro_user', 'GET', `/api/1.5/deliveryservices/${ds3()}/capacity`))).toEqual({
        availablePercent: 50,
        unavailablePercent: 50,
        utilizedPercent: 0,
        maintenancePercent: 0,
      });
    });

    it('answers routing at 1.5 only, zeros for HTTP, 400 for other types', async () => {
      const id = h.t.ids.deliveryServices.ds2;
      const routing = ok<Record<string, number>>(
        await h.call('ro_user', 'GET', `/api/1.5/deliveryservices/${id}/routing`),
      );
      expect(Object.values(routing).every((v) => v === 0)).toBe(true);
      expect((await h.call('ro_user', 'GET', `/api/1.4/deliveryservices/${id}/routing`)).status).toBe(404);
      expect((await h.call('ro_user', 'GET', `/api/1.5/deliveryservices/${id}/routing.json`)).status).toBe(404);
      const map = body('any-map-r');
      const [created] = ok<Array<{ id: number }>>(await h.call('admin', 'POST', '/api/1.5/deliveryservices', map));
      expectError(
        await h.call('ro_user', 'GET', `/api/1.5/deliveryservices/${created.id}/routing`),
        400,
        `delivery service ${created.id} does not have a HTTP or DNS type`,
      );
      expectError(
        await h.call('tenanta_user', 'GET', `/api/1.5/deliveryservices/${ds3()}/health`),
        404,
        'delivery service not found',
      );
    });
  });

  const body = (xmlId: string) => ({
    xmlId,
    displayName: xmlId,
    active: true,
    cdnId: h.refs.cdnId,
    typeId: h.refs.types.ANY_MAP,
    tenantId: h.refs.root,
    dscp: 0,
    geoLimit: 0,
    geoProvider: 0,
    logsEnabled: false,
    regionalGeoBlocking: false,
  });

  describe('deliveryservice_user', () => {
    const warning = {
      level: 'warning',
      text: 'This endpoint and its functionality is deprecated, and will be removed in the future',
    };

    it('assigns, replaces and unlinks, with the change log', async () => {
      const user = h.t.ids.users.tenanta_user;
      const ds2 = h.t.ids.deliveryServices.ds2;
      const logs = await h.mark();
      const res = await h.call('ops_user', 'POST', '/api/1.5/deliveryservice_user', {
        userId: user,
        deliveryServices: [ds2],
        replace: true,
      });
      expect(res.body).toEqual({
        alerts: [{ level: 'success', text: 'Delivery service assignments complete.' }, warning],
        response: { userId: user, deliveryServices: [ds2], replace: true },
      });
      const mine = ok<Array<{ xmlId: string }>>(
        await h.call('admin', 'GET', `/api/1.5/users/${user}/deliveryservices`),
      );
      expect(mine.map((d) => d.xmlId)).toEqual(['ds2']);
      const gone = await h.call('ops_user', 'DELETE', `/api/1.5/deliveryservice_user/${ds2}/${user}`);
      expect(gone.body.alerts).toEqual([
        { level: 'success', text: `User [ tenanta_user ] unlinked from deliveryservice [ ${ds2} | ds2 ].` },
        warning,
      ]);
      expect(await logs()).toEqual([
        `User [ tenanta_user ] unlinked from deliveryservice [ ${ds2} | ds2 ].`,
        '1 delivery services were assigned to tenanta_user',
      ]);
    });

    it('refuses with the Perl texts', async () => {
      const user = h.t.ids.users.ro_user;
      const post = (as: Parameters<DsHarness['call']>[0], b: unknown) =>
        h.call(as, 'POST', '/api/1.5/deliveryservice_user', b);
      const error = (text: string) => [warning, { level: 'error', text }];
      expect((await post('admin', { userId: user, deliveryServices: 'ds1' })).body.alerts).toEqual(
        error('Delivery services must be an array'),
      );
      expect((await post('admin', { userId: 999999, deliveryServices: [] })).body.alerts).toEqual(
        error('Resource not found.'),
      );
      expect((await post('tenanta_admin', { userId: user, deliveryServices: [] })).body.alerts).toEqual(
        error('Invalid user. This user is not available to you for assignment.'),
      );
      const del = await h.call(
        'tenanta_admin',
        'DELETE',
        `/api/1.5/deliveryservice_user/${ds3()}/${h.t.ids.users.tenanta_user}`,
      );
      expect(del.status).toBe(403);
      expect(del.body.alerts).toEqual(error('Forbidden. Delivery-service tenant is not available to the user.'));
      const none = await h.call(
        'admin',
        'DELETE',
        `/api/1.5/deliveryservice_user/${ds3()}/${h.t.ids.users.tenanta_user}`,
      );
      expect(none.status).toBe(404);
      expectError(await post('ro_user', { userId: user, deliveryServices: [] }), 403, 'Forbidden.');
    });
  });
});
