import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachStore } from '../../helpers/store-kinds.js';
import { serversApp, type ServersApp } from './helpers.js';

/**
 * Issue 30: delivery-service ↔ server links (reference/traffic-ops-wave3.md §4.4–4.5), on both stores. The
 * fixture: ds1 (root) and ds2 (tenant-a) on edge1a/edge1b, ds3 (root) on edge2a (REPORTED) and edge2b (OFFLINE);
 * edge2c (PRE_PROD) serves nothing.
 */
eachStore((kind) => {
  let t: ServersApp;
  const ds: Record<string, number> = {};
  beforeAll(async () => {
    t = await serversApp(kind);
    for (const x of ['ds1', 'ds2', 'ds3']) ds[x] = (await t.store.deliveryServices.byXmlId(x))!.id;
  }, 60_000);
  afterAll(async () => t?.close());

  type Res = Awaited<ReturnType<ServersApp['call']>>;
  const texts = (res: Res) => (res.json().alerts as { text: string }[]).map((a) => a.text);
  const last = (res: Res) => texts(res).at(-1);
  const pending = async (host: string) =>
    (await t.call('ops_user', 'GET', `/api/1.5/servers?hostName=${host}`)).json().response[0].updPending as boolean;
  const lastLog = async () =>
    ((await t.call('admin', 'GET', '/api/1.5/logs')).json().response as { message: string }[])[0].message;
  const clearFlags = () => t.sql('UPDATE servers SET upd_pending = 0, upd_pending_since = NULL');

  describe('GET deliveryserviceserver', () => {
    it('lists the links raw, 20 a page, size the page number; a tenant sees its delivery services only', async () => {
      const res = await t.call('ops_user', 'GET', '/api/1.3/deliveryserviceserver');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body)).toEqual(['orderby', 'response', 'size', 'limit', 'alerts']);
      expect(body).toMatchObject({ orderby: 'deliveryService', size: 0, limit: 20, alerts: null });
      expect(body.response.map((l: { deliveryService: number }) => l.deliveryService)).toEqual([
        ds.ds1,
        ds.ds1,
        ds.ds2,
        ds.ds2,
        ds.ds3,
        ds.ds3,
      ]);
      expect(Object.keys(body.response[0])).toEqual(['server', 'deliveryService', 'lastUpdated']);
      const page = (await t.call('ops_user', 'GET', '/api/1.3/deliveryserviceserver?limit=2&page=2')).json();
      expect([page.size, page.limit, page.response.map((l: { deliveryService: number }) => l.deliveryService)]).toEqual(
        [2, 2, [ds.ds2, ds.ds2]],
      );
      const tenant = (await t.call('tenanta_user', 'GET', '/api/1.3/deliveryserviceserver')).json();
      expect(new Set(tenant.response.map((l: { deliveryService: number }) => l.deliveryService))).toEqual(
        new Set([ds.ds2]),
      );
    });

    it('1.4 filters by deliveryserviceids and serverids; a bad list is a 400; 1.3 ignores them', async () => {
      const edge2a = await t.id('edge2a');
      const f = (await t.call('ro_user', 'GET', `/api/1.4/deliveryserviceserver?serverids=${edge2a}`)).json();
      expect(f.response.map((l: { server: number }) => l.server)).toEqual([edge2a]);
      const bad = await t.call('ro_user', 'GET', '/api/1.4/deliveryserviceserver?deliveryserviceids=1,x');
      expect([bad.statusCode, last(bad)]).toEqual([
        400,
        "deliveryserviceids query parameter must be a comma-delimited list of integers, got '1,x'",
      ]);
      const old = (await t.call('ro_user', 'GET', '/api/1.3/deliveryserviceserver?serverids=1,x')).json();
      expect(old.response).toHaveLength(6);
    });
  });

  describe('POST deliveryserviceserver', () => {
    const post = (who: Parameters<ServersApp['call']>[0], body: unknown) =>
      t.call(who, 'POST', '/api/1.5/deliveryserviceserver', body);

    it.each([
      [{ dsId: 1, replace: false }, 'servers must exist in post'],
      [{ servers: [], replace: false }, 'dsid must exist in post'],
      [{ servers: [], dsId: 1 }, 'replace must exist in post'],
      [{ servers: 'x', dsId: 1, replace: false }, 'malformed JSON'],
      [{ servers: [], dsId: 99999, replace: false }, 'no delivery service with that ID exists'],
    ])('%j → 400 %s', async (body, text) => {
      const res = await post('ops_user', body);
      expect([res.statusCode, last(res)]).toEqual([400, text]);
    });

    it('refuses a MID, a duplicate, a replace leaving an active service without a serving cache; tenancy, privilege', async () => {
      const mid = await post('ops_user', { dsId: ds.ds3, servers: [await t.id('mid1')], replace: false });
      expect([mid.statusCode, last(mid)]).toEqual([
        400,
        "server 'mid1' is a MID: only EDGE servers are assigned (a MID serves its whole CDN)",
      ]);
      const edge2a = await t.id('edge2a');
      const dup = await post('ops_user', { dsId: ds.ds3, servers: [edge2a], replace: false });
      expect([dup.statusCode, last(dup)]).toEqual([
        400,
        `deliveryservice_server deliveryservice, server '${ds.ds3}, ${edge2a}' already exists.`,
      ]);
      const leave = await post('ops_user', { dsId: ds.ds3, servers: [await t.id('edge2c')], replace: true });
      expect([leave.statusCode, last(leave)]).toEqual([
        409,
        `this server assignment leaves Active Delivery Service #${ds.ds3} without any 'ONLINE' or 'REPORTED' servers`,
      ]);
      const other = await post('tenanta_user', { dsId: ds.ds1, servers: [await t.id('edge2c')], replace: false });
      expect([other.statusCode, last(other)]).toEqual([403, 'not authorized on this tenant']);
      expect((await post('ro_user', { dsId: ds.ds3, servers: [], replace: false })).statusCode).toBe(403);
    });

    it('links, logs, and queues updates on the server it links', async () => {
      await clearFlags();
      const edge2c = await t.id('edge2c');
      const res = await post('ops_user', { dsId: ds.ds3, servers: [edge2c], replace: false });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        alerts: [{ level: 'success', text: 'server assignments complete' }],
        response: { dsId: ds.ds3, replace: false, servers: [edge2c] },
      });
      expect(await pending('edge2c')).toBe(true);
      expect(await pending('edge2a')).toBe(false);
      // The MIDs of its parent cache group carry the delivery service for it (remap.config, parent.config).
      expect([await pending('mid1'), await pending('mid2')]).toEqual([true, true]);
      expect(await lastLog()).toBe(
        `DS: ds3, ID: ${ds.ds3}, ACTION: Replace existing servers assigned to delivery service`,
      );
    });
  });

  describe('DELETE deliveryservice_server/:dsId/:serverId', () => {
    const warning = {
      level: 'warning',
      text: 'This endpoint is deprecated, please use DELETE deliveryserviceserver/{{Delivery Service ID}}/{{Server ID}} instead',
    };
    it('checks in Traffic Ops order, with the deprecation warning first', async () => {
      const del = (who: Parameters<ServersApp['call']>[0], d: number, s: number) =>
        t.call(who, 'DELETE', `/api/1.5/deliveryservice_server/${d}/${s}`);
      const edge2a = await t.id('edge2a');
      const unknownDs = await del('ops_user', 99999, edge2a);
      expect([unknownDs.statusCode, unknownDs.json().alerts[0], last(unknownDs)]).toEqual([
        404,
        warning,
        'no such Delivery Service: #99999',
      ]);
      const other = await del('tenanta_user', ds.ds3, edge2a);
      expect([other.statusCode, last(other)]).toEqual([404, `no such Delivery Service: #${ds.ds3}`]);
      // A server the caller cannot see is missing, even beside its own delivery service (not `Not Found`).
      const hidden = await del('tenanta_user', ds.ds2, edge2a);
      expect([hidden.statusCode, last(hidden)]).toEqual([404, 'server not found']);
      await t.store.servers.unlink(ds.ds3, await t.id('edge2c'), 0);
      const lastOne = await del('ops_user', ds.ds3, edge2a);
      expect([lastOne.statusCode, last(lastOne)]).toEqual([
        409,
        `removing server #${edge2a} from active Delivery Service #${ds.ds3} would leave it with no REPORTED/ONLINE assigned servers`,
      ]);
      const noServer = await del('ops_user', ds.ds3, 99999);
      expect([noServer.statusCode, last(noServer)]).toEqual([404, 'server not found']);
      const noLink = await del('ops_user', ds.ds3, await t.id('mid1'));
      expect([noLink.statusCode, last(noLink)]).toEqual([404, 'Not Found']);
    });

    it('unlinks, logs, queues the server', async () => {
      await clearFlags();
      const edge2b = await t.id('edge2b');
      const res = await t.call('ops_user', 'DELETE', `/api/1.1/deliveryservice_server/${ds.ds3}/${edge2b}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().alerts).toEqual([
        warning,
        { level: 'success', text: 'Server unlinked from delivery service.' },
      ]);
      expect(await pending('edge2b')).toBe(true);
      expect([await pending('mid1'), await pending('mid2'), await pending('edge2a')]).toEqual([true, true, false]);
      expect(await lastLog()).toBe(`DS: ds3, ID: ${ds.ds3}, ACTION: Remove server edge2b from delivery service`);
      await t.store.servers.linkServers(ds.ds3, [edge2b], false, 0);
    });
  });

  describe('POST servers/:id/deliveryservices (1.3+)', () => {
    const post = (who: Parameters<ServersApp['call']>[0], id: number, q: string, body: unknown, v = '1.3') =>
      t.call(who, 'POST', `/api/${v}/servers/${id}/deliveryservices${q}`, body);

    it('is not served before 1.3', async () => {
      expect((await post('ops_user', await t.id('edge2c'), '?replace=false', [ds.ds3], '1.2')).statusCode).toBe(404);
    });

    it('checks the body, replace, the server, the delivery services, and the last serving cache', async () => {
      const edge2c = await t.id('edge2c');
      const notList = await post('ops_user', edge2c, '?replace=false', { ids: [1] });
      expect([notList.statusCode, last(notList)]).toEqual([
        400,
        'payload must be a list of integers representing delivery service ids',
      ]);
      const noReplace = await post('ops_user', edge2c, '', [ds.ds3]);
      expect([noReplace.statusCode, last(noReplace)]).toEqual([400, 'strconv.ParseBool: parsing "": invalid syntax']);
      const noServer = await post('ops_user', 99999, '?replace=false', [ds.ds3]);
      expect([noServer.statusCode, last(noServer)]).toEqual([404, 'no server with that ID found']);
      const noDs = await post('ops_user', edge2c, '?replace=false', [ds.ds3, 99999]);
      expect([noDs.statusCode, last(noDs)]).toEqual([
        404,
        "Either no Delivery Service ids given, or at least one id doesn't exist!",
      ]);
      const hidden = await post('tenanta_user', await t.id('edge1a'), '?replace=false', [ds.ds1]);
      expect([hidden.statusCode, last(hidden)]).toEqual([
        404,
        "Either no Delivery Service ids given, or at least one id doesn't exist!",
      ]);
      const mid = await post('ops_user', await t.id('mid1'), '?replace=false', [ds.ds3]);
      expect(mid.statusCode).toBe(400);
      const leave = await post('ops_user', await t.id('edge2a'), '?replace=true', [ds.ds1]);
      expect([leave.statusCode, last(leave)]).toEqual([
        409,
        `Delivery Service assignment would leave Active Delivery Service #${ds.ds3}  with no 'ONLINE' or 'REPORTED' servers`,
      ]);
      expect((await post('ro_user', edge2c, '?replace=false', [ds.ds3])).statusCode).toBe(403);
    });

    it('links, logs and queues the server', async () => {
      await clearFlags();
      const edge2c = await t.id('edge2c');
      const res = await post('ops_user', edge2c, '?replace=true', [ds.ds3, ds.ds1], '1.5');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        alerts: [{ level: 'success', text: 'successfully assigned dses to server' }],
        response: { serverId: edge2c, dsIds: [ds.ds3, ds.ds1], replace: true },
      });
      const mine = await t.call('ops_user', 'GET', `/api/1.5/servers/${edge2c}/deliveryservices`);
      expect(mine.json().response.map((d: { xmlId: string }) => d.xmlId)).toEqual(['ds1', 'ds3']);
      expect(await pending('edge2c')).toBe(true);
      expect([await pending('mid1'), await pending('mid2'), await pending('edge2a')]).toEqual([true, true, false]);
      expect(await lastLog()).toBe(`SERVER: edge2c, ID: ${edge2c}, ACTION: Assigned 2 DSes to server`);
      await t.store.servers.linkDeliveryServices(edge2c, [], true, 0);
    });
  });

  describe('unassigned_servers and servers/eligible', () => {
    it('unassigned_servers lists every server not assigned, with the removal warning', async () => {
      const res = await t.call('ro_user', 'GET', `/api/1.1/deliveryservices/${ds.ds3}/unassigned_servers`);
      expect(texts(res)).toEqual(['This endpoint is deprecated, and will be removed in the future']);
      expect(res.json().response.map((s: { hostName: string }) => s.hostName)).toEqual([
        'edge1a',
        'edge1b',
        'edge2c',
        'mid1',
        'mid2',
      ]);
    });

    it('eligible lists the EDGE/ORG servers of the CDN; unknown → 404; one of another tenant → 404', async () => {
      const res = await t.call('ro_user', 'GET', `/api/1.5/deliveryservices/${ds.ds1}/servers/eligible`);
      expect(res.json().response.map((s: { hostName: string }) => s.hostName)).toEqual([
        'edge1a',
        'edge1b',
        'edge2a',
        'edge2b',
        'edge2c',
      ]);
      const none = await t.call('ro_user', 'GET', '/api/1.5/deliveryservices/99999/servers/eligible');
      expect([none.statusCode, last(none)]).toEqual([404, 'delivery service 99999 not found']);
      const other = await t.call('tenanta_user', 'GET', `/api/1.5/deliveryservices/${ds.ds1}/servers/eligible`);
      expect([other.statusCode, last(other)]).toEqual([404, `delivery service ${ds.ds1} not found`]);
    });
  });
});
