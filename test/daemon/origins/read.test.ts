import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OriginRecord } from '../../../shared/contract/origins.js';
import type { TestApp } from '../../helpers/app.js';
import { call, errorBody } from './client.js';
import { fixtureApp, type Fixture, type UserKey } from './fixtures.js';

let t: TestApp;
let f: Fixture;
let cookies: Record<UserKey, string>;

// One non-primary origin with every reference set, on ds2 (tenant-a), and one on ds1 (root).
function addOrigins(app: TestApp, fixture: Fixture) {
  app.db
    .prepare(
      `INSERT INTO origins (name, fqdn, protocol, port, ip_address, ip6_address, deliveryservice_id, cachegroup_id,
       coordinate_id, profile_id, tenant_id, last_updated) VALUES ('full', 'full.example.test', 'https', 8443,
       '192.0.2.10', '2001:db8::10', ?, ?, ?, ?, ?, ?)`,
    )
    .run(fixture.ds2, fixture.cg1, fixture.coord1, fixture.orgProfile, fixture.tenantA, app.clock.now());
  app.db
    .prepare(
      `INSERT INTO origins (name, fqdn, protocol, deliveryservice_id, tenant_id, last_updated)
     VALUES ('bare', 'bare.example.test', 'http', ?, NULL, ?)`,
    )
    .run(fixture.ds1, app.clock.now());
}

beforeAll(async () => {
  ({ t, f, cookies } = await fixtureApp({ prepare: addOrigins }));
});
afterAll(() => t.close());

const get = <T = unknown>(url: string, who: UserKey = 'admin') => call<T>(t.app, 'GET', url, cookies[who]);
const names = async (url: string, who: UserKey = 'admin') => {
  const res = await get(url, who);
  expect(res.status, res.raw).toBe(200);
  return (res.body.response as { name: string }[]).map((o) => o.name);
};

describe('GET origins: versions and shape', () => {
  it('answers 404 at 1.1 and 1.2, where origins do not exist', async () => {
    for (const v of ['1.1', '1.2']) {
      const res = await get(`/api/${v}/origins`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(errorBody(`The requested path '/api/${v}/origins' does not exist.`));
    }
  });

  it('answers every origin at 1.3 ordered by id, with the seed types and joined names', async () => {
    const res = await get<OriginRecord[]>('/api/1.3/origins');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['response']);
    expect(res.body.response.map((o: { name: string }) => o.name)).toEqual(['ds1', 'ds2', 'ds3', 'full', 'bare']);
    expect(res.body.response[3]).toEqual({
      cachegroup: 'org-cg1',
      cachegroupId: f.cg1,
      coordinate: 'coord1',
      coordinateId: f.coord1,
      deliveryService: 'ds2',
      deliveryServiceId: f.ds2,
      fqdn: 'full.example.test',
      id: expect.any(Number),
      ip6Address: '2001:db8::10',
      ipAddress: '192.0.2.10',
      isPrimary: false,
      lastUpdated: '2026-11-21 12:00:00+00',
      name: 'full',
      port: 8443,
      profile: 'ORG_PROFILE1',
      profileId: f.orgProfile,
      protocol: 'https',
      tenant: 'tenant-a',
      tenantId: f.tenantA,
    });
    expect(res.body.response[0]).toEqual({
      cachegroup: null,
      cachegroupId: null,
      coordinate: null,
      coordinateId: null,
      deliveryService: 'ds1',
      deliveryServiceId: f.ds1,
      fqdn: 'ds1-origin.example.test',
      id: f.primary.ds1,
      ip6Address: null,
      ipAddress: null,
      isPrimary: true,
      lastUpdated: '2026-11-21 12:00:00+00',
      name: 'ds1',
      port: null,
      profile: null,
      profileId: null,
      protocol: 'http',
      tenant: 'root',
      tenantId: f.rootTenant,
    });
  });

  it('answers as JSON at origins.json and with a trailing slash', async () => {
    for (const url of ['/api/1.3/origins.json', '/api/1.3/origins/']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: cookies.admin } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json().response).toHaveLength(5);
    }
  });

  it('answers 401 without a session', async () => {
    const res = await call(t.app, 'GET', '/api/1.3/origins');
    expect(res.status).toBe(401);
    expect(res.body).toEqual(errorBody('Unauthorized, please log in.'));
  });
});

