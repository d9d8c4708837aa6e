import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OriginRecord } from '../../../shared/contract/origins.js';
import type { TestApp } from '../../helpers/app.js';
import { call, expectRefused, type Answer } from './client.js';
import { fixtureApp, type Fixture, type UserKey } from './fixtures.js';

let t: TestApp;
let f: Fixture;
let cookies: Record<UserKey, string>;
beforeAll(async () => {
  ({ t, f, cookies } = await fixtureApp());
});
afterAll(() => t.close());

const post = (body: unknown, who: UserKey = 'admin', version = '1.3') =>
  call<OriginRecord>(t.app, 'POST', `/api/${version}/origins`, cookies[who], body);
const minimal = (name: string, change: Record<string, unknown> = {}) => ({
  name,
  fqdn: `${name}.example.test`,
  protocol: 'http',
  deliveryServiceId: f.ds1,
  ...change,
});

/** Sends a request that must be refused with `status` and `text`, and checks no origin changed. */
const refused = (send: () => Promise<Answer>, status: number, text: string) =>
  expectRefused(t.db, 'origins', send, status, text);

describe('POST origins', () => {
  it('answers 404 at 1.1 and 1.2 and stores nothing', async () => {
    for (const v of ['1.1', '1.2']) {
      await refused(
        () => post(minimal('old'), 'admin', v),
        404,
        `The requested path '/api/${v}/origins' does not exist.`,
      );
    }
  });

  it('creates an origin and answers the stored record with its joined names', async () => {
    t.clock.set(Date.parse('2026-11-21T12:08:09Z'));
    const res = await post({
      name: 'full-create',
      fqdn: 'full-create.example.test',
      protocol: 'HTTPS',
      port: 8443,
      ipAddress: '192.0.2.20',
      ip6Address: '2001:db8::20',
      deliveryServiceId: f.ds2,
      cachegroupId: f.cg1,
      coordinateId: f.coord1,
      profileId: f.orgProfile,
      tenantId: f.tenantA,
    });
    expect(res.status).toBe(200);
    expect(res.body.alerts).toEqual([{ text: 'origin was created.', level: 'success' }]);
    const id = res.body.response.id;
    expect(res.body.response).toEqual({
      cachegroup: 'org-cg1',
      cachegroupId: f.cg1,
      coordinate: 'coord1',
      coordinateId: f.coord1,
      deliveryService: 'ds2',
      deliveryServiceId: f.ds2,
      fqdn: 'full-create.example.test',
      id,
      ip6Address: '2001:db8::20',
      ipAddress: '192.0.2.20',
      isPrimary: false,
      lastUpdated: '2026-11-21 12:08:09+00',
      name: 'full-create',
      port: 8443,
      profile: 'ORG_PROFILE1',
      profileId: f.orgProfile,
      protocol: 'https',
      tenant: 'tenant-a',
      tenantId: f.tenantA,
    });
    const list = await call(t.app, 'GET', `/api/1.3/origins?id=${id}`, cookies.admin);
    expect(list.body.response).toEqual([res.body.response]);
  });

  it("gives an origin without tenantId its delivery service's tenant", async () => {
    const res = await post(minimal('no-tenant', { deliveryServiceId: f.ds2 }));
    expect(res.status).toBe(200);
    expect(res.body.response).toMatchObject({ tenant: 'tenant-a', tenantId: f.tenantA, cachegroup: null, port: null });
  });

  it('never makes a primary origin and ignores the read-only keys of a record sent back', async () => {
    const res = await post(
      minimal('not-primary', { isPrimary: true, deliveryService: 'ds3', tenant: 'x', lastUpdated: 'y', id: 1 }),
    );
    expect(res.status).toBe(200);
    expect(res.body.response).toMatchObject({ isPrimary: false, deliveryService: 'ds1', tenant: 'root' });
    expect(res.body.response.id).not.toBe(1);
  });

  it('lets operations users create, but not read-only or portal users, and not without a session', async () => {
    expect((await post(minimal('by-ops'), 'ops')).status).toBe(200);
    for (const who of ['ro', 'portal'] as UserKey[])
      await refused(() => post(minimal(`by-${who}`), who), 403, 'Forbidden.');
    await refused(
      () => call(t.app, 'POST', '/api/1.3/origins', undefined, minimal('anon')),
      401,
      'Unauthorized, please log in.',
    );
  });

  it('lets a tenant-a user create on its own delivery service only', async () => {
    const res = await post(minimal('by-tenanta', { deliveryServiceId: f.ds2 }), 'tenanta');
    expect(res.status).toBe(200);
    expect(res.body.response.tenant).toBe('tenant-a');
    await refused(() => post(minimal('tenanta-on-ds1'), 'tenanta'), 403, 'not authorized on this tenant');
    await refused(
      () => post(minimal('tenanta-root-tenant', { deliveryServiceId: f.ds2, tenantId: f.rootTenant }), 'tenanta'),
      403,
      'not authorized on this tenant',
    );
  });

  it.each([
    ['no deliveryServiceId', { deliveryServiceId: undefined }, "'deliveryServiceId' is required"],
    ['an empty fqdn', { fqdn: '' }, "'fqdn' cannot be blank"],
    ['an IP as fqdn', { fqdn: '192.0.2.1' }, "'fqdn' must be a valid DNS name"],
    ['a URL as fqdn', { fqdn: 'http://x.example.test' }, "'fqdn' must be a valid DNS name"],
    ['a blank name', { name: ' ' }, "'name' cannot be blank"],
    ['a name with spaces', { name: 'my origin' }, "'name' cannot contain spaces"],
    ['no protocol', { protocol: null }, "'protocol' cannot be blank"],
    ['protocol ftp', { protocol: 'ftp' }, "'protocol' must be http or https"],
    ['port 0', { port: 0 }, "'port' must be a valid integer between 1 and 65535"],
    ['port 70000', { port: 70000 }, "'port' must be a valid integer between 1 and 65535"],
    ['a bad IPv4', { ipAddress: '192.0.2.300' }, "'ipAddress' must be a valid IPv4 address"],
    ['a bad IPv6', { ip6Address: '2001:db8::zz' }, "'ip6Address' must be a valid IPv6 address"],
    ['deliveryServiceId 0', { deliveryServiceId: 0 }, "'deliveryServiceId' must be no less than 1"],
    ['cachegroupId 0', { cachegroupId: 0 }, "'cachegroupId' must be no less than 1"],
    ['coordinateId 0', { coordinateId: 0 }, "'coordinateId' must be no less than 1"],
    ['profileId -1', { profileId: -1 }, "'profileId' must be no less than 1"],
    ['tenantId 0', { tenantId: 0 }, "'tenantId' must be no less than 1"],
    [
      'several faults',
      { fqdn: '', name: 'a b', port: 0 },
      "'fqdn' cannot be blank, 'name' cannot contain spaces, 'port' must be a valid integer between 1 and 65535",
    ],
    ['a string port', { port: '80' }, "'port' must be an integer or a null"],
    ['a string deliveryServiceId', { deliveryServiceId: '1' }, "'deliveryServiceId' must be an integer or a null"],
  ])('answers 400 for %s and stores nothing', async (_name, change, text) => {
    await refused(() => post(minimal('bad-one', change)), 400, text);
  });

  it('answers 400 for a missing body, a JSON array and malformed JSON, storing nothing', async () => {
    await refused(
      () => post(undefined),
      400,
      "'deliveryServiceId' is required, 'fqdn' cannot be blank, 'name' cannot be blank, 'protocol' cannot be blank",
    );
    await refused(() => post([minimal('in-array')]), 400, 'the request body must be an object or a null');
    const res = await post('{"name": ');
    expect(res.status).toBe(400);
    expect(res.body.alerts?.[0].text).toMatch(/^malformed JSON in request body: /);
  });

  it.each([
    ['an unknown delivery service', { deliveryServiceId: 9999 }, 400, 'delivery service not found'],
    ['an unknown cache group', { cachegroupId: 9999 }, 404, 'cachegroup not found'],
    ['an unknown coordinate', { coordinateId: 9999 }, 404, 'coordinate not found'],
    ['an unknown profile', { profileId: 9999 }, 404, 'profile not found'],
    ['an unknown tenant', { tenantId: 9999 }, 404, 'tenant not found'],
  ])('refuses %s and stores nothing', async (_name, change, status, text) => {
    await refused(() => post(minimal('bad-ref', change)), status, text);
  });

  it('refuses a name another origin has', async () => {
    await refused(() => post(minimal('ds1')), 400, "origin name 'ds1' already exists.");
  });
});
