import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importSnapshot } from '../../daemon/services/snapshot/import.js';
import { ADMIN_PASSWORD, login, makeApp, type TestApp } from '../helpers/app.js';
import { goldenSnapshotHashed } from './snapshot/helpers.js';

let t: TestApp;
let admin: string;
let tenantA: string;
beforeAll(async () => {
  t = await makeApp();
  await importSnapshot(t.db, await goldenSnapshotHashed(), { now: t.clock.now() });
  admin = await login(t.app, 'admin', ADMIN_PASSWORD);
  tenantA = await login(t.app, 'tenanta_user', '0psUserPassw0rd');
});
afterAll(async () => {
  await t.close();
});

const get = async (url: string, cookie?: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  return { status: res.statusCode, body: res.json() as { response: Array<Record<string, unknown>>; alerts?: unknown } };
};
const xmlIds = (body: { response: Array<Record<string, unknown>> }) => body.response.map((d) => d.xmlId);

describe('GET deliveryservices', () => {
  it.each(['1.1', '1.2', '1.3'])(
    "answers at %s in Traffic Ops' shape (V12, V13 at 1.3): ids and numbers as numbers, booleans",
    async (v) => {
      const { status, body } = await get(`/api/${v}/deliveryservices`, admin);
      expect(status).toBe(200);
      expect(xmlIds(body)).toEqual(['ds1', 'ds2', 'ds3']);
      const ds1 = body.response[0];
      expect(ds1).toMatchObject({
        xmlId: 'ds1',
        displayName: 'DS One',
        active: true,
        cdnName: 'cdn1',
        tenantId: 1,
        type: 'HTTP',
        protocol: 0,
        routingName: 'cdn',
        dscp: 0,
        missLat: 41,
        signed: false,
        logsEnabled: false,
        orgServerFqdn: 'http://ds1-origin.example.test',
        geoLimitRedirectURL: null,
        cacheurl: null,
        matchList: [{ type: 'HOST_REGEXP', setNumber: 0, pattern: '.*\\.ds1\\..*' }],
        exampleURLs: ['http://cdn.ds1.cdn1.example.test'],
      });
      if (v === '1.3') expect(ds1).toMatchObject({ tenant: 'root', deepCachingType: 'NEVER' });
      else expect(ds1).not.toHaveProperty('tenant');
      for (const key of ['id', 'cdnId', 'typeId']) expect(ds1[key]).toEqual(expect.any(Number));
      expect(ds1.lastUpdated).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\+00$/);
    },
  );

  it('shows a tenant-a user only the delivery services of tenant-a', async () => {
    expect(xmlIds((await get('/api/1.2/deliveryservices', tenantA)).body)).toEqual(['ds2']);
  });

  it('answers an empty list for an invisible delivery service by id, as for a missing one', async () => {
    const ds1 = (await get('/api/1.2/deliveryservices?xmlId=ds1', admin)).body.response[0];
    expect((await get(`/api/1.2/deliveryservices/${ds1.id}`, admin)).body.response).toHaveLength(1);
    expect((await get(`/api/1.2/deliveryservices/${ds1.id}`, tenantA)).body).toEqual({ response: [] });
    expect((await get('/api/1.2/deliveryservices/99999', admin)).body).toEqual({ response: [] });
  });

  it('filters by xmlId and by CDN name or id', async () => {
    expect(xmlIds((await get('/api/1.3/deliveryservices?xmlId=ds3', admin)).body)).toEqual(['ds3']);
    expect(xmlIds((await get('/api/1.3/deliveryservices?cdn=cdn1', admin)).body)).toEqual(['ds1', 'ds2', 'ds3']);
    const cdnId = (await get('/api/1.3/deliveryservices?xmlId=ds1', admin)).body.response[0].cdnId;
    expect(xmlIds((await get(`/api/1.3/deliveryservices?cdn=${cdnId}`, admin)).body)).toHaveLength(3);
    expect(xmlIds((await get('/api/1.3/deliveryservices?cdn=ALL', admin)).body)).toEqual([]);
  });

  it('rejects a non-integer id with 400 and an unauthenticated request with 401', async () => {
    const bad = await get('/api/1.2/deliveryservices/abc', admin);
    expect(bad.status).toBe(400);
    expect(bad.body.alerts).toEqual([{ level: 'error', text: 'id cannot parse to integer' }]);
    expect((await get('/api/1.2/deliveryservices')).status).toBe(401);
  });
});

describe('GET cdns, tenants, roles, federations', () => {
  it('lists the CDNs with int ids and boolean dnssecEnabled, filtered by name', async () => {
    const { body } = await get('/api/1.1/cdns', admin);
    expect(body.response.map((c) => c.name)).toEqual(['ALL', 'cdn1']);
    expect(body.response[1]).toMatchObject({
      name: 'cdn1',
      domainName: 'cdn1.example.test',
      dnssecEnabled: false,
      id: expect.any(Number),
    });
    expect((await get('/api/1.1/cdns?name=cdn1', admin)).body.response).toHaveLength(1);
  });

  it('lists only the tenants the caller may see', async () => {
    expect((await get('/api/1.2/tenants', admin)).body.response.map((x) => x.name)).toEqual(['root', 'tenant-a']);
    const mine = (await get('/api/1.2/tenants', tenantA)).body.response;
    expect(mine).toEqual([
      {
        id: expect.any(Number),
        name: 'tenant-a',
        active: true,
        parentId: 1,
        parentName: 'root',
        lastUpdated: expect.any(String),
      },
    ]);
  });

  it('lists the seeded roles with their privilege levels', async () => {
    const { body } = await get('/api/1.3/roles', tenantA);
    expect(body.response.map((r) => [r.name, r.privLevel])).toEqual([
      ['admin', 30],
      ['operations', 20],
      ['read-only', 10],
      ['disallowed', 0],
      ['portal', 15],
      ['federation', 15],
      ['ort', 11],
    ]);
  });

  it('lists federations with their delivery services, hiding those of invisible delivery services', async () => {
    const { body } = await get('/api/1.2/federations/catalog', admin);
    expect(body.response).toEqual([
      {
        id: expect.any(Number),
        cname: 'fed1.example.test.',
        ttl: 60,
        description: 'federation one',
        cdnName: 'cdn1',
        lastUpdated: expect.any(String),
        deliveryServices: ['ds1'],
      },
    ]);
    expect((await get('/api/1.2/federations/catalog', tenantA)).body.response).toEqual([]);
    expect((await get('/api/1.2/federations/catalog?cname=nope.', admin)).body.response).toEqual([]);
  });

  it.each(['cdns', 'tenants', 'roles', 'federations'])('GET %s needs a session', async (what) => {
    expect((await get(`/api/1.2/${what}`)).status).toBe(401);
  });
});
