import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { VERSIONS } from '../../../daemon/versions.js';
import { CDNCTL_VERSION } from '../../../daemon/services/package-version.js';
import { eachStore } from '../../helpers/store-kinds.js';
import { error, placesApp, type PlacesApp } from './harness.js';

/** Statuses, ASNs and the misc reads (issue 30, reference §3 and §9), on both stores. */
eachStore((kind) => {
  let p: PlacesApp;
  const dir = mkdtempSync(join(tmpdir(), 'cdnctl-osversions-'));
  beforeAll(async () => {
    p = await placesApp(kind);
  }, 60_000);
  afterAll(async () => {
    await p?.t.close();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await p.newLog();
  });

  /** Runs SQL written with $1, $2… on whichever store the app has. */
  async function sql(text: string, ...values: (string | number | null)[]): Promise<void> {
    if (p.t.pool) await p.t.pool.query(text, values);
    else p.t.db.prepare(text.replace(/\$\d+/g, '?')).run(...values);
  }
  const parameter = (name: string, configFile: string, value: string, secure = 0) =>
    sql(
      'INSERT INTO parameters (name, config_file, value, secure, last_updated) VALUES ($1, $2, $3, $4, 0)',
      name,
      configFile,
      value,
      secure,
    );

  describe('statuses', () => {
    it.each(VERSIONS)('%s: lists the seeded statuses, creates, renames and deletes one', async (v) => {
      const list = await p.ok<{ response: { name: string }[] }>('ro_user', 'GET', `/api/${v}/statuses`);
      expect(list.response.map((s) => s.name)).toEqual(
        expect.arrayContaining(['ADMIN_DOWN', 'OFFLINE', 'ONLINE', 'PRE_PROD', 'REPORTED']),
      );
      const name = `CHECKED_${v.replace('.', '')}`;
      const created = await p.ok<{ response: { id: number } }>('ops_user', 'POST', `/api/${v}/statuses`, { name });
      const id = created.response.id;
      expect(created.response).toEqual({ description: null, id, lastUpdated: '2026-11-21 12:00:00+00', name });
      const byId = await p.ok('ro_user', 'GET', `/api/${v}/statuses/${id}`);
      expect(byId.alerts).toEqual([
        { level: 'warning', text: 'This endpoint is deprecated, and will be removed in the future' },
      ]);
      const renamed = await p.ok<{ response: unknown }>('ops_user', 'PUT', `/api/${v}/statuses/${id}`, {
        name: `${name}_2`,
        description: 'checked by hand',
      });
      expect(renamed.response).toEqual({
        description: 'checked by hand',
        id,
        lastUpdated: '2026-11-21 12:00:00+00',
        name: `${name}_2`,
      });
      await p.ok('ops_user', 'DELETE', `/api/${v}/statuses/${id}`);
      expect(await p.newLog()).toEqual([
        `STATUS: ${name}, ID: ${id}, ACTION: Created status, keys: { id:${id} }`,
        `STATUS: ${name}_2, ID: ${id}, ACTION: Updated status, keys: { id:${id} }`,
        `STATUS: ${name}_2, ID: ${id}, ACTION: Deleted status, keys: { id:${id} }`,
      ]);
    });

    it('keeps a status servers use: no delete, no rename; its description may change', async () => {
      const reported = (await p.ok<{ response: { id: number }[] }>('ro_user', 'GET', '/api/1.5/statuses?name=REPORTED'))
        .response[0].id;
      expect(await p.fails(400, 'ops_user', 'DELETE', `/api/1.5/statuses/${reported}`)).toEqual(
        error('cannot delete status because it is being used by a server'),
      );
      expect(await p.fails(400, 'ops_user', 'PUT', `/api/1.5/statuses/${reported}`, { name: 'SEEN' })).toEqual(
        error('cannot change the name of status because it is being used by a server'),
      );
      const kept = await p.ok<{ response: { name: string; description: string } }>(
        'ops_user',
        'PUT',
        `/api/1.5/statuses/${reported}`,
        {
          name: 'REPORTED',
          description: 'reported by the health protocol',
        },
      );
      expect(kept.response).toMatchObject({ name: 'REPORTED', description: 'reported by the health protocol' });
      expect(await p.newLog()).toHaveLength(1);
    });

    it('refuses a blank or taken name and callers below operations', async () => {
      expect(await p.fails(400, 'ops_user', 'POST', '/api/1.5/statuses', { description: 'x' })).toEqual(
        error("'name' cannot be blank"),
      );
      expect(await p.fails(400, 'ops_user', 'POST', '/api/1.5/statuses', { name: 'ONLINE' })).toEqual(
        error("status name 'ONLINE' already exists."),
      );
      await p.fails(403, 'ro_user', 'POST', '/api/1.5/statuses', { name: 'NEW' });
      await p.fails(403, 'portal_user', 'DELETE', '/api/1.5/statuses/1');
    });
  });

  describe('asns', () => {
    it('1.1 wraps the list in {"asns": […]}; 1.2 and up answer an array', async () => {
      const cg = p.t.ids.cachegroup;
      const created = await p.ok<{ response: { id: number } }>('ops_user', 'POST', '/api/1.1/asns', {
        asn: 64500,
        cachegroupId: cg,
      });
      const id = created.response.id;
      const record = {
        asn: 64500,
        cachegroup: 'edge-cg2',
        cachegroupId: cg,
        id,
        lastUpdated: '2026-11-21 12:00:00+00',
      };
      expect(created).toEqual({ alerts: [{ level: 'success', text: 'asn was created.' }], response: record });
      expect(await p.ok('ro_user', 'GET', '/api/1.1/asns')).toEqual({ response: { asns: [record] } });
      for (const v of ['1.2', '1.3', '1.4', '1.5']) {
        expect(await p.ok('ro_user', 'GET', `/api/${v}/asns?cachegroupName=edge-cg2`)).toEqual({ response: [record] });
      }
      expect(await p.ok('ro_user', 'GET', `/api/1.5/asns/${id}`)).toEqual({
        alerts: [{ level: 'warning', text: 'This endpoint is deprecated, please use GET /asns instead' }],
        response: [record],
      });
      expect(await p.newLog()).toEqual([`ASN: 64500, ID: ${id}, ACTION: Created asn, keys: { id:${id} }`]);
      await p.ok('ops_user', 'DELETE', `/api/1.1/asns/${id}`);
    });

    it('writes by path at 1.1 and by ?id= from 1.3; a duplicate number is refused with the create or update text', async () => {
      const cg = p.t.ids.cachegroup;
      const a = (
        await p.ok<{ response: { id: number } }>('ops_user', 'POST', '/api/1.3/asns', { asn: 1, cachegroupId: cg })
      ).response.id;
      const b = (
        await p.ok<{ response: { id: number } }>('ops_user', 'POST', '/api/1.3/asns', { asn: 2, cachegroupId: cg })
      ).response.id;
      expect(await p.fails(400, 'ops_user', 'POST', '/api/1.3/asns', { asn: 1, cachegroupId: cg })).toEqual(
        error('an asn with the specified number already exists'),
      );
      expect(await p.fails(400, 'ops_user', 'PUT', `/api/1.3/asns?id=${b}`, { asn: 1, cachegroupId: cg })).toEqual(
        error('another asn exists for this number'),
      );
      expect((await p.call('ops_user', 'PUT', `/api/1.2/asns?id=${b}`, { asn: 3, cachegroupId: cg })).statusCode).toBe(
        404,
      );
      await p.ok('ops_user', 'PUT', `/api/1.2/asns/${b}`, { asn: 3, cachegroupId: cg });
      await p.ok('ops_user', 'DELETE', `/api/1.3/asns?id=${a}`);
      await p.ok('ops_user', 'DELETE', `/api/1.1/asns/${b}`);
      expect(await p.newLog()).toHaveLength(5);
    });

    it('refuses missing, negative and non-integer numbers, an unknown cache group, and read-only callers', async () => {
      expect(await p.fails(400, 'ops_user', 'POST', '/api/1.5/asns', {})).toEqual(
        error("'asn' is required, 'cachegroupId' is required"),
      );
      expect(await p.fails(400, 'ops_user', 'POST', '/api/1.5/asns', { asn: -1, cachegroupId: 1.5 })).toEqual(
        error("'cachegroupId' must be an integer, 'asn' must be no less than 0"),
      );
      expect(await p.fails(404, 'ops_user', 'POST', '/api/1.5/asns', { asn: 7, cachegroupId: 999999 })).toEqual(
        error('cachegroup not found'),
      );
      await p.fails(403, 'ro_user', 'POST', '/api/1.5/asns', { asn: 7, cachegroupId: p.t.ids.cachegroup });
      expect(await p.newLog()).toEqual([]);
    });
  });

  describe('misc reads', () => {
    it('about: unwrapped, from 1.3', async () => {
      expect((await p.call('ro_user', 'GET', '/api/1.2/about')).statusCode).toBe(404);
      expect(await p.ok('ro_user', 'GET', '/api/1.3/about')).toEqual({
        release: '',
        name: 'cdnctl',
        RPMVersion: `cdnctl-${CDNCTL_VERSION}`,
        Version: CDNCTL_VERSION,
      });
    });

    it('system/info without global parameters: the defaults the 1.x cache tooling reads', async () => {
      const res = await p.ok<{ response: { parameters: Record<string, string> } }>(
        'ro_user',
        'GET',
        '/api/1.4/system/info',
      );
      expect(res.response.parameters).toMatchObject({ use_reval_pending: '1', 'tm.toolname': 'cdnctl' });
      const anonymous = await p.t.app.inject({ method: 'GET', url: '/api/1.4/system/info' });
      expect(anonymous.statusCode).toBe(401);
    });

    it('system/info: the global parameters, secure ones to admins only, also at .json', async () => {
      await parameter('tm.toolname', 'global', 'cdnctl');
      await parameter('tm.url', 'global', 'https://cdnctl.example.test/');
      await parameter('use_reval_pending', 'global', '1');
      await parameter('tm.secret', 'global', 'hush', 1);
      await parameter('not.global', 'records.config', 'x');
      const ro = await p.ok<{ response: { parameters: Record<string, string> } }>(
        'ro_user',
        'GET',
        '/api/1.4/system/info.json',
      );
      expect(ro.response.parameters).toMatchObject({
        'tm.toolname': 'cdnctl',
        'tm.url': 'https://cdnctl.example.test/',
        use_reval_pending: '1',
      });
      expect(ro.response.parameters).not.toHaveProperty('tm.secret');
      expect(ro.response.parameters).not.toHaveProperty('not.global');
      const admin = await p.ok<{ response: { parameters: Record<string, string> } }>(
        'admin',
        'GET',
        '/api/1.1/system/info',
      );
      expect(admin.response.parameters['tm.secret']).toBe('hush');
    });

    it('osversions: osversions.json from kickstart.files.location; none there is none; a broken one a 500', async () => {
      expect(await p.ok('ro_user', 'GET', '/api/1.1/osversions')).toEqual({ response: {} });
      await parameter('kickstart.files.location', 'mkisofs', dir);
      expect(await p.ok('ro_user', 'GET', '/api/1.1/osversions')).toEqual({ response: {} });
      writeFileSync(join(dir, 'osversions.json'), '{not json');
      expect(await p.fails(500, 'ro_user', 'GET', '/api/1.1/osversions')).toEqual(error('Internal Server Error'));
      writeFileSync(join(dir, 'osversions.json'), JSON.stringify({ 'CentOS 7.2': 'centos72', Rocky: 'rocky8' }));
      expect(await p.ok('ro_user', 'GET', '/api/1.1/osversions')).toEqual({
        response: { 'CentOS 7.2': 'centos72', Rocky: 'rocky8' },
      });
    });

    it('api_capabilities: an empty list (privilege levels are what cdnctl enforces), its query still read', async () => {
      expect(await p.ok('ro_user', 'GET', '/api/1.1/api_capabilities?capability=cdn-read')).toEqual({ response: [] });
      expect(await p.fails(400, 'ro_user', 'GET', '/api/1.1/api_capabilities?id=x')).toEqual(
        error('id cannot parse to integer'),
      );
      for (const url of [
        '/api/1.1/api_capabilities',
        '/api/1.1/system/info',
        '/api/1.3/about',
        '/api/1.1/osversions',
      ]) {
        expect((await p.t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      }
    });
  });
});