describe('GET origins: filters', () => {
  it('filters by each key', async () => {
    expect(await names(`/api/1.3/origins?deliveryservice=${f.ds2}`)).toEqual(['ds2', 'full']);
    expect(await names(`/api/1.3/origins?cachegroup=${f.cg1}`)).toEqual(['full']);
    expect(await names(`/api/1.3/origins?coordinate=${f.coord1}`)).toEqual(['full']);
    expect(await names(`/api/1.3/origins?profileId=${f.orgProfile}`)).toEqual(['full']);
    expect(await names(`/api/1.3/origins?id=${f.primary.ds3}`)).toEqual(['ds3']);
    expect(await names('/api/1.3/origins?name=bare')).toEqual(['bare']);
    expect(await names('/api/1.3/origins?name=nothing')).toEqual([]);
    expect(await names('/api/1.3/origins?primary=true')).toEqual(['ds1', 'ds2', 'ds3']);
    expect(await names('/api/1.3/origins?primary=false')).toEqual(['full', 'bare']);
    expect(await names(`/api/1.3/origins?tenant=${f.tenantA}`)).toEqual(['ds2', 'full']);
  });

  it('combines filters', async () => {
    expect(await names(`/api/1.3/origins?deliveryservice=${f.ds2}&primary=false`)).toEqual(['full']);
    expect(await names(`/api/1.3/origins?deliveryservice=${f.ds1}&tenant=${f.tenantA}`)).toEqual([]);
  });

  it.each([
    ['id=abc', 'id cannot parse to integer'],
    ['deliveryservice=ds1', 'deliveryservice cannot parse to integer'],
    ['cachegroup=1.5', 'cachegroup cannot parse to integer'],
    ['coordinate=', 'coordinate cannot parse to integer'],
    ['profileId=x', 'profileId cannot parse to integer'],
    ['tenant=root', 'tenant cannot parse to integer'],
    ['primary=maybe', 'primary cannot parse to boolean'],
    ['id=a&primary=b', 'id cannot parse to integer, primary cannot parse to boolean'],
    ['limit=-5', 'limit parameter must be bigger than -1'],
    ['limit=2&offset=0', 'offset parameter must be a positive integer'],
    ['limit=2&page=0', 'page parameter must be a positive integer'],
    ['id=1&id=2', "'id' must be a string"],
  ])('answers 400 for ?%s', async (query, text) => {
    const res = await get(`/api/1.3/origins?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody(text));
  });
});

describe('GET origins: order and pages', () => {
  it('orders by a filter key in either direction, ties by id', async () => {
    expect(await names('/api/1.3/origins?orderby=name')).toEqual(['bare', 'ds1', 'ds2', 'ds3', 'full']);
    expect(await names('/api/1.3/origins?orderby=name&sortOrder=desc')).toEqual(['full', 'ds3', 'ds2', 'ds1', 'bare']);
    expect(await names('/api/1.3/origins?orderby=deliveryservice')).toEqual(['ds1', 'bare', 'ds2', 'full', 'ds3']);
    expect(await names('/api/1.3/origins?sortOrder=desc')).toEqual(['bare', 'full', 'ds3', 'ds2', 'ds1']);
  });

  it('pages with limit, offset and page', async () => {
    expect(await names('/api/1.3/origins?limit=2')).toEqual(['ds1', 'ds2']);
    expect(await names('/api/1.3/origins?limit=2&offset=1')).toEqual(['ds2', 'ds3']);
    expect(await names('/api/1.3/origins?limit=2&page=3')).toEqual(['bare']);
    expect(await names('/api/1.3/origins?limit=2&page=4')).toEqual([]);
    expect(await names('/api/1.3/origins?limit=0')).toEqual([]);
    expect(await names('/api/1.3/origins?limit=-1&offset=4')).toEqual(['bare']);
    expect(await names('/api/1.3/origins?orderby=name&limit=1&offset=1')).toEqual(['ds1']);
  });

  it('keeps the default order with warnings where Traffic Ops ignored a parameter', async () => {
    const res = await get<OriginRecord[]>('/api/1.3/origins?orderby=fqdn&sortOrder=up&offset=2');
    expect(res.status).toBe(200);
    expect(res.body.alerts).toEqual([
      {
        level: 'warning',
        text: "orderby 'fqdn' is not one of cachegroup, coordinate, deliveryservice, id, name, profileId, primary, tenant; ordered by id",
      },
      { level: 'warning', text: 'sortOrder must be asc or desc; ascending order used' },
      { level: 'warning', text: 'offset and page are ignored without limit' },
    ]);
    expect(res.body.response.map((o: { name: string }) => o.name)).toEqual(['ds1', 'ds2', 'ds3', 'full', 'bare']);
  });
});

describe('GET origins: roles and tenancy', () => {
  it.each(['admin', 'ops', 'ro', 'portal'] as UserKey[])('lets %s (root tenant) read every origin', async (who) => {
    expect(await names('/api/1.3/origins', who)).toEqual(['ds1', 'ds2', 'ds3', 'full', 'bare']);
  });

  it('shows a tenant-a user only the origins of tenant-a delivery services', async () => {
    expect(await names('/api/1.3/origins', 'tenanta')).toEqual(['ds2', 'full']);
    expect(await names(`/api/1.3/origins?deliveryservice=${f.ds1}`, 'tenanta')).toEqual([]);
    expect(await names(`/api/1.3/origins?id=${f.primary.ds1}`, 'tenanta')).toEqual([]);
  });

  it('hides from tenant-a an origin of a tenant-a delivery service that belongs to root', async () => {
    const id = Number(
      t.db
        .prepare(
          "INSERT INTO origins (name, fqdn, protocol, deliveryservice_id, tenant_id, last_updated) VALUES ('rootowned', 'r.example.test', 'http', ?, ?, 0)",
        )
        .run(f.ds2, f.rootTenant).lastInsertRowid,
    );
    try {
      expect(await names('/api/1.3/origins', 'tenanta')).toEqual(['ds2', 'full']);
      expect(await names(`/api/1.3/origins?id=${id}`, 'admin')).toEqual(['rootowned']);
    } finally {
      t.db.prepare('DELETE FROM origins WHERE id = ?').run(id);
    }
  });

  it('shows nothing to a user whose tenant is inactive', async () => {
    t.db.prepare('UPDATE tenants SET active = 0 WHERE id = ?').run(f.tenantA);
    try {
      expect(await names('/api/1.3/origins', 'tenanta')).toEqual([]);
    } finally {
      t.db.prepare('UPDATE tenants SET active = 1 WHERE id = ?').run(f.tenantA);
    }
  });
});
