import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goldenApp, type GoldenApp } from '../security/fixture.js';
import { eachStore } from '../../helpers/store-kinds.js';

/*
 * Issue 34 (4): what the Go client and ORT read of the cache routes. GET /api/1.4/servers/:id/deliveryservices in
 * the newest shape (ecsEnabled, rangeSliceBlockSize), the profile and CDN file URIs by name or id
 * (GetATSProfileConfig(id), GetATSCDNConfig(id)), and Whole-Content-SHA512 on every file.
 */

eachStore((kind) => {
  let t: GoldenApp;
  let ops: string;
  beforeAll(async () => {
    t = await goldenApp({ storeKind: kind });
    ops = await t.session('ops_user');
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: ops } });
  const sha512 = (text: string) => createHash('sha512').update(text, 'utf8').digest('base64');

  describe('GET servers/:id/deliveryservices', () => {
    it('carries ecsEnabled and rangeSliceBlockSize at 1.4 and 1.5, as the Go server sent them', async () => {
      for (const version of ['1.4', '1.5']) {
        const res = await get(`/api/${version}/servers/${t.ids.servers.tenantA}/deliveryservices`);
        expect(res.statusCode, res.body).toBe(200);
        const list = res.json().response as Array<Record<string, unknown>>;
        expect(list.map((ds) => ds.xmlId).sort()).toEqual(['ds1', 'ds2']);
        for (const ds of list) {
          expect(ds.ecsEnabled, version).toBe(false);
          expect(ds.rangeSliceBlockSize, version).toBeNull();
        }
      }
    });

    // Not a record the seed fixes: Traffic Ops' own types at 1.3 too (issue 34, item 3).
    it("answers Traffic Ops' numbers at 1.3", async () => {
      const res = await get(`/api/1.3/servers/${t.ids.servers.tenantA}/deliveryservices`);
      expect(res.statusCode).toBe(200);
      expect(typeof res.json().response[0].cdnId).toBe('number');
      expect(res.json().response[0]).toHaveProperty('rangeSliceBlockSize');
    });
  });

  describe('profile and CDN file URIs', () => {
    it('serve a profile file by name or by id, the same text', async () => {
      const profile = (await t.store.profiles.list({ name: 'EDGE_PROFILE1' }))[0];
      const byName = await get('/api/1.4/profiles/EDGE_PROFILE1/configfiles/ats/records.config');
      const byId = await get(`/api/1.4/profiles/${profile.id}/configfiles/ats/records.config`);
      expect(byName.statusCode, byName.body).toBe(200);
      expect(byId.statusCode, byId.body).toBe(200);
      expect(byId.body).toBe(byName.body);
      expect(byId.headers['whole-content-sha512']).toBe(sha512(byId.body));
    });

    it('serve a CDN file by name or by id, regex_revalidate.config included', async () => {
      const cdn = (await t.store.cdns.byName('cdn1'))!;
      for (const file of ['regex_revalidate.config']) {
        const byName = await get(`/api/1.4/cdns/cdn1/configfiles/ats/${file}`);
        const byId = await get(`/api/1.4/cdns/${cdn.id}/configfiles/ats/${file}`);
        expect(byName.statusCode, byName.body).toBe(200);
        expect(byId.statusCode, byId.body).toBe(200);
        expect(byId.body).toBe(byName.body);
        expect(byName.headers['whole-content-sha512']).toBe(sha512(byName.body));
      }
    });

    it('answers 404 for an id that names nothing', async () => {
      expect((await get('/api/1.4/profiles/999999/configfiles/ats/records.config')).statusCode).toBe(404);
      expect((await get('/api/1.4/cdns/999999/configfiles/ats/regex_revalidate.config')).statusCode).toBe(404);
    });

    it("sets the SHA-512 on a server's own files and names the server in the list's info", async () => {
      const list = await get('/api/1.4/servers/edge1a/configfiles/ats');
      expect(list.json().info.serverName).toBe('edge1a');
      const remap = await get('/api/1.4/servers/edge1a/configfiles/ats/remap.config');
      expect(remap.statusCode).toBe(200);
      expect(remap.headers['whole-content-sha512']).toBe(sha512(remap.body));
    });
  });
});
