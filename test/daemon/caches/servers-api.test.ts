import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERSIONS } from '../../../daemon/versions.js';
import { cachesApp, type CachesApp } from './helpers.js';

let t: CachesApp;
beforeAll(async () => {
  t = await cachesApp();
});
afterAll(async () => t?.close());

const hosts = (body: { response: { hostName: string }[] }) => body.response.map((s) => s.hostName);
const newServer = (fields: Record<string, unknown> = {}) => ({
  hostName: 'edge9',
  domainName: 'cdn1.example.test',
  ipAddress: '127.0.0.9',
  cachegroup: 'edge-cg1',
  cdnName: 'cdn1',
  profile: 'EDGE_PROFILE1',
  type: 'EDGE',
  status: 'REPORTED',
  ...fields,
});

describe('GET servers and servers/:id at every version', () => {
  it.each(VERSIONS)('%s: lists servers by host name, with the 1.1 fields and lastCheckIn', async (v) => {
    const res = await t.call('ro_user', 'GET', `/api/${v}/servers`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(hosts(body)).toEqual(['edge1a', 'edge1b', 'edge2a', 'edge2b', 'edge2c', 'mid1', 'mid2']);
    expect(body.response[0]).toMatchObject({
      hostName: 'edge1a',
      domainName: 'cdn1.example.test',
      fqdn: 'edge1a.cdn1.example.test',
      cachegroup: 'edge-cg1',
      cdnName: 'cdn1',
      type: 'EDGE',
      status: 'REPORTED',
      profile: 'EDGE_PROFILE1',
      tcpPort: 80,
      updPending: false,
      revalPending: false,
      lastCheckIn: null,
      isAvailable: null,
      lastUpdated: '2026-11-21 12:00:00+00',
    });
    const json = await t.call('ro_user', 'GET', `/api/${v}/servers.json?type=MID`);
    expect(hosts(json.json())).toEqual(['mid1', 'mid2']);
  });

  it('filters by cachegroup, cdn, hostName, status, type and dsId; a bad integer is a 400', async () => {
    const cg = (await t.store.cachegroups.list({ name: 'edge-cg2' }))[0].id;
    const cdn = (await t.store.cdns.byName('cdn1'))!.id;
    const ds3 = (await t.store.deliveryServices.byXmlId('ds3'))!.id;
    const get = async (q: string) => hosts((await t.call('ro_user', 'GET', `/api/1.3/servers?${q}`)).json());
    expect(await get(`cachegroup=${cg}`)).toEqual(['edge2a', 'edge2b', 'edge2c']);
    expect(await get(`cdn=${cdn}&status=ONLINE`)).toEqual(['edge1b', 'mid2']);
    expect(await get('hostName=mid1')).toEqual(['mid1']);
    expect(await get(`dsId=${ds3}&type=EDGE`)).toEqual(['edge2a', 'edge2b']);
    const bad = await t.call('ro_user', 'GET', '/api/1.3/servers?cachegroup=x&dsId=y');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().alerts).toEqual([
      { level: 'error', text: 'cachegroup cannot parse to integer, dsId cannot parse to integer' },
    ]);
  });

  it.each(VERSIONS)('%s: servers/:id answers an array with the deprecation warning', async (v) => {
    const res = await t.call('ro_user', 'GET', `/api/${v}/servers/${await t.id('mid1')}`);
    expect(res.json().alerts).toEqual([
      {
        level: 'warning',
        text: 'This endpoint is deprecated, please use GET /servers with query parameter id instead',
      },
    ]);
    expect(hosts(res.json())).toEqual(['mid1']);
    expect((await t.call('ro_user', 'GET', `/api/${v}/servers/99999`)).json().response).toEqual([]);
  });

  it.each(VERSIONS)('%s: servers/status counts servers per status', async (v) => {
    const res = await t.call('ro_user', 'GET', `/api/${v}/servers/status`);
    expect(res.json().response).toEqual({ ONLINE: 2, OFFLINE: 1, REPORTED: 3, ADMIN_DOWN: 0, PRE_PROD: 1, total: 7 });
  });
});

