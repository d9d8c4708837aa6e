import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GoSession, expectDecodes, listenLocal, type GoAnswer } from '../../helpers/go-session.js';
import { GO, GO_DS, GO_SERVER_V11, expectShape, type Shape } from '../../helpers/go-types.js';
import { cachesApp, PASSWORDS, type CachesApp } from '../caches/helpers.js';

/**
 * Issue 34 ("Done when") and issues 30/31: the Traffic Ops 1.x Go client's calls at the exact path and version it
 * hard-codes (reference/traffic-ops-wave3.md §12: `/api/1.3/…` servers, profiles, cache groups, ping;
 * `/api/1.4/…` capabilities, roles, `servers/{id}/deliveryservices`), over real HTTP. Each answer is decoded the
 * way the client's structs decode it: every field it reads must carry the JSON type Go decodes it into (a JSON
 * null is a no-op for Go, a string where Go wants an int fails the whole call).
 */

const s = 'string|null';
const n = 'number|null';
/** tc.Server, the struct GetServers/GetServerByID/GetServerByHostName/GetServersByType decode. */
const SERVER: Shape = { ...GO_SERVER_V11, type: s };
/** tc.CacheGroupNullable: the keys GetCacheGroupNullableByID decodes. */
const CACHEGROUP: Shape = {
  id: n,
  name: s,
  shortName: s,
  latitude: n,
  longitude: n,
  parentCachegroupName: s,
  parentCachegroupId: n,
  secondaryParentCachegroupName: s,
  secondaryParentCachegroupId: n,
  fallbackToClosest: 'boolean|null',
  localizationMethods: 'array|null',
  typeName: s,
  typeId: n,
  lastUpdated: s,
  fallbacks: 'array|null',
};
const CAPABILITY: Shape = { name: 'string', description: 'string', lastUpdated: 'string' };

let t: CachesApp;
let base = '';
const go = new GoSession(() => base);

beforeAll(async () => {
  t = await cachesApp();
  base = await listenLocal(t.app);
  const login = await call('POST', '/api/1.5/user/login', { u: 'admin', p: PASSWORDS.admin });
  expect(login.status).toBe(200);
}, 60_000);
afterAll(async () => t?.close());

type Answer = GoAnswer;

const call = go.request;

