import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GoSession, listenLocal } from '../../helpers/go-session.js';
import { expectShape, type Shape } from '../../helpers/go-types.js';
import { PASSWORDS, goldenApp, type GoldenApp } from '../security/fixture.js';

/**
 * The Traffic Ops 1.x Go client's calls for divisions, regions, physical locations, coordinates, types, statuses,
 * ASNs and the misc reads (issue 30), over real HTTP at the versions it pins (`/api/1.3/…`, `/api/1.1/osversions`):
 * every answer's fields carry the JSON types its structs (tc.Division, tc.Region, tc.PhysLocation, tc.Coordinate,
 * tc.Type, tc.Status, tc.ASN) decode, or the client fails. Old ORT's `system/info.json` read is here too.
 */

const SHAPES: Record<string, Shape> = {
  division: { id: 'number', lastUpdated: 'string', name: 'string' },
  region: { divisionName: 'string', division: 'number', id: 'number', lastUpdated: 'string', name: 'string' },
  physLocation: {
    address: 'string',
    city: 'string',
    comments: 'string|null',
    email: 'string|null',
    id: 'number',
    lastUpdated: 'string',
    name: 'string',
    phone: 'string|null',
    poc: 'string|null',
    regionId: 'number',
    region: 'string',
    shortName: 'string',
    state: 'string',
    zip: 'string',
  },
  coordinate: { id: 'number', name: 'string', latitude: 'number', longitude: 'number', lastUpdated: 'string' },
  type: { id: 'number', lastUpdated: 'string', name: 'string', description: 'string', useInTable: 'string' },
  status: { description: 'string|null', id: 'number', lastUpdated: 'string', name: 'string' },
  asn: { asn: 'number', cachegroup: 'string', cachegroupId: 'number', id: 'number', lastUpdated: 'string' },
};

let t: GoldenApp;
let base = '';
const go = new GoSession(() => base);

