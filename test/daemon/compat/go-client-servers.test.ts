import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GoSession, expectDecodes, listenLocal, type GoAnswer } from '../../helpers/go-session.js';
import { GO_SERVER_V11, type Shape } from '../../helpers/go-types.js';
import { cachesApp, PASSWORDS, type CachesApp } from '../caches/helpers.js';

/**
 * Issue 30: the Traffic Ops 1.x Go client's server calls (its apiBase /api/1.5), over real HTTP against a listening
 * daemon. Every field its ServerNullableV11 / ServerDetailV11 / DeliveryServiceServer structs decode must come with
 * the JSON type Go decodes it into (null allowed for pointers), including the 17 fields that were missing.
 */

const SERVER_V11 = GO_SERVER_V11;
/** The 17 fields GET servers lacked before issue 30: each must be there. */
const ADDED = [
  'statusId',
  'physLocation',
  'physLocationId',
  'guid',
  'rack',
  'iloIpAddress',
  'iloIpGateway',
  'iloIpNetmask',
  'iloPassword',
  'iloUsername',
  'mgmtIpAddress',
  'mgmtIpGateway',
  'mgmtIpNetmask',
  'xmppId',
  'xmppPasswd',
  'routerHostName',
  'routerPortName',
];

let t: CachesApp;
let base = '';
const go = new GoSession(() => base);

beforeAll(async () => {
  t = await cachesApp();
  base = await listenLocal(t.app);
  await request('POST', '/api/1.5/user/login', { u: 'ops_user', p: PASSWORDS.ops_user });
}, 60_000);
afterAll(async () => t?.close());

type Answer = GoAnswer;

const request = go.request;

const ok = (a: Answer, what: string) => expect(a.status, `${what}: ${JSON.stringify(a.body).slice(0, 300)}`).toBe(200);
const servers = (a: Answer) => a.body.response as Array<Record<string, unknown>>;

describe('the Go 1.x client on servers', () => {
  let created = 0;

  it('GetServers decodes every field, the 17 added ones included', async () => {
    const a = await request('GET', '/api/1.5/servers');
    ok(a, 'GetServers');
    servers(a).forEach((r, i) => expectDecodes(r, SERVER_V11, `servers[${i}]`));
    for (const key of ADDED) expect(Object.keys(servers(a)[0])).toContain(key);
  });

  it('GetServerByID, GetServerByHostName (query parameters)', async () => {
    const id = await t.id('edge1a');
    const byId = await request('GET', `/api/1.5/servers?id=${id}`);
    ok(byId, 'GetServerByID');
    expect(servers(byId).map((r) => r.hostName)).toEqual(['edge1a']);
    const byName = await request('GET', '/api/1.5/servers?hostName=edge1a');
    expect(servers(byName).map((r) => r.id)).toEqual([id]);
  });

  it('CreateServer, UpdateServerByID, DeleteServerByID with a ServerNullableV11 body', async () => {
    const edge2c = servers(await request('GET', '/api/1.5/servers?hostName=edge2c'))[0];
    const body = {
      ...edge2c,
      id: undefined,
      hostName: 'edge-go',
      ipAddress: '192.0.2.77',
      rack: 'go-rack',
      xmppId: 'edge-go',
      routerHostName: 'rtr',
    };
    const c = await request('POST', '/api/1.5/servers', body);
    ok(c, 'CreateServer');
    expectDecodes(c.body.response, SERVER_V11, 'CreateServer response');
    created = (c.body.response as { id: number }).id;
    const u = await request('PUT', `/api/1.5/servers/${created}`, { ...body, rack: 'go-rack-2' });
    ok(u, 'UpdateServerByID');
    expect(u.body.alerts).toEqual([{ level: 'success', text: 'Server updated' }]);
    expect((u.body.response as { rack: string }).rack).toBe('go-rack-2');
  });

  it('GetServerDetailsByHostName', async () => {
    const a = await request('GET', '/api/1.5/servers/details?hostName=edge-go');
    ok(a, 'GetServerDetailsByHostName');
    expect(a.body).toMatchObject({ limit: 1000, orderby: 'hostName', size: 1 });
    expectDecodes(servers(a)[0], DETAIL_V11, 'details');
  });

  it('AssignServersToDeliveryService, AssignDeliveryServiceIDsToServerID, GetDeliveryServiceServers', async () => {
    const assigned = await request('POST', '/api/1.5/deliveryservices/ds3/servers', { serverNames: ['edge-go'] });
    ok(assigned, 'AssignServersToDeliveryService');
    expect(assigned.body.response).toEqual({ serverNames: ['edge-go'], xmlId: 'ds3' });
    const ds1 = (await t.store.deliveryServices.byXmlId('ds1'))!.id;
    const byServer = await request('POST', `/api/1.5/servers/${created}/deliveryservices?replace=false`, [ds1]);
    ok(byServer, 'AssignDeliveryServiceIDsToServerID');
    expect(byServer.body.response).toEqual({ serverId: created, dsIds: [ds1], replace: false });
    const links = await request('GET', `/api/1.5/deliveryserviceserver?serverids=${created}`);
    ok(links, 'GetDeliveryServiceServers');
    for (const l of links.body.response as unknown[]) {
      expectDecodes(l, { server: 'number', deliveryService: 'number', lastUpdated: 'string' }, 'dss');
    }
    expect((links.body.response as unknown[]).length).toBe(2);
  });

  it('DeleteDeliveryServiceServer, CreateDeliveryServiceServers, DeleteServerByID', async () => {
    const ds1 = (await t.store.deliveryServices.byXmlId('ds1'))!.id;
    const d = await request('DELETE', `/api/1.5/deliveryservice_server/${ds1}/${created}`);
    ok(d, 'DeleteDeliveryServiceServer');
    const c = await request('POST', '/api/1.5/deliveryserviceserver', {
      dsId: ds1,
      servers: [created],
      replace: false,
    });
    ok(c, 'CreateDeliveryServiceServers');
    expect(c.body.response).toEqual({ dsId: ds1, replace: false, servers: [created] });
    await t.store.servers.linkDeliveryServices(created, [], true, 0);
    const del = await request('DELETE', `/api/1.5/servers/${created}`);
    ok(del, 'DeleteServerByID');
    expectDecodes(del.body.response, SERVER_V11, 'DeleteServerByID response');
  });
});

/** tc.ServerDetailV11: the keys it decodes (`deliveryservices` is omitted when there are none). */
const DETAIL_KEYS = [
  'cachegroup',
  'cdnName',
  'domainName',
  'guid',
  'hostName',
  'httpsPort',
  'id',
  'iloIpAddress',
  'iloIpGateway',
  'iloIpNetmask',
  'iloPassword',
  'iloUsername',
  'mgmtIpAddress',
  'mgmtIpGateway',
  'mgmtIpNetmask',
  'offlineReason',
  'physLocation',
  'profile',
  'profileDesc',
  'rack',
  'status',
  'tcpPort',
  'type',
  'xmppId',
  'xmppPasswd',
  'interfaceMtu',
  'interfaceName',
  'ip6Address',
  'ip6Gateway',
  'ipAddress',
  'ipGateway',
  'ipNetmask',
  'routerHostName',
  'routerPortName',
];
const DETAIL_V11: Shape = {
  ...Object.fromEntries(DETAIL_KEYS.map((k) => [k, SERVER_V11[k]])),
  hardwareInfo: 'object|null',
};
