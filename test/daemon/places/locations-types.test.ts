import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { VERSIONS } from '../../../daemon/versions.js';
import { eachStore } from '../../helpers/store-kinds.js';
import { error, placesApp, type PlacesApp } from './harness.js';

/** Physical locations, coordinates and types through the API (issue 30, reference §3), on both stores. */

const location = (regionId: number, name: string) => ({
  name,
  shortName: `${name}-s`,
  address: '1 Main St',
  city: 'Springfield',
  state: 'CO',
  zip: '80000',
  regionId,
  poc: 'Pat',
  phone: null,
  email: 'noc@example.test',
});

eachStore((kind) => {
  let p: PlacesApp;
  let region: number;
  beforeAll(async () => {
    p = await placesApp(kind);
    const division = (
      await p.ok<{ response: { id: number } }>('ops_user', 'POST', '/api/1.1/divisions', { name: 'west' })
    ).response.id;
    region = (
      await p.ok<{ response: { id: number } }>('ops_user', 'POST', '/api/1.1/regions', { name: 'mountain', division })
    ).response.id;
  }, 60_000);
  afterAll(async () => p?.t.close());
  beforeEach(async () => {
    await p.newLog();
  });

  /** Points a cache at a physical location, as a server write would (servers are another part's). */
  async function placeServer(physLocationId: number | null): Promise<void> {
    const sql = 'UPDATE servers SET phys_location_id = $1 WHERE id = $2';
    const host = p.t.ids.servers.root;
    if (p.t.pool) await p.t.pool.query(sql, [physLocationId, host]);
    else p.t.db.prepare(sql.replace('$1', '?').replace('$2', '?')).run(physLocationId, host);
  }

  describe('phys_locations', () => {
    it.each(VERSIONS)('%s: create, read (also trimmed), update and delete', async (v) => {
      const name = `den-${v.replace('.', '')}`;
      const created = await p.ok<{ alerts: unknown; response: { id: number } }>(
        'ops_user',
        'POST',
        `/api/${v}/phys_locations`,
        location(region, name),
      );
      const id = created.response.id;
      expect(created).toEqual({
        alerts: [{ level: 'success', text: 'physLocation was created.' }],
        response: {
          address: '1 Main St',
          city: 'Springfield',
          comments: null,
          email: 'noc@example.test',
          id,
          lastUpdated: '2026-11-21 12:00:00+00',
          name,
          phone: null,
          poc: 'Pat',
          regionId: region,
          region: 'mountain',
          shortName: `${name}-s`,
          state: 'CO',
          zip: '80000',
        },
      });
      const byRegion = await p.ok<{ response: { id: number }[] }>(
        'ro_user',
        'GET',
        `/api/${v}/phys_locations?region=${region}&name=${name}`,
      );
      expect(byRegion.response).toEqual([created.response]);
      const trimmed = await p.ok<{ alerts: unknown; response: { name: string }[] }>(
        'ro_user',
        'GET',
        `/api/${v}/phys_locations/trimmed`,
      );
      expect(trimmed.alerts).toEqual([
        { level: 'warning', text: 'This endpoint is deprecated, please use GET /phys_locations instead' },
      ]);
      expect(trimmed.response).toContainEqual({ name });
      const updated = await p.ok<{ response: { city: string } }>('ops_user', 'PUT', `/api/${v}/phys_locations/${id}`, {
        ...location(region, name),
        city: 'Shelbyville',
      });
      expect(updated.response.city).toBe('Shelbyville');
      await p.ok('ops_user', 'DELETE', `/api/${v}/phys_locations/${id}`);
      expect(await p.newLog()).toEqual([
        `PHYSLOCATION: ${name}, ID: ${id}, ACTION: Created physLocation, keys: { id:${id} }`,
        `PHYSLOCATION: ${name}, ID: ${id}, ACTION: Updated physLocation, keys: { id:${id} }`,
        `PHYSLOCATION: ${name}, ID: ${id}, ACTION: Deleted physLocation, keys: { id:${id} }`,
      ]);
    });

    it('names each blank required field, an unknown region, taken names, and a location a server uses', async () => {
      expect(await p.fails(400, 'ops_user', 'POST', '/api/1.5/phys_locations', {})).toEqual(
        error(
          "'address' cannot be blank, 'city' cannot be blank, 'name' cannot be blank, 'regionId' cannot be blank, 'shortName' cannot be blank, 'state' cannot be blank, 'zip' cannot be blank",
        ),
      );
      expect(
        await p.fails(400, 'ops_user', 'POST', '/api/1.5/phys_locations', { ...location(region, 'z'), zip: '' }),
      ).toEqual(error("'zip' cannot be blank"));
      expect(await p.fails(404, 'ops_user', 'POST', '/api/1.5/phys_locations', location(999999, 'z'))).toEqual(
        error('region not found'),
      );
      const id = (
        await p.ok<{ response: { id: number } }>(
          'ops_user',
          'POST',
          '/api/1.5/phys_locations',
          location(region, 'used'),
        )
      ).response.id;
      expect(await p.fails(400, 'ops_user', 'POST', '/api/1.5/phys_locations', location(region, 'used'))).toEqual(
        error("phys_location name 'used' already exists."),
      );
      expect(
        await p.fails(400, 'ops_user', 'POST', '/api/1.5/phys_locations', {
          ...location(region, 'other'),
          shortName: 'used-s',
        }),
      ).toEqual(error("phys_location short_name 'used-s' already exists."));
      await p.fails(403, 'ro_user', 'POST', '/api/1.5/phys_locations', location(region, 'ro'));
      expect(await p.fails(400, 'ops_user', 'DELETE', `/api/1.5/regions/${region}`)).toEqual([
        {
          level: 'warning',
          text: 'This endpoint is deprecated, please use DELETE /regions with query parameter id instead',
        },
        { level: 'error', text: 'cannot delete region because it is being used by a phys_location' },
      ]);
      await placeServer(id);
      expect(await p.fails(400, 'ops_user', 'DELETE', `/api/1.5/phys_locations/${id}`)).toEqual(
        error('cannot delete phys_location because it is being used by a server'),
      );
      await placeServer(null);
      await p.ok('ops_user', 'DELETE', `/api/1.5/phys_locations/${id}`);
    });
  });

  describe('coordinates (1.3+)', () => {
    it('is not served at 1.1 and 1.2', async () => {
      expect((await p.call('ro_user', 'GET', '/api/1.2/coordinates')).statusCode).toBe(404);
      expect((await p.call('ops_user', 'POST', '/api/1.1/coordinates', { name: 'x' })).statusCode).toBe(404);
    });

    it.each(['1.3', '1.4', '1.5'])('%s: create, filter, update and delete with ?id=', async (v) => {
      const name = `pt_${v.replace('.', '')}`;
      const created = await p.ok<{ response: { id: number } }>('ops_user', 'POST', `/api/${v}/coordinates`, {
        name,
        latitude: 39.7,
        longitude: -104.9,
      });
      const id = created.response.id;
      expect(created.response).toEqual({
        id,
        name,
        latitude: 39.7,
        longitude: -104.9,
        lastUpdated: '2026-11-21 12:00:00+00',
      });
      expect(
        (await p.ok<{ response: unknown[] }>('ro_user', 'GET', `/api/${v}/coordinates?id=${id}`)).response,
      ).toEqual([created.response]);
      const updated = await p.ok('ops_user', 'PUT', `/api/${v}/coordinates?id=${id}`, {
        name,
        latitude: -90,
        longitude: 180,
      });
      expect(updated.alerts).toEqual([{ level: 'success', text: 'coordinate was updated.' }]);
      expect(await p.fails(400, 'ops_user', 'PUT', `/api/${v}/coordinates`, { name })).toEqual(
        error('missing key: id'),
      );
      expect(await p.ok('ops_user', 'DELETE', `/api/${v}/coordinates?id=${id}`)).toEqual({
        alerts: [{ level: 'success', text: 'coordinate was deleted.' }],
      });
      expect(await p.newLog()).toEqual([
        `COORDINATE: ${name}, ID: ${id}, ACTION: Created coordinate, keys: { id:${id} }`,
        `COORDINATE: ${name}, ID: ${id}, ACTION: Updated coordinate, keys: { id:${id} }`,
        `COORDINATE: ${name}, ID: ${id}, ACTION: Deleted coordinate, keys: { id:${id} }`,
      ]);
    });

    it('refuses bad names, out-of-range positions and a duplicate name', async () => {
      expect(
        await p.fails(400, 'ops_user', 'POST', '/api/1.5/coordinates', { name: 'a b', latitude: 91, longitude: -181 }),
      ).toEqual(
        error(
          "'name' invalid characters found - Use alphanumeric . or - or _ ., 'latitude' Must be a floating point number within the range +-90, 'longitude' Must be a floating point number within the range +-180",
        ),
      );
      expect(await p.fails(400, 'ops_user', 'POST', '/api/1.5/coordinates', {})).toEqual(
        error("'name' cannot be blank"),
      );
      await p.ok('ops_user', 'POST', '/api/1.5/coordinates', { name: 'twice' });
      expect(await p.fails(400, 'ops_user', 'POST', '/api/1.5/coordinates', { name: 'twice' })).toEqual(
        error("coordinate name 'twice' already exists."),
      );
      await p.fails(403, 'ro_user', 'DELETE', '/api/1.5/coordinates?id=1');
    });
  });

  describe('types', () => {
    it.each(VERSIONS)('%s: create, read by id (deprecated), update and delete', async (v) => {
      const name = `T_${v.replace('.', '')}`;
      const created = await p.ok<{ response: { id: number } }>('ops_user', 'POST', `/api/${v}/types`, {
        name,
        description: 'a test type',
        useInTable: 'server',
      });
      const id = created.response.id;
      expect(created.response).toEqual({
        id,
        lastUpdated: '2026-11-21 12:00:00+00',
        name,
        description: 'a test type',
        useInTable: 'server',
      });
      const byId = await p.ok('ro_user', 'GET', `/api/${v}/types/${id}`);
      expect(byId).toEqual({
        alerts: [
          {
            level: 'warning',
            text: "This endpoint is deprecated, please use GET /types with the 'id' query parameter instead",
          },
        ],
        response: [created.response],
      });
      await p.ok('ops_user', 'PUT', `/api/${v}/types/${id}`, {
        name,
        description: 'changed',
        useInTable: 'cachegroup',
      });
      await p.ok('ops_user', 'DELETE', `/api/${v}/types/${id}`);
      expect((await p.newLog()).length).toBe(3);
    });

    it('lists the seeded types with their table, filters by useInTable, answers at types.json', async () => {
      const servers = await p.ok<{ response: { name: string }[] }>(
        'ro_user',
        'GET',
        '/api/1.3/types.json?useInTable=server',
      );
      expect(servers.response.map((t) => t.name)).toEqual(expect.arrayContaining(['EDGE', 'MID']));
    });

    it("refuses blank fields (Traffic Ops' use_in_table), and deleting or moving a type in use", async () => {
      expect(await p.fails(400, 'ops_user', 'POST', '/api/1.5/types', {})).toEqual(
        error("'name' cannot be blank, 'description' cannot be blank, 'use_in_table' cannot be blank"),
      );
      const edge = (
        await p.ok<{ response: { id: number }[] }>('ro_user', 'GET', '/api/1.5/types?name=EDGE&useInTable=server')
      ).response[0].id;
      expect(await p.fails(400, 'ops_user', 'DELETE', `/api/1.5/types/${edge}`)).toEqual(
        error('cannot delete type because it is being used by a server'),
      );
      expect(
        await p.fails(400, 'ops_user', 'PUT', `/api/1.5/types/${edge}`, {
          name: 'EDGE',
          description: 'x',
          useInTable: 'cachegroup',
        }),
      ).toEqual(
        error(
          'cannot change the use_in_table of type because it is being used by a cachegroup, deliveryservice, server or to_extension',
        ),
      );
      expect(
        await p.fails(400, 'ops_user', 'POST', '/api/1.5/types', {
          name: 'EDGE',
          description: 'again',
          useInTable: 'server',
        }),
      ).toEqual(error("type name, use_in_table 'EDGE, server' already exists."));
      await p.fails(403, 'ro_user', 'PUT', `/api/1.5/types/${edge}`, {
        name: 'EDGE',
        description: 'x',
        useInTable: 'server',
      });
      expect(await p.newLog()).toEqual([]);
    });
  });
});
