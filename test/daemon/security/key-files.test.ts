import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMasterKey } from '../../../daemon/services/vault/master-key.js';
import { openVaultDatabase, sqliteKeyStore } from '../../../daemon/store/sqlite/keystore.js';
import { Vault } from '../../../daemon/services/vault/vault.js';
import { eachStore } from '../../helpers/store-kinds.js';
import { makeTlsFixtures } from '../vault/tls-fixtures.js';
import { alertsOf, goldenApp, type GoldenApp } from './fixture.js';

/*
 * Issue 28, finding 1: the cache files that carry key-store secrets (url_sig_<xmlId>.config, ssl_multicert.config,
 * the .crt/.key files) go only to a caller who may read that delivery service's keys (an admin who sees its
 * tenant, as the key routes) and to the server's own agent, never to another tenant's admin or another cache's
 * ORT login, whatever spelling of the URL; and one sealed secret that no longer opens fails only its own file.
 * edge1a serves ds1 (root tenant) and ds2 (tenant-a); tenanta_admin is an admin of tenant-a; ort_user is bound to
 * every cache of cdn1 (test/fixtures/caches.snapshot.json).
 */

const ORT_ROLE = 7;
const TLS_HOST = 'ds1.example.test';
type Listing = { configFiles: { fnameOnDisk: string; apiUri: string }[] };

