import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERSIONS } from '../../../daemon/versions.js';
import { Vault } from '../../../daemon/services/vault/vault.js';
import { alertsOf, goldenApp, type GoldenApp } from '../security/fixture.js';
import { makeTlsFixtures } from '../vault/tls-fixtures.js';

/*
 * The cache configuration routes (issue 16) over the golden and caches snapshots: cdn1 has MIDs mid1/mid2 in
 * mid-cg over the EDGE groups; edge1a serves ds1 and ds2. `ro_user` is made an ORT user (role 7, level 11) and
 * the agent of edge1a, edge2a and mid1 (issue 28: a cache's key-store files go to its own agent).
 */

/** Binds `username` to the caches `hosts` (their agent). */
async function bindAgent(app: GoldenApp, username: 'ro_user', hosts: string[]): Promise<void> {
  const user = (await app.store.users.byUsername(username))!;
  for (const host of hosts) {
    const server = (await app.store.servers.byHostName(host, null))!;
    await app.store.serverAgents.replace(server.id, [...(await agentIds(app, server.id)), user.id]);
  }
}
const agentIds = async (app: GoldenApp, serverId: number) =>
  Promise.all(
    (await app.store.serverAgents.usernames(serverId)).map(
      async (name) => (await app.store.users.byUsername(name))!.id,
    ),
  );

const ORT_ROLE = 7;
interface ConfigFile {
  fnameOnDisk: string;
  location: string;
  apiUri: string;
  scope: string;
}