beforeAll(async () => {
  t = await goldenApp();
  base = await listenLocal(t.app);
  const login = await request('POST', '/api/1.5/user/login', { u: 'admin', p: PASSWORDS.admin });
  expect(login.status).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

const request = go.request;

/** `ErrUnlessOK`, then the records of a list answer, each of the struct's shape (key order as Go writes it). */
async function records(path: string, shape: Shape): Promise<Record<string, unknown>[]> {
  const answer = await request('GET', path);
  expect(answer.status, `${path}: ${JSON.stringify(answer.body).slice(0, 300)}`).toBeLessThan(300);
  const list = answer.body.response as Record<string, unknown>[];
  expect(Array.isArray(list), `${path} answers an array`).toBe(true);
  list.forEach((r, i) => expectShape(r, shape, `${path}[${i}]`, { ordered: true }));
  return list;
}

/** A create, update or delete as the client sends it: 200 with its alerts, and the record when there is one. */
async function write(
  method: string,
  path: string,
  shape: Shape | null,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const answer = await request(method, path, body);
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body).slice(0, 300)}`).toBe(200);
  expect(answer.body.alerts?.at(-1)?.level).toBe('success');
  if (shape) expectShape(answer.body.response, shape, `${method} ${path}`, { ordered: true });
  return (answer.body.response ?? {}) as Record<string, unknown>;
}

describe('the Go client on the topology tables at /api/1.3', () => {
  it('CreateDivision, GetDivisions, GetDivisionByID/ByName, UpdateDivisionByID; CreateRegion, GetRegions…', async () => {
    const division = await write('POST', '/api/1.3/divisions', SHAPES.division, { name: 'go-division' });
    await records('/api/1.3/divisions', SHAPES.division);
    expect(await records(`/api/1.3/divisions?id=${division.id}`, SHAPES.division)).toHaveLength(1);
    expect(await records('/api/1.3/divisions?name=go-division', SHAPES.division)).toHaveLength(1);
    await write('PUT', `/api/1.3/divisions/${division.id}`, SHAPES.division, { name: 'go-division' });

    // tc.Region's Division is an int and DivisionName a string, both sent by the client.
    const region = await write('POST', '/api/1.3/regions', SHAPES.region, {
      name: 'go-region',
      division: division.id,
      divisionName: 'go-division',
    });
    expect(await records(`/api/1.3/regions?name=go-region`, SHAPES.region)).toHaveLength(1);
    await records(`/api/1.3/regions?id=${region.id}`, SHAPES.region);

    const location = await write('POST', '/api/1.3/phys_locations', SHAPES.physLocation, {
      address: '1 Main St',
      city: 'Denver',
      comments: '',
      email: '',
      name: 'go-location',
      phone: '',
      poc: '',
      regionId: region.id,
      region: 'go-region',
      shortName: 'go-loc',
      state: 'CO',
      zip: '80202',
    });
    await records('/api/1.3/phys_locations', SHAPES.physLocation);
    await records(`/api/1.3/phys_locations?id=${location.id}`, SHAPES.physLocation);
    await records('/api/1.3/phys_locations?name=go-location', SHAPES.physLocation);
    await write('PUT', `/api/1.3/phys_locations/${location.id}`, SHAPES.physLocation, { ...location, city: 'Boulder' });

    await write('DELETE', `/api/1.3/phys_locations/${location.id}`, null);
    await write('DELETE', `/api/1.3/regions/${region.id}`, null);
    await write('DELETE', `/api/1.3/divisions/${division.id}`, null);
  });

  it('GetCoordinates, CreateCoordinate, UpdateCoordinateByID and DeleteCoordinateByID (?id=)', async () => {
    const c = await write('POST', '/api/1.3/coordinates', SHAPES.coordinate, {
      name: 'go_pt',
      latitude: 1.5,
      longitude: 2,
    });
    await records('/api/1.3/coordinates', SHAPES.coordinate);
    await records(`/api/1.3/coordinates?name=go_pt`, SHAPES.coordinate);
    await write('PUT', `/api/1.3/coordinates?id=${c.id}`, SHAPES.coordinate, {
      name: 'go_pt',
      latitude: 3,
      longitude: 4,
    });
    await write('DELETE', `/api/1.3/coordinates?id=${c.id}`, null);
  });

  it('GetTypes (also types.json?useInTable=), GetTypeByID/ByName, CreateType, UpdateTypeByID, DeleteTypeByID', async () => {
    expect((await records('/api/1.3/types', SHAPES.type)).length).toBeGreaterThan(0);
    expect((await records('/api/1.3/types.json?useInTable=server', SHAPES.type)).length).toBeGreaterThan(0);
    const type = await write('POST', '/api/1.3/types', SHAPES.type, {
      name: 'GO_TYPE',
      description: 'go',
      useInTable: 'server',
    });
    await records(`/api/1.3/types?id=${type.id}`, SHAPES.type);
    await records('/api/1.3/types?name=GO_TYPE', SHAPES.type);
    await write('PUT', `/api/1.3/types/${type.id}`, SHAPES.type, {
      name: 'GO_TYPE',
      description: 'go 2',
      useInTable: 'server',
    });
    await write('DELETE', `/api/1.3/types/${type.id}`, null);
  });

  it('GetStatuses (also at 1.5, as old ORT reads them), CreateStatus, UpdateStatusByID, DeleteStatusByID', async () => {
    expect((await records('/api/1.3/statuses', SHAPES.status)).length).toBe(5);
    await records('/api/1.5/statuses', SHAPES.status);
    const status = await write('POST', '/api/1.3/statuses', SHAPES.status, { name: 'GO_STATUS', description: 'go' });
    await records(`/api/1.3/statuses?id=${status.id}`, SHAPES.status);
    await records('/api/1.3/statuses?name=GO_STATUS', SHAPES.status);
    await write('PUT', `/api/1.3/statuses/${status.id}`, SHAPES.status, { name: 'GO_STATUS', description: null });
    await write('DELETE', `/api/1.3/statuses/${status.id}`, null);
  });

  it('GetASNs (a plain array at 1.3), CreateASN, UpdateASNByID and DeleteASNByID (?id= at 1.3)', async () => {
    const asn = await write('POST', '/api/1.3/asns', SHAPES.asn, { asn: 64496, cachegroupId: t.ids.cachegroup });
    expect(await records('/api/1.3/asns', SHAPES.asn)).toHaveLength(1);
    await records(`/api/1.3/asns?id=${asn.id}`, SHAPES.asn);
    await write('PUT', `/api/1.3/asns?id=${asn.id}`, SHAPES.asn, { asn: 64497, cachegroupId: t.ids.cachegroup });
    await write('DELETE', `/api/1.3/asns?id=${asn.id}`, null);
  });
});

describe('the misc reads', () => {
  it('GetAbout: /api/1.3/about decodes as map[string]string', async () => {
    const answer = await request('GET', '/api/1.3/about');
    expect(answer.status).toBe(200);
    for (const value of Object.values(answer.body)) expect(typeof value).toBe('string');
  });

  it('GetOSVersions: /api/1.1/osversions decodes as {"response": map[string]string}', async () => {
    const answer = await request('GET', '/api/1.1/osversions');
    expect(answer.status).toBe(200);
    expect(answer.body.response).toBeTypeOf('object');
  });

  it('old ORT: /api/1.4/system/info.json answers response.parameters as a map of strings', async () => {
    const answer = await request('GET', '/api/1.4/system/info.json');
    expect(answer.status).toBe(200);
    const parameters = (answer.body.response as { parameters: Record<string, unknown> }).parameters;
    expect(parameters).toBeTypeOf('object');
    for (const value of Object.values(parameters)) expect(typeof value).toBe('string');
  });
});