eachStore((kind) => {
  let t: GoldenApp;
  let vaultDb: ReturnType<typeof openVaultDatabase>;
  let keys: Record<'ds1' | 'ds2', string>;
  let leafKey: string;
  const cookies = {} as Record<'admin' | 'tenantAdmin' | 'ort' | 'otherOrt' | 'ops', string>;

  const sql = async (text: string) => {
    if (t.pool) await t.pool.query(text);
    else t.db.prepare(text).run();
  };
  const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const names = async (host: string, cookie: string) => {
    const res = await get(`/api/1.3/servers/${host}/configfiles/ats`, cookie);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return (res.json() as Listing).configFiles.map((f) => f.fnameOnDisk);
  };

  beforeAll(async () => {
    vaultDb = openVaultDatabase(':memory:');
    const vault = await Vault.open(sqliteKeyStore(vaultDb), newMasterKey(), '');
    t = await goldenApp({ storeKind: kind, vault });
    await sql("UPDATE deliveryservices SET signing_algorithm = 'url_sig' WHERE xml_id IN ('ds1', 'ds2')");
    await sql("UPDATE deliveryservices SET protocol = 1 WHERE xml_id = 'ds1'");
    await t.setRole('tenanta_user', ORT_ROLE);
    cookies.admin = await t.session('admin');
    cookies.tenantAdmin = await t.session('tenanta_admin');
    cookies.ort = await t.session('ort_user');
    cookies.otherOrt = await t.session('tenanta_user');
    cookies.ops = await t.session('ops_user');
    keys = {} as typeof keys;
    for (const ds of ['ds1', 'ds2'] as const) {
      const made = await t.app.inject({
        method: 'POST',
        url: `/api/1.1/deliveryservices/xmlId/${ds}/urlkeys/generate`,
        headers: { cookie: cookies.admin },
        payload: {},
      });
      expect(made.statusCode, made.body).toBe(200);
      keys[ds] = (await get(`/api/1.1/deliveryservices/xmlId/${ds}/urlkeys`, cookies.admin)).json().response.key0;
    }
    const fx = makeTlsFixtures(TLS_HOST);
    leafKey = fx.leafKey;
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/1.1/deliveryservices/sslkeys/add',
      headers: { cookie: cookies.admin },
      payload: {
        key: 'ds1',
        cdn: 'cdn1',
        hostname: TLS_HOST,
        version: 1,
        certificate: { crt: fx.leaf + fx.intermediate, key: fx.leafKey, csr: fx.csr },
      },
    });
    expect(add.statusCode, add.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Every spelling of one file's URL: by host name, by id, with `%2E` for the dot, with a trailing slash. */
  const spellings = (file: string) => [
    `/api/1.3/servers/edge1a/configfiles/ats/${file}`,
    `/api/1.3/servers/${t.ids.servers.tenantA}/configfiles/ats/${file}`,
    `/api/1.1/servers/edge1a/configfiles/ats/${file.replace(/\./g, '%2E')}`,
    `/api/1.5/servers/edge1a/configfiles/ats/${file}/`,
  ];

  describe('key-store files across tenants (issue 28)', () => {
    it("refuses another tenant's admin the files of a root-tenant delivery service, however the URL is spelt", async () => {
      const secrets = [keys.ds1, 'BEGIN PRIVATE KEY', leafKey.split('\n')[1]];
      for (const file of ['url_sig_ds1.config', `${TLS_HOST}.key`, `${TLS_HOST}.crt`, 'ssl_multicert.config']) {
        for (const url of spellings(file)) {
          const res = await get(url, cookies.tenantAdmin);
          expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(403);
          expect(alertsOf(res)[0].level).toBe('error');
          for (const secret of secrets) expect(res.body).not.toContain(secret);
        }
      }
    });

    it("serves a tenant admin its own tenant's files, and lists only those", async () => {
      const own = await get('/api/1.3/servers/edge1a/configfiles/ats/url_sig_ds2.config', cookies.tenantAdmin);
      expect(own.statusCode).toBe(200);
      expect(own.body).toContain(`key0 = ${keys.ds2}`);
      const listed = await names('edge1a', cookies.tenantAdmin);
      expect(listed).toContain('url_sig_ds2.config');
      expect(listed).toContain('remap.config');
      for (const file of ['url_sig_ds1.config', 'ssl_multicert.config', `${TLS_HOST}.key`, `${TLS_HOST}.crt`])
        expect(listed).not.toContain(file);
    });

    it('refuses an ORT login the key files of a cache it is not bound to, and lists none of them to it', async () => {
      for (const file of ['url_sig_ds1.config', 'url_sig_ds2.config', `${TLS_HOST}.key`, 'ssl_multicert.config']) {
        for (const url of spellings(file)) {
          const res = await get(url, cookies.otherOrt);
          expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(403);
          expect(res.body).not.toContain(keys.ds1);
          expect(res.body).not.toContain(keys.ds2);
        }
      }
      const listed = await names('edge1a', cookies.otherOrt);
      expect(listed).toContain('remap.config');
      expect(listed.filter((n) => /^url_sig_|\.key$|\.crt$|^ssl_multicert/.test(n))).toEqual([]);
    });

    it("serves the server's own agent and a root admin every key file, listed with its URI", async () => {
      for (const cookie of [cookies.ort, cookies.admin]) {
        const listed = await names('edge1a', cookie);
        expect(listed).toEqual(
          expect.arrayContaining([
            'url_sig_ds1.config',
            'url_sig_ds2.config',
            'ssl_multicert.config',
            `${TLS_HOST}.crt`,
            `${TLS_HOST}.key`,
          ]),
        );
        const res = await get('/api/1.3/servers/edge1a/configfiles/ats/url_sig_ds1.config', cookie);
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain(`key0 = ${keys.ds1}`);
        expect((await get(`/api/1.3/servers/edge1a/configfiles/ats/${TLS_HOST}.key`, cookie)).body).toBe(
          leafKey.replace(/\s*$/, '\n'),
        );
      }
      expect((await get('/api/1.3/servers/edge1a/configfiles/ats/url_sig_ds1.config', cookies.ops)).statusCode).toBe(
        403,
      );
    });

    it('never hands a key file, or a whole set holding one, to another caller from the response cache', async () => {
      // Another ORT login of the same tenant and level as the cache's own: the response cache's key is the same.
      await t.setRole('portal_user', ORT_ROLE);
      const sameTenant = await t.session('portal_user');
      const file = '/api/1.3/servers/edge1a/configfiles/ats/url_sig_ds1.config';
      const set = '/api/1.3/servers/edge1a/configfiles/ats/all';
      for (let round = 0; round < 2; round++) {
        // At once (a computation another request waits for) and one after the other (a kept answer).
        const [own, other, ownSet, otherSet] = await Promise.all([
          get(file, cookies.ort),
          get(file, sameTenant),
          get(set, cookies.ort),
          get(set, sameTenant),
        ]);
        expect(own.statusCode).toBe(200);
        expect(own.body).toContain(`key0 = ${keys.ds1}`);
        expect(other.statusCode).toBe(403);
        expect(ownSet.statusCode).toBe(200);
        expect(ownSet.body).toContain(keys.ds1);
        expect(otherSet.statusCode).toBe(200);
        expect(otherSet.body).not.toContain(keys.ds1);
        expect(otherSet.body).not.toContain(keys.ds2);
        expect((await get(file, sameTenant)).statusCode).toBe(403);
        expect((await get(set, sameTenant)).body).not.toContain(keys.ds1);
      }
    });

    it('never serves a key file at a profile- or CDN-scoped URI', async () => {
      for (const url of [
        '/api/1.3/profiles/EDGE_PROFILE1/configfiles/ats/url_sig_ds1.config',
        '/api/1.3/cdns/cdn1/configfiles/ats/url_sig_ds1.config',
      ]) {
        const res = await get(url, cookies.tenantAdmin);
        expect(res.statusCode, url).toBe(404);
        expect(res.body).not.toContain(keys.ds1);
      }
    });
  });

  describe('a sealed secret that no longer opens (issue 28)', () => {
    it('fails only its own file: the list answers, without it; the file is an error alert, not a 500', async () => {
      const corrupt = Buffer.concat([Buffer.from([1]), Buffer.alloc(40, 7)]);
      vaultDb.prepare("UPDATE secret SET sealed = ? WHERE kind = 'url_sig' AND owner = 'ds1'").run(corrupt);
      const listed = await names('edge1a', cookies.ort);
      expect(listed).not.toContain('url_sig_ds1.config');
      expect(listed).toEqual(
        expect.arrayContaining(['url_sig_ds2.config', 'ssl_multicert.config', `${TLS_HOST}.key`, 'remap.config']),
      );
      const broken = await get('/api/1.3/servers/edge1a/configfiles/ats/url_sig_ds1.config', cookies.ort);
      expect(broken.statusCode).toBe(503);
      expect(alertsOf(broken)[0]).toMatchObject({ level: 'error' });
      expect((await get('/api/1.3/servers/edge1a/configfiles/ats/url_sig_ds2.config', cookies.ort)).body).toContain(
        `key0 = ${keys.ds2}`,
      );

      vaultDb.prepare("UPDATE secret SET sealed = ? WHERE kind = 'ssl' AND owner = 'ds1'").run(corrupt);
      const afterTls = await names('edge1a', cookies.ort);
      // ssl_multicert.config without ds1's line would drop its TLS on reload: left out, so the cache keeps its copy.
      for (const file of ['ssl_multicert.config', `${TLS_HOST}.key`, `${TLS_HOST}.crt`])
        expect(afterTls).not.toContain(file);
      expect(afterTls).toContain('url_sig_ds2.config');
      expect((await get('/api/1.3/servers/edge1a/configfiles/ats/ssl_multicert.config', cookies.ort)).statusCode).toBe(
        503,
      );
    });
  });
});
