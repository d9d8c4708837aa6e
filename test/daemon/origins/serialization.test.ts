import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOriginsSchema } from '../../../daemon/services/origins/schemas.js';
import { makeApp, type TestApp } from '../../helpers/app.js';
import { call } from './client.js';
import { loadFixtures, loginAll, type Fixture, type UserKey } from './fixtures.js';

// The origins list is serialized with JSON.stringify (largeLists); the schema's own serializer is the reference.
const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
const fastJsonStringify = fromFastify('fast-json-stringify') as (schema: unknown) => (data: unknown) => string;
const bySchema = fastJsonStringify(listOriginsSchema.response[200]);

let t: TestApp;
let f: Fixture;
let cookies: Record<UserKey, string>;

beforeAll(async () => {
  t = await makeApp();
  f = await loadFixtures(t.db, t.clock.now());
  cookies = await loginAll(t.app);
  // One origin with every optional field set, beside the fixture's sparse ones.
  const full = await call(t.app, 'POST', '/api/1.3/origins', cookies.admin, {
    name: 'full',
    fqdn: 'full.example.test',
    protocol: 'https',
    deliveryServiceId: f.ds1,
    port: 8443,
    ipAddress: '192.0.2.10',
    ip6Address: '2001:db8::10',
    tenantId: f.rootTenant,
    cachegroupId: f.cg1,
    coordinateId: f.coord1,
    profileId: f.orgProfile,
  });
  expect(full.status, full.raw).toBe(200);
});
afterAll(() => t.close());

describe('GET origins answers exactly what its response schema describes', () => {
  it.each([
    ['every origin', () => '/api/1.3/origins'],
    ['with a warning alert', () => '/api/1.3/origins?orderby=nonsense'],
    ['a filtered page', () => `/api/1.3/origins?deliveryservice=${f.ds1}&limit=1`],
  ])('%s', async (_what, urlOf) => {
    const url = urlOf();
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie: cookies.admin } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = JSON.parse(res.body);
    expect(body.response.length).toBeGreaterThan(0);
    if (url.includes('nonsense')) expect(body.alerts[0].level).toBe('warning');
    if (url === '/api/1.3/origins')
      expect(body.response.find((o: { name: string }) => o.name === 'full')).toMatchObject({
        port: 8443,
        cachegroupId: f.cg1,
      });
    // Same keys, values and types as the schema's serializer gives for the same data.
    expect(JSON.parse(bySchema(body))).toEqual(body);
  });
});

describe("GET origins' records rendered by SQLite", () => {
  it('are, byte for byte, the records originRecord makes, under every order and with tenancy', async () => {
    const { originRecord } = await import('../../../daemon/format/origins.js');
    const tenants = [f.rootTenant, f.tenantA];
    for (const orderBy of ['name', 'id', 'deliveryservice'] as const) {
      for (const visibleTenantIds of [null, tenants, [f.tenantA]]) {
        const query = { filters: {}, orderBy, descending: orderBy === 'id', limit: -1, offset: 0, visibleTenantIds };
        const expected = JSON.stringify((await t.store.origins.list(query)).map(originRecord));
        expect((await t.store.origins.listJson(query)).toString()).toBe(`[${expected.slice(1, -1)}]`);
        expect((await t.store.origins.listJson(query, '{"response":', '}')).toString()).toBe(
          `{"response":${expected}}`,
        );
      }
    }
  });
});
