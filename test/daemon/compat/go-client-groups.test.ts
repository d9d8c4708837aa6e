import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GoSession, expectGoOk, listenLocal } from '../../helpers/go-session.js';
import { GO, expectShape, type Shape } from '../../helpers/go-types.js';
import { PASSWORDS, goldenApp, type GoldenApp } from '../security/fixture.js';

/**
 * The Traffic Ops 1.x Go client's CDN and cache-group calls (issue 30), over real HTTP at the versions it pins
 * (`/api/1.3/cdns…`, `/api/1.3/cachegroups…`, `/api/1.5` for the rest): each answer carries the JSON types its
 * structs decode (tc.CDNNullable, tc.CacheGroupNullable, tc.CacheGroupPostDSRespResponse).
 */

const CACHE_GROUP: Shape = {
  id: 'number',
  name: 'string',
  shortName: 'string',
  latitude: 'number|null',
  longitude: 'number|null',
  parentCachegroupName: 'string|null',
  parentCachegroupId: 'number|null',
  secondaryParentCachegroupName: 'string|null',
  secondaryParentCachegroupId: 'number|null',
  fallbackToClosest: 'boolean',
  localizationMethods: 'array',
  typeName: 'string',
  typeId: 'number',
  lastUpdated: 'string',
  fallbacks: 'array',
};

let t: GoldenApp;
let base = '';
const go = new GoSession(() => base);

beforeAll(async () => {
  t = await goldenApp();
  base = await listenLocal(t.app);
  await go.login('ops_user', PASSWORDS.ops_user);
}, 180_000);
afterAll(async () => t?.close());

/** A call that must pass ErrUnlessOK; its body. */
async function call(method: string, path: string, body?: unknown) {
  return expectGoOk(await go.request(method, path, body), `${method} ${path}`).body;
}

const records = (json: { response?: unknown }, shape: Shape, what: string) => {
  const list = json.response as unknown[];
  expect(list.length, what).toBeGreaterThan(0);
  list.forEach((r, i) => expectShape(r, shape, `${what}[${i}]`));
  return list as Array<Record<string, unknown>>;
};

describe('Go client: CDNs', () => {
  it('GetCDNs, GetCDNByID, GetCDNByName, CreateCDN, UpdateCDNByID, DeleteCDNByID', async () => {
    records(await call('GET', '/api/1.3/cdns'), GO.cdn, 'GetCDNs');
    records(await call('GET', `/api/1.3/cdns?id=${t.ids.cdn.id}`), GO.cdn, 'GetCDNByID');
    records(await call('GET', '/api/1.3/cdns?name=cdn1'), GO.cdn, 'GetCDNByName');
    records(await call('GET', `/api/1.3/cdns/${t.ids.cdn.id}`), GO.cdn, 'GET cdns/:id');
    const created = await call('POST', '/api/1.3/cdns', {
      name: 'go-cdn',
      domainName: 'go.example.test',
      dnssecEnabled: false,
    });
    expectShape(created.response, GO.cdn, 'CreateCDN');
    const id = (created.response as { id: number }).id;
    const updated = await call('PUT', `/api/1.3/cdns/${id}`, {
      name: 'go-cdn',
      domainName: 'go2.example.test',
      dnssecEnabled: true,
    });
    expectShape(updated.response, GO.cdn, 'UpdateCDNByID');
    const deleted = await call('DELETE', `/api/1.3/cdns/${id}`);
    expect(deleted.alerts).toEqual([{ text: 'cdn was deleted.', level: 'success' }]);
  });
});

describe('Go client: cache groups', () => {
  it('GetCacheGroupsNullable(ByID/ByName), Create/Update/DeleteCacheGroup, SetCachegroupDeliveryServices', async () => {
    const all = records(await call('GET', '/api/1.3/cachegroups'), CACHE_GROUP, 'GetCacheGroupsNullable');
    const edge = all.find((g) => g.name === 'edge-cg1')!;
    records(await call('GET', `/api/1.3/cachegroups?id=${edge.id}`), CACHE_GROUP, 'GetCacheGroupNullableByID');
    records(await call('GET', '/api/1.3/cachegroups?name=edge-cg1'), CACHE_GROUP, 'GetCacheGroupNullableByName');
    const created = await call('POST', '/api/1.3/cachegroups', {
      name: 'go-cg',
      shortName: 'gocg',
      typeId: edge.typeId,
      latitude: 1.5,
      longitude: 2.5,
      parentCachegroupId: edge.parentCachegroupId,
      localizationMethods: ['CZ'],
      fallbacks: ['edge-cg1'],
      fallbackToClosest: true,
    });
    expectShape(created.response, CACHE_GROUP, 'CreateCacheGroupNullable');
    const id = (created.response as { id: number }).id;
    const updated = await call('PUT', `/api/1.3/cachegroups/${id}`, {
      ...(created.response as object),
      shortName: 'gocg2',
    });
    expectShape(updated.response, CACHE_GROUP, 'UpdateCacheGroupNullableByID');
    expect(await call('DELETE', `/api/1.3/cachegroups/${id}`)).toEqual({
      alerts: [{ text: 'cachegroup was deleted.', level: 'success' }],
    });
    const assigned = await call('POST', `/api/1.5/cachegroups/${edge.id}/deliveryservices`, {
      deliveryServices: [t.ids.deliveryServices.ds1],
    });
    expectShape(
      assigned.response,
      { id: 'number', serverNames: 'array', deliveryServices: 'array' },
      'SetCachegroupDeliveryServices',
    );
  });
});
