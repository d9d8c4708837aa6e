import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OriginRecord } from '../../../shared/contract/origins.js';
import type { TestApp } from '../../helpers/app.js';
import { call, expectRefused, type Answer } from './client.js';
import { fixtureApp, type Fixture, type UserKey } from './fixtures.js';

let t: TestApp;
let f: Fixture;
let cookies: Record<UserKey, string>;
let extra: number;
let tenantAOrigin: number;
beforeAll(async () => {
  ({ t, f, cookies } = await fixtureApp());
  const insert = t.db.prepare(
    "INSERT INTO origins (name, fqdn, protocol, deliveryservice_id, tenant_id, last_updated) VALUES (?, ?, 'http', ?, ?, 0)",
  );
  extra = Number(insert.run('extra', 'extra.example.test', f.ds1, f.rootTenant).lastInsertRowid);
  tenantAOrigin = Number(insert.run('a-extra', 'a-extra.example.test', f.ds2, f.tenantA).lastInsertRowid);
});
afterAll(() => t.close());

const put = (query: string, body: unknown, who: UserKey = 'admin', version = '1.3') =>
  call<OriginRecord>(t.app, 'PUT', `/api/${version}/origins${query}`, cookies[who], body);
const body = (name: string, change: Record<string, unknown> = {}) => ({
  name,
  fqdn: `${name}.example.test`,
  protocol: 'http',
  deliveryServiceId: f.ds1,
  ...change,
});

const refused = (send: () => Promise<Answer>, status: number, text: string) =>
  expectRefused(t.db, 'origins', send, status, text);

