import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { VERSIONS } from '../../../daemon/versions.js';
import { eachStore } from '../../helpers/store-kinds.js';
import { error, placesApp, type PlacesApp } from './harness.js';

/** Divisions and regions through the API (issue 30, reference §3), on both stores. */
eachStore((kind) => {
  let p: PlacesApp;
  beforeAll(async () => {
    p = await placesApp(kind);
  }, 60_000);
  afterAll(async () => p?.t.close());
  // Each case reads only the entries its own writes appended.
  beforeEach(async () => {
    await p.newLog();
  });

  describe('divisions', () => {
    it.each(VERSIONS)('%s: create, read, rename and delete a division, each write logged', async (v) => {
      const name = `east-${v.replace('.', '')}`;
      const created = await p.ok<{ alerts: unknown; response: { id: number } }>(
        'ops_user',
        'POST',
        `/api/${v}/divisions`,
        { name },
      );
      expect(created.alerts).toEqual([{ level: 'success', text: 'division was created.' }]);
      const id = created.response.id;
      expect(created.response).toEqual({ id, lastUpdated: '2026-11-21 12:00:00+00', name });
      expect(await p.newLog()).toEqual([`DIVISION: ${name}, ID: ${id}, ACTION: Created division, keys: { id:${id} }`]);

      const list = await p.ok<{ response: { name: string }[] }>('ro_user', 'GET', `/api/${v}/divisions?name=${name}`);
      expect(list.response).toEqual([created.response]);
      const byId = await p.ok('ro_user', 'GET', `/api/${v}/divisions/${id}`);
      expect(byId.alerts).toEqual([
        {
          level: 'warning',
          text: "This endpoint is deprecated, please use GET /divisions with the 'id' parameter instead",
        },
      ]);
      expect(byId.response).toEqual([created.response]);
      const byName = await p.ok('ro_user', 'GET', `/api/${v}/divisions/name/${name}`);
      expect(byName.alerts).toEqual([
        {
          level: 'warning',
          text: "This endpoint is deprecated, please use GET /divisions with the 'name' parameter instead",
        },
      ]);
      expect(byName.response).toEqual([created.response]);

      const renamed = await p.ok('ops_user', 'PUT', `/api/${v}/divisions/${id}`, { name: `${name}-2` });
      expect(renamed).toEqual({
        alerts: [{ level: 'success', text: 'division was updated.' }],
        response: { id, lastUpdated: '2026-11-21 12:00:00+00', name: `${name}-2` },
      });
      const deleted = await p.ok('ops_user', 'DELETE', `/api/${v}/divisions/${id}`);
      expect(deleted).toEqual({ alerts: [{ level: 'success', text: 'division was deleted.' }] });
      expect(await p.newLog()).toEqual([
        `DIVISION: ${name}-2, ID: ${id}, ACTION: Updated division, keys: { id:${id} }`,
        `DIVISION: ${name}-2, ID: ${id}, ACTION: Deleted division, keys: { id:${id} }`,
      ]);
    });

    it('refuses a blank or duplicate name, unknown ids and bad ids, and logs no refusal', async () => {
      expect(await p.fails(400, 'ops_user', 'POST', '/api/1.5/divisions', {})).toEqual(error("'name' cannot be blank"));
      expect(await p.fails(400, 'ops_user', 'POST', '/api/1.5/divisions', { name: 5 })).toEqual(
        error("'name' must be a string"),
      );
      expect(await p.fails(400, 'ops_user', 'POST', '/api/1.5/divisions', { name: 'a\u202Eb' })).toEqual(
        error('name: cannot contain control, bidirectional, invisible or unassigned characters'),
      );
      await p.ok('ops_user', 'POST', '/api/1.5/divisions', { name: 'dup' });
      expect(await p.fails(400, 'ops_user', 'POST', '/api/1.5/divisions', { name: 'dup' })).toEqual(
        error("division name 'dup' already exists."),
      );
      expect(await p.fails(404, 'ops_user', 'PUT', '/api/1.5/divisions/999999', { name: 'x' })).toEqual(
        error('no division found with this id'),
      );
      expect(await p.fails(404, 'ops_user', 'DELETE', '/api/1.5/divisions/999999')).toEqual(
        error('no division with that key found'),
      );
      expect(await p.fails(400, 'ops_user', 'PUT', '/api/1.5/divisions/abc', { name: 'x' })).toEqual(
        error('failed to parse key: id'),
      );
      expect(await p.fails(400, 'ro_user', 'GET', '/api/1.5/divisions?id=x')).toEqual(
        error('id cannot parse to integer'),
      );
      expect((await p.newLog()).length).toBe(1);
    });

    it('lets read-only read and only operations write', async () => {
      await p.ok('ro_user', 'GET', '/api/1.1/divisions');
      await p.fails(403, 'ro_user', 'POST', '/api/1.1/divisions', { name: 'nope' });
      await p.fails(403, 'portal_user', 'POST', '/api/1.1/divisions', { name: 'nope' });
      const mine = await p.ok<{ response: { id: number } }>('admin', 'POST', '/api/1.1/divisions', {
        name: 'by-admin',
      });
      await p.fails(403, 'ro_user', 'PUT', `/api/1.1/divisions/${mine.response.id}`, { name: 'nope' });
      await p.fails(403, 'ro_user', 'DELETE', `/api/1.1/divisions/${mine.response.id}`);
      expect((await p.call('tenanta_user', 'GET', '/api/1.1/divisions')).statusCode).toBe(200);
    });

    it('orders by name, filters, orders by id descending and pages', async () => {
      for (const name of ['zz-1', 'zz-2', 'zz-3']) await p.ok('ops_user', 'POST', '/api/1.5/divisions', { name });
      const names = async (q: string) =>
        (await p.ok<{ response: { name: string }[] }>('ro_user', 'GET', `/api/1.5/divisions?${q}`)).response
          .map((d) => d.name)
          .filter((n) => n.startsWith('zz-'));
      expect(await names('')).toEqual(['zz-1', 'zz-2', 'zz-3']);
      expect(await names('orderby=id&sortOrder=desc')).toEqual(['zz-3', 'zz-2', 'zz-1']);
      const all = (await p.ok<{ response: unknown[] }>('ro_user', 'GET', '/api/1.5/divisions')).response.length;
      const page = await p.ok<{ response: unknown[] }>('ro_user', 'GET', `/api/1.5/divisions?limit=1&page=${all}`);
      expect(page.response.length).toBe(1);
      expect(await p.fails(400, 'ro_user', 'GET', '/api/1.5/divisions?limit=-2')).toEqual(
        error('limit parameter must be bigger than -1'),
      );
    });
  });

  describe('regions', () => {
    it.each(VERSIONS)(
      '%s: a region in a division, its custom name read, and the division kept while used',
      async (v) => {
        const tag = v.replace('.', '');
        const division = (
          await p.ok<{ response: { id: number } }>('ops_user', 'POST', `/api/${v}/divisions`, { name: `d-${tag}` })
        ).response.id;
        const created = await p.ok<{ response: { id: number } }>('ops_user', 'POST', `/api/${v}/regions`, {
          name: `r-${tag}`,
          division,
        });
        const id = created.response.id;
        expect(created.response).toEqual({
          divisionName: `d-${tag}`,
          division,
          id,
          lastUpdated: '2026-11-21 12:00:00+00',
          name: `r-${tag}`,
        });
        expect(await p.newLog()).toEqual([
          `DIVISION: d-${tag}, ID: ${division}, ACTION: Created division, keys: { id:${division} }`,
          `REGION: r-${tag}, ID: ${id}, ACTION: Created region, keys: { id:${id} }`,
        ]);
        const byName = await p.ok('ro_user', 'GET', `/api/${v}/regions/name/r-${tag}`);
        expect(byName).toEqual({
          alerts: [
            { level: 'warning', text: 'This endpoint is deprecated, please use GET /regions?name={{name}} instead' },
          ],
          response: [{ id, name: `r-${tag}`, division: { id: division, name: `d-${tag}` } }],
        });
        const filtered = await p.ok<{ response: { id: number }[] }>(
          'ro_user',
          'GET',
          `/api/${v}/regions?division=${division}`,
        );
        expect(filtered.response.map((r) => r.id)).toEqual([id]);
        const byId = await p.ok('ro_user', 'GET', `/api/${v}/regions/${id}`);
        expect(byId.alerts).toEqual([
          { level: 'warning', text: 'This endpoint is deprecated, and will be removed in the future' },
        ]);

        expect(await p.fails(400, 'ops_user', 'DELETE', `/api/${v}/divisions/${division}`)).toEqual(
          error('cannot delete division because it is being used by a region'),
        );
        const deleted = await p.ok('ops_user', 'DELETE', `/api/${v}/regions/${id}`);
        expect(deleted).toEqual({
          alerts: [
            {
              level: 'warning',
              text: 'This endpoint is deprecated, please use DELETE /regions with query parameter id instead',
            },
            { level: 'success', text: 'region was deleted.' },
          ],
        });
        await p.ok('ops_user', 'DELETE', `/api/${v}/divisions/${division}`);
      },
    );

    it('refuses a region without name or division, with an unknown division, or a taken name', async () => {
      expect(await p.fails(400, 'ops_user', 'POST', '/api/1.3/regions', {})).toEqual(
        error("region 'name' is required, region 'division' is required"),
      );
      expect(await p.fails(404, 'ops_user', 'POST', '/api/1.3/regions', { name: 'r', division: 999999 })).toEqual(
        error('division not found'),
      );
      const division = (
        await p.ok<{ response: { id: number } }>('ops_user', 'POST', '/api/1.3/divisions', { name: 'd-dup' })
      ).response.id;
      await p.ok('ops_user', 'POST', '/api/1.3/regions', { name: 'r-dup', division });
      expect(await p.fails(400, 'ops_user', 'POST', '/api/1.3/regions', { name: 'r-dup', division })).toEqual(
        error("region name 'r-dup' already exists."),
      );
      expect(await p.fails(403, 'ro_user', 'POST', '/api/1.3/regions', { name: 'r-ro', division })).toBeDefined();
      const missing = await p.fails(404, 'ops_user', 'DELETE', '/api/1.3/regions/999999');
      expect(missing.at(-1)).toEqual({ level: 'error', text: 'no region with that key found' });
      expect(missing[0].level).toBe('warning');
      expect((await p.call('ops_user', 'DELETE', '/api/1.3/regions/name/r-dup')).statusCode).toBe(404);
    });
  });
});