/** The client's ErrUnlessOK: a status of 300 or more fails the call. */
async function ok(method: string, path: string, body?: unknown): Promise<Answer> {
  const answer = await call(method, path, body);
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body).slice(0, 300)}`).toBeLessThan(300);
  return answer;
}

/** `{"response":[…]}` decoded record by record; at least one record. */
async function records(path: string, shape: Shape): Promise<Record<string, unknown>[]> {
  const list = (await ok('GET', path)).body.response as Record<string, unknown>[];
  expect(Array.isArray(list) && list.length > 0, `${path} answers records`).toBe(true);
  list.forEach((r, i) => expectDecodes(r, shape, `${path}[${i}]`));
  return list;
}

/** The first record's numeric `id` of a by-name lookup at 1.3, as CreateServer resolves each name. */
async function idByName(path: string): Promise<number> {
  const [first] = await records(path, { id: 'number' });
  return first.id as number;
}

describe('Go client at /api/1.3: ping, servers, cache groups', () => {
  it('Ping: GET /api/1.3/ping decodes into map[string]string', async () => {
    const a = await ok('GET', '/api/1.3/ping');
    for (const value of Object.values(a.body)) expect(typeof value).toBe('string');
    expect(a.body).toEqual({ ping: 'pong' });
  });

  it('GetServers, GetServerByID, GetServerByHostName, GetServersByType', async () => {
    await records('/api/1.3/servers', SERVER);
    const id = await t.id('edge1a');
    const byId = await records(`/api/1.3/servers/${id}`, SERVER);
    expect(byId.map((r) => r.hostName)).toEqual(['edge1a']);
    const byName = await records('/api/1.3/servers?hostName=edge1a', SERVER);
    expect(byName.map((r) => r.id)).toEqual([id]);
    const edges = await records('/api/1.3/servers.json?type=EDGE', SERVER);
    expect(edges.every((r) => r.type === 'EDGE')).toBe(true);
  });

  it('CreateServer by names (each lookup at 1.3), UpdateServerByID, DeleteServerByID', async () => {
    const [template] = await records('/api/1.3/servers?hostName=edge2c', SERVER);
    // The client looks a name up only when the id is 0 and the name is set (server.go CreateServer).
    const lookup = async (name: unknown, path: string, fallback: unknown) =>
      typeof name === 'string' && name !== ''
        ? idByName(`/api/1.3/${path}?name=${encodeURIComponent(name)}`)
        : fallback;
    const resolved = {
      cachegroupId: await lookup(template.cachegroup, 'cachegroups', template.cachegroupId),
      cdnId: await lookup(template.cdnName, 'cdns', template.cdnId),
      physLocationId: await lookup(template.physLocation, 'phys_locations', template.physLocationId),
      profileId: await lookup(template.profile, 'profiles', template.profileId),
      statusId: await lookup(template.status, 'statuses', template.statusId),
      typeId: await lookup(template.type, 'types', template.typeId),
    };
    expect(resolved).toEqual({
      cachegroupId: template.cachegroupId,
      cdnId: template.cdnId,
      physLocationId: template.physLocationId,
      profileId: template.profileId,
      statusId: template.statusId,
      typeId: template.typeId,
    });
    const body = { ...template, ...resolved, id: 0, hostName: 'edge-fixed', ipAddress: '192.0.2.88' };
    const created = await ok('POST', '/api/1.3/servers', body);
    expect(created.body.alerts).toEqual([{ level: 'success', text: 'server was created.' }]);
    const [server] = await records('/api/1.3/servers?hostName=edge-fixed', SERVER);
    const id = server.id as number;
    const updated = await ok('PUT', `/api/1.3/servers/${id}`, { ...body, id, rack: 'fixed-rack' });
    expect(updated.body.alerts).toEqual([{ level: 'success', text: 'Server updated' }]);
    const deleted = await ok('DELETE', `/api/1.3/servers/${id}`);
    expect(deleted.body.alerts).toEqual([{ level: 'success', text: 'server was deleted.' }]);
  });

  it('GetCacheGroupNullableByID: GET /api/1.3/cachegroups/{id}', async () => {
    const [group] = await records('/api/1.3/cachegroups', CACHEGROUP);
    const byId = await records(`/api/1.3/cachegroups/${String(group.id)}`, CACHEGROUP);
    expect(byId.map((r) => r.id)).toEqual([group.id]);
  });
});

describe('Go client at /api/1.4: servers/{id}/deliveryservices, capabilities, roles', () => {
  it('AssignDeliveryServiceIDsToServerID, GetServerIDDeliveryServices (V15, numbers)', async () => {
    const id = await t.id('edge2c');
    const ds1 = (await t.store.deliveryServices.byXmlId('ds1'))!.id;
    const assigned = await ok('POST', `/api/1.4/servers/${id}/deliveryservices?replace=false`, [ds1]);
    expect(assigned.body.response).toEqual({ serverId: id, dsIds: [ds1], replace: false });
    const list = (await ok('GET', `/api/1.4/servers/${id}/deliveryservices`)).body.response as unknown[];
    expect(list.length).toBeGreaterThan(0);
    list.forEach((r, i) => expectShape(r, GO_DS.v15, `servers/${id}/deliveryservices[${i}]`, { ordered: true }));
  });

  it('CreateCapability, GetCapabilities, GetCapability', async () => {
    const created = await ok('POST', '/api/1.4/capabilities', { name: 'go-fixed', description: 'Go client probe' });
    expect(created.body.alerts).toEqual([{ level: 'success', text: 'Capability created.' }]);
    await records('/api/1.4/capabilities', CAPABILITY);
    const one = await records('/api/1.4/capabilities?name=go-fixed', CAPABILITY);
    expect(one.map((c) => c.name)).toEqual(['go-fixed']);
  });

  it('GetRoleByID: GET /api/1.4/roles?id=', async () => {
    const [first] = await records('/api/1.4/roles', GO.role);
    const byId = await records(`/api/1.4/roles?id=${String(first.id)}`, GO.role);
    expect(byId.map((r) => r.name)).toEqual([first.name]);
  });
});

describe('Go client at /api/1.3: profiles decode into tc.Profile (numbers, issue 34 item 3)', () => {
  it('GetProfiles, GetProfileByID, GetProfileByName, GetProfileByCDNID', async () => {
    const all = await records('/api/1.3/profiles', GO.profile);
    all.forEach((p, i) => expectShape(p, GO.profile, `profiles[${i}]`, { ordered: true }));
    const first = all[0];
    const byId = await records(`/api/1.3/profiles/${String(first.id)}`, GO.profile);
    expect(byId.map((p) => p.id)).toEqual([first.id]);
    const byName = await records(`/api/1.3/profiles?name=${encodeURIComponent(String(first.name))}`, GO.profile);
    expect(byName.map((p) => p.id)).toEqual([first.id]);
    const byCdn = await records(`/api/1.3/profiles?cdn=${String(first.cdn)}`, GO.profile);
    expect(byCdn.every((p) => p.cdn === first.cdn)).toBe(true);
  });

  it('GetProfileByParameter: GET /api/1.3/profiles?param= lists the profiles holding that parameter', async () => {
    const [holder] = await records('/api/1.3/profiles', GO.profile);
    const params = (await ok('GET', `/api/1.3/profiles/${String(holder.id)}/parameters`)).body.response as Array<{
      id: number;
    }>;
    expect(params.length, 'the profile holds parameters').toBeGreaterThan(0);
    const paramId = params[0].id;
    const holders = await records(`/api/1.3/profiles?param=${paramId}`, GO.profile);
    expect(holders.map((p) => p.id)).toContain(holder.id);
    for (const p of holders) {
      const own = (await ok('GET', `/api/1.3/profiles/${String(p.id)}/parameters`)).body.response as Array<{
        id: number;
      }>;
      expect(
        own.map((x) => x.id),
        `profile ${String(p.name)} holds parameter ${paramId}`,
      ).toContain(paramId);
    }
  });

  it('GET /api/1.3/profiles?param= that is no integer: 400', async () => {
    const a = await call('GET', '/api/1.3/profiles?param=x');
    expect(a.status).toBe(400);
    expect(a.body).toEqual({ alerts: [{ level: 'error', text: 'param cannot parse to integer' }] });
  });
});

/** DSServerV11: the server object without xmppId, xmppPasswd, revalPending (reference wave3 §4.6). */
const DS_SERVER: Shape = Object.fromEntries(
  Object.entries(SERVER).filter(([k]) => !['xmppId', 'xmppPasswd', 'revalPending'].includes(k)),
);

describe('Go client at its apiBase /api/1.5: the delivery-service reads by server, CDN and eligibility', () => {
  it('GetDeliveryServicesByServer, GetDeliveryServicesByCDNID (V15)', async () => {
    const id = await t.id('edge1a');
    const byServer = (await ok('GET', `/api/1.5/servers/${id}/deliveryservices`)).body.response as unknown[];
    expect(byServer.length).toBeGreaterThan(0);
    byServer.forEach((r, i) => expectShape(r, GO_DS.v15, `servers/${id}/deliveryservices[${i}]`, { ordered: true }));
    const cdnId = (byServer[0] as { cdnId: number }).cdnId;
    const byCdn = (await ok('GET', `/api/1.5/deliveryservices?cdn=${cdnId}`)).body.response as unknown[];
    expect(byCdn.length).toBeGreaterThan(0);
    byCdn.forEach((r, i) => expectShape(r, GO_DS.v15, `deliveryservices?cdn[${i}]`, { ordered: true }));
    expect(byCdn.every((r) => (r as { cdnId: number }).cdnId === cdnId)).toBe(true);
  });

  it('GetDeliveryServicesEligible: GET /api/1.5/deliveryservices/{id}/servers/eligible (DSServerV11)', async () => {
    const ds1 = (await t.store.deliveryServices.byXmlId('ds1'))!.id;
    const eligible = await records(`/api/1.5/deliveryservices/${ds1}/servers/eligible`, DS_SERVER);
    expect(eligible.every((r) => /^(EDGE|ORG)/.test(String(r.type)))).toBe(true);
  });
});
