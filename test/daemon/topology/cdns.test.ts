import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachStore } from '../../helpers/store-kinds.js';
import { errors, topologyApp, type TopologyApp } from './helpers.js';

const VERSIONS = ['1.1', '1.3', '1.5'] as const;
const BY_ID = 'This endpoint is deprecated, please use GET /cdns with query parameter id instead';
const BY_NAME = 'This endpoint is deprecated, please use GET /cdns with query parameter name instead';

eachStore((kind) => {
  let t: TopologyApp;
  beforeAll(async () => {
    t = await topologyApp(kind);
  }, 180_000);
  afterAll(async () => t?.close());

  const create = (name: string, domainName: string, who: 'ops_user' | 'admin' = 'ops_user') =>
    t.call(who, 'POST', '/api/1.3/cdns', { name, domainName, dnssecEnabled: false });

  describe('GET cdns filters as Traffic Ops 1.x', () => {
    const names = async (query: string) => {
      const res = await t.call('ro_user', 'GET', `/api/1.4/cdns${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.response as Array<{ name: string }>).map((c) => c.name);
    };

    it('by domainName, dnssecEnabled, id and name, ordered and paged', async () => {
      expect(await names('?domainName=cdn1.example.test')).toEqual(['cdn1']);
      expect(await names('?domainName=nowhere.test')).toEqual([]);
      const all = await names('');
      expect(await names('?dnssecEnabled=false')).toEqual(all);
      expect(await names('?dnssecEnabled=true')).toEqual([]);
      expect(await names(`?id=${t.ids.cdn.id}&name=cdn1`)).toEqual(['cdn1']);
      expect(await names('?orderby=name&sortOrder=desc')).toEqual([...all].reverse());
      expect(await names('?orderby=name&limit=1&page=2')).toEqual([all[1]]);
    });

    it('refuses an id that is not an integer, and a session-less read', async () => {
      const bad = await t.call('ro_user', 'GET', '/api/1.4/cdns?id=x');
      expect([bad.status, errors(bad)]).toEqual([400, ['id cannot parse to integer']]);
      const anonymous = await t.app.inject({ method: 'GET', url: '/api/1.4/cdns' });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('GET cdns/:id and cdns/name/:name (deprecated)', () => {
    it.each(VERSIONS)('%s: answers the CDN in an array after the deprecation warning', async (v) => {
      const res = await t.call('ro_user', 'GET', `/api/${v}/cdns/${t.ids.cdn.id}`);
      expect(res.status).toBe(200);
      expect(res.body.alerts).toEqual([{ text: BY_ID, level: 'warning' }]);
      expect(res.body.response).toEqual([
        {
          dnssecEnabled: false,
          domainName: 'cdn1.example.test',
          id: t.ids.cdn.id,
          lastUpdated: expect.any(String),
          name: 'cdn1',
        },
      ]);
      const byName = await t.call('ro_user', 'GET', `/api/${v}/cdns/name/cdn1`);
      expect(byName.body.alerts).toEqual([{ text: BY_NAME, level: 'warning' }]);
      expect(byName.body.response).toEqual(res.body.response);
    });

    it('an unknown CDN is an empty array; an id that is no integer is 400 after the warning', async () => {
      expect((await t.call('ro_user', 'GET', '/api/1.3/cdns/99999')).body.response).toEqual([]);
      expect((await t.call('ro_user', 'GET', '/api/1.3/cdns/name/nope')).body.response).toEqual([]);
      const bad = await t.call('ro_user', 'GET', '/api/1.3/cdns/x1');
      expect(bad.status).toBe(400);
      expect(bad.body.alerts).toEqual([
        { text: BY_ID, level: 'warning' },
        { text: 'id cannot parse to integer', level: 'error' },
      ]);
    });
  });

  describe('POST cdns', () => {
    it('stores the CDN with its domain lower-cased, answers it and logs it', async () => {
      const res = await create('cdn-new', 'New.Example.TEST');
      expect(res.status).toBe(200);
      expect(res.body.alerts).toEqual([{ text: 'cdn was created.', level: 'success' }]);
      const cdn = res.body.response as { id: number; domainName: string; name: string; dnssecEnabled: boolean };
      expect(cdn).toMatchObject({ name: 'cdn-new', domainName: 'new.example.test', dnssecEnabled: false });
      expect(await t.store.cdns.byName('cdn-new')).toMatchObject({ id: cdn.id, domainName: 'new.example.test' });
      expect((await t.changes())[0]).toBe(`CDN: cdn-new, ID: ${cdn.id}, ACTION: Created cdn, keys: { id:${cdn.id} }`);
      const listed = await t.call('ro_user', 'GET', '/api/1.5/cdns?name=cdn-new');
      expect(listed.body.response).toEqual([cdn]);
    });

    it.each([
      [{ domainName: 'a.example.test', dnssecEnabled: true }, "'name' cannot be blank"],
      [
        { name: 'a b', domainName: 'a.example.test', dnssecEnabled: true },
        "'name' invalid characters found - Use alphanumeric . or - .",
      ],
      [{ name: 'ab', dnssecEnabled: true }, "'domainName' cannot be blank"],
      [{ name: 'ab', domainName: 'not a domain', dnssecEnabled: true }, "'domainName' not a valid domain name"],
      [{ name: '', domainName: '' }, "'name' cannot be blank, 'domainName' cannot be blank"],
      [{ name: 'ab', domainName: 'ab.example.test' }, 'dnssecEnabled is a required field'],
      [{ name: 'cdn1', domainName: 'other.example.test', dnssecEnabled: true }, "cdn name 'cdn1' already exists."],
      [
        { name: 'ab', domainName: 'CDN1.example.test', dnssecEnabled: true },
        "cdn domain_name 'cdn1.example.test' already exists.",
      ],
    ])('refuses %j: %s', async (body, text) => {
      const before = (await t.store.cdns.list()).length;
      const res = await t.call('ops_user', 'POST', '/api/1.3/cdns', body);
      expect([res.status, errors(res)]).toEqual([400, [text]]);
      expect((await t.store.cdns.list()).length).toBe(before);
    });

    it('refuses a field of the wrong type', async () => {
      const res = await t.call('ops_user', 'POST', '/api/1.3/cdns', {
        name: 'ab',
        domainName: 'x.test',
        dnssecEnabled: 'yes',
      });
      expect(res.status).toBe(400);
    });
  });

  describe('privileges: reads need read-only (10), writes operations (20)', () => {
    it.each(['ro_user', 'portal_user'] as const)('%s may read but not write', async (who) => {
      expect((await t.call(who, 'GET', `/api/1.3/cdns/${t.ids.cdn.id}`)).status).toBe(200);
      expect(
        (await t.call(who, 'POST', '/api/1.3/cdns', { name: 'z', domainName: 'z.test', dnssecEnabled: false })).status,
      ).toBe(403);
      expect(
        (
          await t.call(who, 'PUT', `/api/1.3/cdns/${t.ids.cdn.id}`, {
            name: 'cdn1',
            domainName: 'z.test',
            dnssecEnabled: false,
          })
        ).status,
      ).toBe(403);
      expect((await t.call(who, 'DELETE', `/api/1.3/cdns/${t.ids.cdn.id}`)).status).toBe(403);
      expect((await t.call(who, 'DELETE', '/api/1.3/cdns/name/cdn1')).status).toBe(403);
      expect((await t.store.cdns.byName('cdn1'))?.domainName).toBe('cdn1.example.test');
    });

    it("CDNs carry no tenant: an operations user of tenant-a writes them; the entry is the root tenant's", async () => {
      const res = await t.call('tenanta_user', 'POST', '/api/1.3/cdns', {
        name: 'cdn-a',
        domainName: 'a.example.test',
        dnssecEnabled: true,
      });
      expect(res.status).toBe(200);
      const seen = await t.store.changeLog.list({
        since: 0,
        limit: 100,
        visibleTenantIds: [t.ids.tenants.tenantA],
        username: null,
      });
      expect(seen.map((e) => e.message).filter((m) => m.startsWith('CDN: cdn-a'))).toEqual([]);
    });
  });

  describe('PUT cdns/:id', () => {
    it('replaces the fields, logs it, and a new domain queues updates on every cache of the CDN', async () => {
      await t.store.serverFlags.setUpdPending({}, null, false, t.clock.now());
      const id = t.ids.cdn.id;
      const same = await t.call('ops_user', 'PUT', `/api/1.3/cdns/${id}`, {
        name: 'cdn1',
        domainName: 'cdn1.example.test',
        dnssecEnabled: true,
      });
      expect(same.status).toBe(200);
      expect(same.body.alerts).toEqual([{ text: 'cdn was updated.', level: 'success' }]);
      expect((same.body.response as { dnssecEnabled: boolean }).dnssecEnabled).toBe(true);
      expect((await t.store.servers.list({ cdn: id }, null)).some((s) => s.updPending)).toBe(false);
      const moved = await t.call('ops_user', 'PUT', `/api/1.3/cdns/${id}`, {
        name: 'cdn1',
        domainName: 'cdn1.example.org',
        dnssecEnabled: false,
      });
      expect(moved.status).toBe(200);
      expect((await t.store.servers.list({ cdn: id }, null)).every((s) => s.updPending)).toBe(true);
      expect((await t.changes())[0]).toBe(`CDN: cdn1, ID: ${id}, ACTION: Updated cdn, keys: { id:${id} }`);
      await t.call('ops_user', 'PUT', `/api/1.3/cdns/${id}`, {
        name: 'cdn1',
        domainName: 'cdn1.example.test',
        dnssecEnabled: false,
      });
    });

    it('answers 404 for an unknown id, 400 for a bad one, and validates like POST', async () => {
      const body = { name: 'x', domainName: 'x.test', dnssecEnabled: false };
      const missing = await t.call('ops_user', 'PUT', '/api/1.3/cdns/99999', body);
      expect([missing.status, errors(missing)]).toEqual([404, ['no cdn found with this id']]);
      const bad = await t.call('ops_user', 'PUT', '/api/1.3/cdns/zz', body);
      expect([bad.status, errors(bad)]).toEqual([400, ['failed to parse key: id']]);
      const blank = await t.call('ops_user', 'PUT', `/api/1.3/cdns/${t.ids.cdn.id}`, { ...body, name: '' });
      expect([blank.status, errors(blank)]).toEqual([400, ["'name' cannot be blank"]]);
      const other = (await create('cdn-two', 'two.example.test')).body.response as { id: number };
      const taken = await t.call('ops_user', 'PUT', `/api/1.3/cdns/${other.id}`, { ...body, name: 'cdn1' });
      expect([taken.status, errors(taken)]).toEqual([400, ["cdn name 'cdn1' already exists."]]);
    });
  });

  describe('DELETE cdns/:id and cdns/name/:name', () => {
    it('refuses a CDN in use, with the text of the first use found', async () => {
      const byId = await t.call('ops_user', 'DELETE', `/api/1.3/cdns/${t.ids.cdn.id}`);
      expect([byId.status, errors(byId)]).toEqual([400, ['cannot delete cdn because it is being used by a server']]);
      const byName = await t.call('ops_user', 'DELETE', '/api/1.3/cdns/name/cdn1');
      expect([byName.status, errors(byName)]).toEqual([
        400,
        ['Failed to delete cdn name = cdn1 has delivery services or servers'],
      ]);
      expect(await t.store.cdns.byName('cdn1')).not.toBeNull();
    });

    it('answers 404 for an unknown CDN', async () => {
      const byId = await t.call('ops_user', 'DELETE', '/api/1.3/cdns/99999');
      expect([byId.status, errors(byId)]).toEqual([404, ['no cdn with that key found']]);
      const byName = await t.call('ops_user', 'DELETE', '/api/1.3/cdns/name/nope');
      expect([byName.status, errors(byName)]).toEqual([404, ['Not Found']]);
    });

    it('deletes an unused CDN by id or by name, and logs each', async () => {
      const one = (await create('gone-1', 'g1.example.test')).body.response as { id: number };
      const del = await t.call('ops_user', 'DELETE', `/api/1.3/cdns/${one.id}`);
      expect([del.status, del.body]).toEqual([200, { alerts: [{ text: 'cdn was deleted.', level: 'success' }] }]);
      expect((await t.changes())[0]).toBe(`CDN: gone-1, ID: ${one.id}, ACTION: Deleted cdn, keys: { id:${one.id} }`);
      const two = (await create('gone-2', 'g2.example.test')).body.response as { id: number };
      const named = await t.call('ops_user', 'DELETE', '/api/1.5/cdns/name/gone-2');
      expect(named.status).toBe(200);
      expect((await t.changes())[0]).toBe(`CDN: gone-2, ID: ${two.id}, ACTION: Deleted CDN`);
      expect(await t.store.cdns.byName('gone-1')).toBeNull();
      expect(await t.store.cdns.byName('gone-2')).toBeNull();
    });
  });
});