describe('PUT origins?id=', () => {
  it('answers 404 at 1.1 and 1.2 and changes nothing', async () => {
    for (const v of ['1.1', '1.2']) {
      await refused(
        () => put(`?id=${extra}`, body('extra'), 'admin', v),
        404,
        `The requested path '/api/${v}/origins' does not exist.`,
      );
    }
  });

  it('replaces the writable fields and answers the stored record', async () => {
    t.clock.set(Date.parse('2026-11-21T12:30:00Z'));
    const res = await put(
      `?id=${extra}`,
      body('extra', {
        fqdn: 'moved.example.test',
        protocol: 'https',
        port: 443,
        cachegroupId: f.cg1,
        profileId: f.orgProfile,
        deliveryServiceId: f.ds3,
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.alerts).toEqual([{ text: 'origin was updated.', level: 'success' }]);
    expect(res.body.response).toEqual({
      cachegroup: 'org-cg1',
      cachegroupId: f.cg1,
      coordinate: null,
      coordinateId: null,
      deliveryService: 'ds3',
      deliveryServiceId: f.ds3,
      fqdn: 'moved.example.test',
      id: extra,
      ip6Address: null,
      ipAddress: null,
      isPrimary: false,
      lastUpdated: '2026-11-21 12:30:00+00',
      name: 'extra',
      port: 443,
      profile: 'ORG_PROFILE1',
      profileId: f.orgProfile,
      protocol: 'https',
      tenant: 'root',
      tenantId: f.rootTenant,
    });
  });

  it('takes the id from the query, not from the body', async () => {
    const res = await put(`?id=${extra}`, body('extra', { id: f.primary.ds1, fqdn: 'query-wins.example.test' }));
    expect(res.status).toBe(200);
    expect(res.body.response).toMatchObject({ id: extra, fqdn: 'query-wins.example.test' });
    const primary = await call<OriginRecord[]>(t.app, 'GET', `/api/1.3/origins?id=${f.primary.ds1}`, cookies.admin);
    expect(primary.body.response[0].fqdn).toBe('ds1-origin.example.test');
  });

  it('updates a primary origin in place, which stays primary whatever isPrimary says', async () => {
    const res = await put(
      `?id=${f.primary.ds3}`,
      body('ds3', { deliveryServiceId: f.ds3, fqdn: 'new-ds3.example.test', isPrimary: false }),
    );
    expect(res.status).toBe(200);
    expect(res.body.response).toMatchObject({ isPrimary: true, fqdn: 'new-ds3.example.test', deliveryService: 'ds3' });
  });

  it('does not make an origin primary through isPrimary', async () => {
    const res = await put(`?id=${extra}`, body('extra', { isPrimary: true }));
    expect(res.status).toBe(200);
    expect(res.body.response.isPrimary).toBe(false);
  });

  it('refuses to move a primary origin to another delivery service', async () => {
    await refused(
      () => put(`?id=${f.primary.ds1}`, body('ds1', { deliveryServiceId: f.ds3 })),
      400,
      'cannot update the delivery service of a primary origin',
    );
  });

  it.each([
    ['', 400, 'missing key: id'],
    ['?id=', 400, 'failed to parse key: id'],
    ['?id=abc', 400, 'failed to parse key: id'],
    ['?id=1.5', 400, 'failed to parse key: id'],
    ['?id=99999', 404, 'origin not found'],
  ])('answers PUT origins%s with %i %s', async (query, status, text) => {
    await refused(() => put(query, body('extra')), status, text);
  });

  it('validates the body as POST does, reporting every fault', async () => {
    await refused(
      () =>
        put(`?id=${extra}`, {
          deliveryServiceId: f.ds1,
          name: 'extra',
          fqdn: '::1',
          protocol: 'gopher',
          ip6Address: '1.2.3.4',
        }),
      400,
      "'fqdn' must be a valid DNS name, 'protocol' must be http or https, 'ip6Address' must be a valid IPv6 address",
    );
    await refused(
      () => put(`?id=${extra}`, undefined),
      400,
      "'deliveryServiceId' is required, 'fqdn' cannot be blank, 'name' cannot be blank, 'protocol' cannot be blank",
    );
  });

  it.each([
    ['an unknown delivery service', { deliveryServiceId: 9999 }, 400, 'delivery service not found'],
    ['an unknown cache group', { cachegroupId: 9999 }, 404, 'cachegroup not found'],
    ['an unknown coordinate', { coordinateId: 9999 }, 404, 'coordinate not found'],
    ['an unknown profile', { profileId: 9999 }, 404, 'profile not found'],
    ['an unknown tenant', { tenantId: 9999 }, 404, 'tenant not found'],
  ])('refuses %s and changes nothing', async (_name, change, status, text) => {
    await refused(() => put(`?id=${extra}`, body('extra', change)), status, text);
  });

  it('refuses a name another origin has', async () => {
    await refused(() => put(`?id=${extra}`, body('ds2')), 400, "origin name 'ds2' already exists.");
  });

  it('lets operations users update, not read-only or portal users', async () => {
    expect((await put(`?id=${extra}`, body('extra'), 'ops')).status).toBe(200);
    for (const who of ['ro', 'portal'] as UserKey[])
      await refused(() => put(`?id=${extra}`, body('extra'), who), 403, 'Forbidden.');
  });

  it('keeps a tenant-a user to origins and delivery services of tenant-a', async () => {
    const own = await put(`?id=${tenantAOrigin}`, body('a-extra', { deliveryServiceId: f.ds2, port: 81 }), 'tenanta');
    expect(own.status).toBe(200);
    expect(own.body.response).toMatchObject({ port: 81, tenant: 'tenant-a' });
    await refused(
      () => put(`?id=${extra}`, body('extra', { deliveryServiceId: f.ds2 }), 'tenanta'),
      403,
      'not authorized on this tenant',
    );
    await refused(
      () => put(`?id=${tenantAOrigin}`, body('a-extra', { deliveryServiceId: f.ds1 }), 'tenanta'),
      403,
      'not authorized on this tenant',
    );
    await refused(
      () =>
        put(`?id=${tenantAOrigin}`, body('a-extra', { deliveryServiceId: f.ds2, tenantId: f.rootTenant }), 'tenanta'),
      403,
      'not authorized on this tenant',
    );
  });
});