describe('POST, PUT, DELETE servers at every version', () => {
  it.each(VERSIONS)('%s: creates, updates and deletes a server (operations)', async (v) => {
    const host = `edge9-${v.replace('.', '')}`;
    const created = await t.call('ops_user', 'POST', `/api/${v}/servers`, newServer({ hostName: host }));
    expect(created.statusCode).toBe(200);
    expect(created.json().alerts).toEqual([{ level: 'success', text: 'server was created.' }]);
    const id = created.json().response.id as number;
    expect(created.json().response).toMatchObject({
      hostName: host,
      cachegroup: 'edge-cg1',
      status: 'REPORTED',
      type: 'EDGE',
    });
    const cg = (await t.store.cachegroups.list({ name: 'edge-cg2' }))[0].id;
    const updated = await t.call(
      'ops_user',
      'PUT',
      `/api/${v}/servers/${id}`,
      newServer({ hostName: host, cachegroup: undefined, cachegroupId: cg, tcpPort: 8080 }),
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json().response).toMatchObject({ cachegroup: 'edge-cg2', tcpPort: 8080 });
    const deleted = await t.call('ops_user', 'DELETE', `/api/${v}/servers/${id}`);
    expect(deleted.json().alerts).toEqual([{ level: 'success', text: 'server was deleted.' }]);
    expect((await t.call('ops_user', 'DELETE', `/api/${v}/servers/${id}`)).statusCode).toBe(404);
  });

  it('reports every problem of a body together, and refuses unknown references and taken host names', async () => {
    const bad = await t.call('ops_user', 'POST', '/api/1.3/servers', {
      hostName: 'a.b',
      tcpPort: 0,
      status: 'OFFLINE',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().alerts[0].text).toBe(
      "'hostName' must be a host name without dots, 'domainName' cannot be blank, 'offlineReason' is required for ADMIN_DOWN or OFFLINE status, " +
        "'ipAddress' or ip6Address is required, 'cachegroupId' is required (or 'cachegroup'), 'cdnId' is required (or 'cdnName'), " +
        "'profileId' is required (or 'profile'), 'typeId' is required (or 'type'), 'tcpPort' must be a valid integer between 1 and 65535",
    );
    const unknown = await t.call('ops_user', 'POST', '/api/1.3/servers', newServer({ cachegroup: 'nowhere' }));
    expect([unknown.statusCode, unknown.json().alerts[0].text]).toEqual([404, 'cachegroup not found']);
    const wrongType = await t.call('ops_user', 'POST', '/api/1.3/servers', newServer({ type: 'EDGE_LOC' }));
    expect([wrongType.statusCode, wrongType.json().alerts[0].text]).toEqual([400, 'type is not a valid server type']);
    const taken = await t.call('ops_user', 'POST', '/api/1.3/servers', newServer({ hostName: 'mid1' }));
    expect([taken.statusCode, taken.json().alerts[0].text]).toEqual([
      400,
      "server with hostName 'mid1' already exists.",
    ]);
  });

  it('refuses to delete the last serving cache of an active delivery service (409), changing nothing', async () => {
    const id = await t.id('edge2a');
    const ds3 = (await t.store.deliveryServices.byXmlId('ds3'))!.id;
    const res = await t.call('ops_user', 'DELETE', `/api/1.3/servers/${id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().alerts[0].text).toBe(
      `deleting server #${id} would leave Active Delivery Service #${ds3}  with no 'ONLINE' or 'REPORTED' servers`,
    );
    expect(await t.store.servers.byId(id, null)).not.toBeNull();
  });

  it('needs operations for writes: read-only gets 403', async () => {
    expect((await t.call('ro_user', 'POST', '/api/1.3/servers', newServer())).statusCode).toBe(403);
  });
});

describe('cache groups and delivery-service assignments at every version', () => {
  it.each(VERSIONS)('%s: GET cachegroups lists them with their parents', async (v) => {
    const res = await t.call('ro_user', 'GET', `/api/${v}/cachegroups`);
    const edge = (res.json().response as { name: string }[]).find((c) => c.name === 'edge-cg1');
    expect(edge).toMatchObject({
      shortName: 'edge1',
      typeName: 'EDGE_LOC',
      parentCachegroupName: 'mid-cg',
      latitude: 41,
      longitude: -87,
    });
  });

  it.each(VERSIONS)('%s: GET deliveryservices/:id/servers and servers/:id/deliveryservices', async (v) => {
    const ds1 = (await t.store.deliveryServices.byXmlId('ds1'))!.id;
    expect(hosts((await t.call('ro_user', 'GET', `/api/${v}/deliveryservices/${ds1}/servers`)).json())).toEqual([
      'edge1a',
      'edge1b',
    ]);
    const ofEdge = await t.call('ro_user', 'GET', `/api/${v}/servers/${await t.id('edge1a')}/deliveryservices`);
    expect(ofEdge.json().response.map((d: { xmlId: string }) => d.xmlId)).toEqual(['ds1', 'ds2']);
    // A MID serves every delivery service of its CDN.
    const ofMid = await t.call('ro_user', 'GET', `/api/${v}/servers/${await t.id('mid1')}/deliveryservices`);
    expect(ofMid.json().response.map((d: { xmlId: string }) => d.xmlId)).toEqual(['ds1', 'ds2', 'ds3']);
  });

  it.each(VERSIONS)(
    '%s: POST deliveryservices/:xmlId/servers adds EDGEs of its CDN to the assignments (Traffic Ops: no replace)',
    async (v) => {
      const res = await t.call('ops_user', 'POST', `/api/${v}/deliveryservices/ds3/servers`, {
        serverNames: ['edge2c'],
      });
      expect(res.json()).toEqual({ response: { serverNames: ['edge2c'], xmlId: 'ds3' } });
      const ds3 = (await t.store.deliveryServices.byXmlId('ds3'))!.id;
      expect(hosts((await t.call('ro_user', 'GET', `/api/${v}/deliveryservices/${ds3}/servers`)).json())).toEqual([
        'edge2a',
        'edge2b',
        'edge2c',
      ]);
      const mid = await t.call('ops_user', 'POST', `/api/${v}/deliveryservices/ds3/servers`, {
        serverNames: ['mid1', 'nope'],
      });
      expect(mid.statusCode).toBe(400);
      expect(mid.json().alerts[0].text).toBe(
        "server 'mid1' is a MID: only EDGE servers are assigned (a MID serves its whole CDN)",
      );
      const nope = await t.call('ops_user', 'POST', `/api/${v}/deliveryservices/ds3/servers`, {
        serverNames: ['edge2a', 'nope'],
      });
      expect([nope.statusCode, nope.json().alerts[0].text]).toEqual([404, 'servers not found']);
      await t.store.servers.linkServers(ds3, [await t.id('edge2a'), await t.id('edge2b')], true, 0);
    },
  );
});
