import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachStore } from '../../helpers/store-kinds.js';
import { serversApp, type ServersApp } from './helpers.js';

/**
 * Issue 30: servers at 1.1–1.5 with every 1.x field, and POST/PUT/DELETE servers checked in Traffic Ops' order
 * and texts (reference/traffic-ops-wave3.md §4.2), on both stores.
 */

const EXTRAS = {
  guid: 'guid-1',
  rack: 'RR 119.02',
  iloIpAddress: '10.0.0.9',
  iloIpGateway: '10.0.0.1',
  iloIpNetmask: '255.255.255.0',
  iloUsername: 'ilo',
  iloPassword: 'iloSecret',
  mgmtIpAddress: '10.1.0.9',
  mgmtIpGateway: '10.1.0.1',
  mgmtIpNetmask: '255.255.255.0',
  xmppId: 'edge9-xmpp',
  xmppPasswd: 'xmppSecret',
  routerHostName: 'router1',
  routerPortName: 'port1',
};

eachStore((kind) => {
  let t: ServersApp;
  let ids: { cg: number; cdn: number; profile: number; edge: number; mid: number; online: number };
  beforeAll(async () => {
    t = await serversApp(kind);
    const [edge] = await t.sql("SELECT id FROM types WHERE name = 'EDGE' AND use_in_table = 'server'");
    const [mid] = await t.sql("SELECT id FROM types WHERE name = 'MID' AND use_in_table = 'server'");
    const [online] = await t.sql("SELECT id FROM statuses WHERE name = 'ONLINE'");
    ids = {
      cg: (await t.store.cachegroups.list({ name: 'edge-cg1' }))[0].id,
      cdn: (await t.store.cdns.byName('cdn1'))!.id,
      profile: (await t.store.profiles.list({ name: 'EDGE_PROFILE1' }))[0].id,
      edge: Number(edge.id),
      mid: Number(mid.id),
      online: Number(online.id),
    };
  }, 60_000);
  afterAll(async () => t?.close());

  /** A Go client's 1.x body: every reference by id. */
  const goBody = (over: Record<string, unknown> = {}) => ({
    hostName: 'edge9',
    domainName: 'cdn1.example.test',
    cachegroupId: ids.cg,
    cdnId: ids.cdn,
    profileId: ids.profile,
    typeId: ids.edge,
    statusId: ids.online,
    physLocationId: t.physLocationId,
    updPending: false,
    interfaceName: 'eth0',
    interfaceMtu: 1500,
    ipAddress: '192.0.2.9',
    ipNetmask: '255.255.255.0',
    ipGateway: '192.0.2.1',
    tcpPort: 80,
    httpsPort: 443,
    ...EXTRAS,
    ...over,
  });
  const alert = (res: { json(): { alerts: { text: string }[] } }) => res.json().alerts.at(-1)?.text;

  describe('every 1.x field', () => {
    it('GET servers has statusId, physLocation (null for servers imported without one) and the extras', async () => {
      const res = await t.call('ops_user', 'GET', '/api/1.3/servers?hostName=mid1');
      expect(res.json().response[0]).toMatchObject({
        status: 'REPORTED',
        statusId: expect.any(Number),
        physLocation: null,
        physLocationId: null,
        guid: null,
        rack: null,
        xmppId: null,
        routerHostName: null,
      });
    });

    it('creates a server with every field by id; passwords are ******** below operations', async () => {
      const created = await t.call('ops_user', 'POST', '/api/1.5/servers', goBody());
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json().alerts).toEqual([{ level: 'success', text: 'server was created.' }]);
      expect(created.json().response).toMatchObject({
        ...EXTRAS,
        status: 'ONLINE',
        statusId: ids.online,
        physLocation: 'loc1',
        physLocationId: t.physLocationId,
        type: 'EDGE',
      });
      const ro = await t.call('ro_user', 'GET', '/api/1.5/servers?hostName=edge9');
      expect(ro.json().response[0]).toMatchObject({
        iloPassword: '********',
        xmppPasswd: '********',
        rack: 'RR 119.02',
      });
      const details = await t.call('ro_user', 'GET', '/api/1.5/servers/details?hostName=edge9');
      expect(details.json().response[0]).toMatchObject({ physLocation: 'loc1', iloPassword: '********' });
      const byLocation = await t.call('ops_user', 'GET', `/api/1.5/servers/details?physLocationID=${t.physLocationId}`);
      expect(byLocation.json().response.map((s: { hostName: string }) => s.hostName)).toEqual(['edge9']);
      const deleted = await t.call('ops_user', 'DELETE', `/api/1.5/servers/${created.json().response.id}`);
      expect(deleted.json()).toMatchObject({
        alerts: [{ text: 'server was deleted.' }],
        response: { hostName: 'edge9' },
      });
    });
  });

  describe('POST servers: Traffic Ops checks and texts', () => {
    it.each([
      [{ statusId: 99999 }, 400, 'no such Status: #99999'],
      [{ physLocationId: 99999 }, 404, 'physLocation not found'],
      [{ typeId: 99999 }, 400, 'type is not a valid server type'],
      [{ profileId: 99999 }, 400, "no such profileId: '99999'"],
      [
        { profileId: undefined, profile: 'EDGE_CDN2' },
        400,
        /^CDN id '\d+' for profile '\d+' does not match Server CDN '\d+'$/,
      ],
      [{ typeId: 99999, profileId: 99999 }, 400, "type is not a valid server type, no such profileId: '99999'"],
    ])('%j → %i %s', async (over, status, text) => {
      const res = await t.call('ops_user', 'POST', '/api/1.5/servers', goBody({ hostName: 'edge8', ...over }));
      expect(res.statusCode, res.body).toBe(status);
      expect(alert(res)).toMatch(text);
    });

    it('refuses a second server of one profile on one IPv4 address (loopback exempt), on create and update', async () => {
      const post = (over: Record<string, unknown>) => t.call('ops_user', 'POST', '/api/1.5/servers', goBody(over));
      const first = await post({ hostName: 'edge8a', ipAddress: '192.0.2.88' });
      expect(first.statusCode, first.body).toBe(200);
      const again = await post({ hostName: 'edge8b', ipAddress: '192.0.2.88' });
      expect([again.statusCode, alert(again)]).toEqual([
        400,
        `ipAddress is not unique across the server [id:0] profile [id:${ids.profile}], [1] conflicts`,
      ]);
      const loopback = await post({ hostName: 'edge8c', ipAddress: '127.0.0.1' });
      expect(loopback.statusCode, loopback.body).toBe(200);
      const id = loopback.json().response.id as number;
      const body = goBody({ hostName: 'edge8c', ipAddress: '192.0.2.88' });
      const moved = await t.call('ops_user', 'PUT', `/api/1.5/servers/${id}`, body);
      expect([moved.statusCode, alert(moved)]).toEqual([
        400,
        `ipAddress is not unique across the server [id:${id}] profile [id:${ids.profile}], [1] conflicts`,
      ]);
      for (const gone of [id, first.json().response.id]) await t.call('ops_user', 'DELETE', `/api/1.5/servers/${gone}`);
    });

    it('refuses a body id of an existing server, and a status id that is not a server status', async () => {
      const id = await t.id('mid1');
      const res = await t.call('ops_user', 'POST', '/api/1.5/servers', goBody({ id }));
      expect([res.statusCode, alert(res)]).toEqual([
        400,
        `server with id ${id} already exists. Please do not provide an id`,
      ]);
    });

    it('needs operations, and a session', async () => {
      expect((await t.call('ro_user', 'POST', '/api/1.5/servers', goBody())).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'POST', url: '/api/1.5/servers', payload: goBody() })).statusCode).toBe(401);
    });
  });

  describe('PUT servers/:id: Traffic Ops order', () => {
    const current = async (host: string) =>
      (await t.call('ops_user', 'GET', `/api/1.5/servers?hostName=${host}`)).json().response[0] as Record<
        string,
        unknown
      >;
    const put = async (who: 'ops_user' | 'tenanta_user' | 'ro_user', host: string, over: Record<string, unknown>) => {
      const { id, ...rest } = await current(host);
      return t.call(who, 'PUT', `/api/1.5/servers/${id}`, { ...rest, ...over });
    };

    it('unknown server → 404; a type or CDN change while assigned → 409; a new xmppId → 400', async () => {
      const missing = await t.call('ops_user', 'PUT', '/api/1.5/servers/99999', goBody());
      expect([missing.statusCode, alert(missing)]).toEqual([404, "the server doesn't exist, cannot update"]);
      const retype = await put('ops_user', 'edge1a', { typeId: ids.mid, type: undefined });
      expect([retype.statusCode, alert(retype)]).toEqual([
        409,
        'server type can not be updated when it is currently assigned to Delivery Services',
      ]);
      const recdn = await put('ops_user', 'edge1a', {
        cdnId: undefined,
        cdnName: 'cdn2',
        profileId: undefined,
        profile: 'EDGE_CDN2',
      });
      expect([recdn.statusCode, alert(recdn)]).toEqual([
        409,
        'server cdn can not be updated when it is currently assigned to delivery services',
      ]);
      await t.sql("UPDATE servers SET xmpp_id = 'x1' WHERE host_name = 'edge2c'");
      const xmpp = await put('ops_user', 'edge2c', { xmppId: 'x2' });
      expect([xmpp.statusCode, alert(xmpp)]).toEqual([
        400,
        'server cannot be updated due to requested XMPPID change. XMPIDD is immutable',
      ]);
    });

    it('a status change queues updates on the server and, for a MID, on the EDGEs below it, and is logged', async () => {
      const res = await put('ops_user', 'mid1', {
        statusId: undefined,
        status: 'ADMIN_DOWN',
        offlineReason: 'disk',
        rack: 'R2',
        ipAddress: '192.0.2.51',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().alerts).toEqual([{ level: 'success', text: 'Server updated' }]);
      expect(res.json().response).toMatchObject({ status: 'ADMIN_DOWN', rack: 'R2', updPending: true });
      const all = (await t.call('ops_user', 'GET', '/api/1.5/servers')).json().response as Array<{
        hostName: string;
        updPending: boolean;
      }>;
      expect(all.filter((s) => s.updPending).map((s) => s.hostName)).toEqual([
        'edge1a',
        'edge1b',
        'edge2a',
        'edge2b',
        'edge2c',
        'mid1',
      ]);
      const logs = (await t.call('admin', 'GET', '/api/1.5/logs')).json().response as Array<{ message: string }>;
      expect(logs[0].message).toBe(
        `SERVER: mid1.cdn1.example.test, ID: ${await t.id('mid1')}, ACTION: updated, status changed from REPORTED to ADMIN_DOWN [ disk ]`,
      );
      await t.sql('UPDATE servers SET upd_pending = 0, upd_pending_since = NULL');
      const same = await put('ops_user', 'mid1', { rack: 'R3' });
      expect(same.json().response).toMatchObject({ rack: 'R3', updPending: false });
    });

    it('a profile change of an EDGE queues that EDGE only', async () => {
      const [p] = await t.sql(
        "INSERT INTO profiles (name, description, type, cdn_id, routing_disabled, last_updated) SELECT 'EDGE_PROFILE2', 'second', type, cdn_id, routing_disabled, 0 FROM profiles WHERE name = 'EDGE_PROFILE1' RETURNING id",
      );
      const res = await put('ops_user', 'edge2c', { profileId: Number(p.id), profile: undefined });
      expect(res.statusCode, res.body).toBe(200);
      const all = (await t.call('ops_user', 'GET', '/api/1.5/servers')).json().response as Array<{
        hostName: string;
        updPending: boolean;
      }>;
      expect(all.filter((s) => s.updPending).map((s) => s.hostName)).toEqual(['edge2c']);
      await t.sql('UPDATE servers SET upd_pending = 0, upd_pending_since = NULL');
    });

    it('moving an assigned EDGE to another cache group queues it and the MIDs above its old and new group', async () => {
      const [edgeLoc] = await t.sql("SELECT id FROM types WHERE name = 'EDGE_LOC'");
      const lone = await t.call('ops_user', 'POST', '/api/1.3/cachegroups', {
        name: 'edge-lone',
        shortName: 'lone',
        typeId: Number(edgeLoc.id),
      });
      expect(lone.statusCode, lone.body).toBe(200);
      const queued = async () =>
        (
          (await t.call('ops_user', 'GET', '/api/1.5/servers')).json().response as Array<{
            hostName: string;
            updPending: boolean;
          }>
        )
          .filter((s) => s.updPending)
          .map((s) => s.hostName);
      await t.sql('UPDATE servers SET upd_pending = 0, upd_pending_since = NULL');
      const away = await put('ops_user', 'edge2a', { cachegroupId: lone.json().response.id, cachegroup: undefined });
      expect(away.statusCode, away.body).toBe(200);
      // edge2a's parent.config loses its parents; mid-cg's MIDs carried its delivery services for it.
      expect(await queued()).toEqual(['edge2a', 'mid1', 'mid2']);
      await t.sql('UPDATE servers SET upd_pending = 0, upd_pending_since = NULL');
      const cg2 = (await t.store.cachegroups.list({ name: 'edge-cg2' }))[0].id;
      expect((await put('ops_user', 'edge2a', { cachegroupId: cg2, cachegroup: undefined })).statusCode).toBe(200);
      expect(await queued()).toEqual(['edge2a', 'mid1', 'mid2']);
      await t.sql('UPDATE servers SET upd_pending = 0, upd_pending_since = NULL');
    });

    it('tenancy: a server the caller does not see is not found; read-only gets 403', async () => {
      const other = await put('tenanta_user', 'edge2a', {});
      expect([other.statusCode, alert(other)]).toEqual([404, "the server doesn't exist, cannot update"]);
      expect((await put('ro_user', 'edge2a', {})).statusCode).toBe(403);
    });
  });
});