let t: GoldenApp;
let ops: string;
let ort: string;
beforeAll(async () => {
  t = await goldenApp();
  await t.setRole('ro_user', ORT_ROLE);
  await bindAgent(t, 'ro_user', ['edge1a', 'edge2a', 'mid1']);
  ops = await t.session('ops_user');
  ort = await t.session('ro_user');
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

describe('GET servers/:host-or-id/configfiles/ats', () => {
  it('lists the files at every version, by host name or id, with their URIs at that version', async () => {
    for (const version of VERSIONS) {
      for (const ref of ['edge1a', String(t.ids.servers.tenantA)]) {
        const res = await get(`/api/${version}/servers/${ref}/configfiles/ats`, ops);
        expect(res.statusCode, `${version} ${ref}`).toBe(200);
        const body = res.json() as { info: Record<string, unknown>; configFiles: ConfigFile[] };
        expect(body.info).toMatchObject({
          cdnName: 'cdn1',
          serverId: t.ids.servers.tenantA,
          profileName: 'EDGE_PROFILE1',
        });
        const remap = body.configFiles.find((f) => f.fnameOnDisk === 'remap.config');
        expect(remap).toEqual({
          fnameOnDisk: 'remap.config',
          location: '/etc/trafficserver',
          scope: 'servers',
          apiUri: `/api/${version}/servers/edge1a/configfiles/ats/remap.config`,
        });
        const names = body.configFiles.map((f) => f.fnameOnDisk);
        for (const name of [
          'parent.config',
          'records.config',
          'regex_revalidate.config',
          'ip_allow.yaml',
          'logging.yaml',
        ]) {
          expect(names).toContain(name);
        }
      }
    }
  });

  it('lets the ORT role and operations in, not the portal role (Traffic Ops 1.x)', async () => {
    expect((await get('/api/1.3/servers/edge1a/configfiles/ats', ort)).statusCode).toBe(200);
    const portal = await get('/api/1.3/servers/edge1a/configfiles/ats', await t.session('portal_user'));
    expect(portal.statusCode).toBe(403);
    expect(alertsOf(portal)).toEqual([{ level: 'error', text: 'Forbidden.' }]);
  });

  it('answers 404 for an unknown server', async () => {
    const res = await get('/api/1.3/servers/nosuchcache/configfiles/ats', ops);
    expect(res.statusCode).toBe(404);
    expect(alertsOf(res)).toEqual([{ level: 'error', text: "server 'nosuchcache' not found" }]);
  });
});

describe('each file at its apiUri', () => {
  it('serves every listed file as text, for an EDGE and a MID, to the ORT role', async () => {
    for (const host of ['edge1a', 'mid1']) {
      const list = (await get(`/api/1.3/servers/${host}/configfiles/ats`, ort)).json() as { configFiles: ConfigFile[] };
      for (const file of list.configFiles) {
        const res = await get(file.apiUri, ort);
        expect(res.statusCode, `${host} ${file.apiUri}: ${res.body.slice(0, 200)}`).toBe(200);
        expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      }
    }
  });

  it('gives the EDGE remap rules for its services and its MIDs as parents', async () => {
    const remap = await get('/api/1.2/servers/edge1a/configfiles/ats/remap.config', ops);
    expect(remap.body).toMatch(/^# DO NOT EDIT - remap.config generated for /);
    expect(remap.body).toMatch(/^map http:\/\/\S+\.ds1\.\S+\/ \S+/m);
    expect(remap.body).toMatch(/^map http:\/\/\S+\.ds2\.\S+\/ \S+/m);
    const parent = await get('/api/1.2/servers/edge1a/configfiles/ats/parent.config', ops);
    expect(parent.body).toMatch(/parent="mid1\.cdn1\.example\.test:\d+\|0\.999;mid2\.cdn1\.example\.test:\d+\|0\.999"/);
  });

  it('answers 404 in an alert for a file the server does not install', async () => {
    for (const url of [
      '/api/1.3/servers/edge1a/configfiles/ats/nosuch.config',
      '/api/1.3/profiles/EDGE_PROFILE1/configfiles/ats/nosuch.config',
      '/api/1.3/cdns/cdn1/configfiles/ats/nosuch.config',
      '/api/1.3/profiles/NO_SUCH_PROFILE/configfiles/ats/records.config',
    ]) {
      const res = await get(url, ops);
      expect(res.statusCode, url).toBe(404);
      expect(alertsOf(res)[0]?.level).toBe('error');
    }
  });

  it('serves profile and CDN files at their scoped URIs, the same text as at the server', async () => {
    const scoped = await get('/api/1.1/profiles/EDGE_PROFILE1/configfiles/ats/records.config', ort);
    expect(scoped.statusCode).toBe(200);
    expect(scoped.body).toBe((await get('/api/1.1/servers/edge1a/configfiles/ats/records.config', ort)).body);
    const reval = await get('/api/1.1/cdns/cdn1/configfiles/ats/regex_revalidate.config', ort);
    expect(reval.statusCode).toBe(200);
  });
});

describe('key-store files', () => {
  it("lists url_sig_<xmlId>.config for a signed service and serves it to the cache's agent and admin only", async () => {
    t.db.prepare("UPDATE deliveryservices SET signing_algorithm = 'url_sig' WHERE xml_id = 'ds1'").run();
    const admin = await t.session('admin');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/1.1/deliveryservices/xmlId/ds1/urlkeys/generate',
          headers: { cookie: admin },
          payload: {},
        })
      ).statusCode,
    ).toBe(200);
    const keys = (await get('/api/1.1/deliveryservices/xmlId/ds1/urlkeys', admin)).json().response as Record<
      string,
      string
    >;
    const list = (await get('/api/1.3/servers/edge1a/configfiles/ats', ort)).json() as { configFiles: ConfigFile[] };
    const entry = list.configFiles.find((f) => f.fnameOnDisk === 'url_sig_ds1.config');
    expect(entry?.apiUri).toBe('/api/1.3/servers/edge1a/configfiles/ats/url_sig_ds1.config');
    const file = await get(entry!.apiUri, ort);
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain(`key0 = ${keys.key0}`);
    expect((await get(entry!.apiUri, admin)).statusCode).toBe(200);
    const refused = await get(entry!.apiUri, ops);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain(keys.key0);
  });

  it("lists ssl_multicert.config and the certificate files of an HTTPS service with TLS keys, for the cache's agent", async () => {
    t.db.prepare("UPDATE deliveryservices SET protocol = 1 WHERE xml_id = 'ds2'").run();
    const admin = await t.session('admin');
    const fx = makeTlsFixtures('ds2.example.test');
    const certificate = { crt: fx.leaf + fx.intermediate, key: fx.leafKey, csr: fx.csr };
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/1.1/deliveryservices/sslkeys/add',
      headers: { cookie: admin },
      payload: { key: 'ds2', cdn: 'cdn1', hostname: 'ds2.example.test', version: 1, certificate },
    });
    expect(add.statusCode, add.body).toBe(200);
    const list = (await get('/api/1.3/servers/edge1a/configfiles/ats', ort)).json() as { configFiles: ConfigFile[] };
    const names = list.configFiles.map((f) => f.fnameOnDisk);
    expect(names).toEqual(
      expect.arrayContaining(['ssl_multicert.config', 'ds2.example.test.crt', 'ds2.example.test.key']),
    );
    const multicert = await get('/api/1.3/servers/edge1a/configfiles/ats/ssl_multicert.config', ort);
    expect(multicert.body).toContain('ssl_cert_name=ds2.example.test.crt\t ssl_key_name=ds2.example.test.key\n');
    expect((await get('/api/1.3/servers/edge1a/configfiles/ats/ds2.example.test.key', ort)).body).toBe(
      fx.leafKey.replace(/\s*$/, '\n'),
    );
    expect((await get('/api/1.3/servers/edge1a/configfiles/ats/ds2.example.test.key', ops)).statusCode).toBe(403);
    // A cache without the service gets none of it.
    const other = (await get('/api/1.3/servers/edge2a/configfiles/ats', ort)).json() as { configFiles: ConfigFile[] };
    expect(other.configFiles.map((f) => f.fnameOnDisk)).not.toContain('ds2.example.test.key');
    expect((await get('/api/1.3/servers/edge2a/configfiles/ats/ds2.example.test.key', ort)).statusCode).toBe(404);
  });

  it('answers 503 for a key-store file when the daemon has no master key, and serves the rest', async () => {
    const reason = 'no master key: test';
    const u = await goldenApp({ vault: Vault.unavailable(reason) });
    try {
      u.db.prepare("UPDATE deliveryservices SET signing_algorithm = 'url_sig' WHERE xml_id = 'ds1'").run();
      await u.setRole('ro_user', ORT_ROLE);
      await bindAgent(u, 'ro_user', ['edge1a']);
      const cookie = await u.session('ro_user');
      const list = await u.app.inject({
        method: 'GET',
        url: '/api/1.3/servers/edge1a/configfiles/ats',
        headers: { cookie },
      });
      expect((list.json() as { configFiles: ConfigFile[] }).configFiles.map((f) => f.fnameOnDisk)).toContain(
        'url_sig_ds1.config',
      );
      const res = await u.app.inject({
        method: 'GET',
        url: '/api/1.3/servers/edge1a/configfiles/ats/url_sig_ds1.config',
        headers: { cookie },
      });
      expect(res.statusCode).toBe(503);
      expect(alertsOf(res)).toEqual([
        { level: 'error', text: `the key store (Traffic Vault) is unavailable: ${reason}` },
      ]);
      const remap = await u.app.inject({
        method: 'GET',
        url: '/api/1.3/servers/edge1a/configfiles/ats/remap.config',
        headers: { cookie },
      });
      expect(remap.statusCode).toBe(200);
    } finally {
      await u.close();
    }
  });
});
