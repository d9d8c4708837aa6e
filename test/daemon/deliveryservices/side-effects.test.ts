import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachStore } from '../../helpers/store-kinds.js';
import { Vault } from '../../../daemon/services/vault/vault.js';
import type { DnssecKeySet } from '../../../daemon/services/vault/dnssec.js';
import { dsHarness, expectError, ok, type DsHarness } from './helpers.js';

/*
 * What Traffic Ops did alongside a delivery-service write (issue 31, reference wave3 §5.3 steps 4–5, §5.4, §5.5):
 * the `location` parameters of the service's config files and, on a CDN with DNSSEC, its keys in the key store;
 * a failing write leaves neither half-written.
 */

interface Ds {
  id: number;
  xmlId: string;
}

/** The location parameters of a service's files: file → names of the profiles holding it (absent: no parameter). */
async function locationsOf(h: DsHarness, xmlId: string): Promise<Record<string, string[]>> {
  const files = ['hdr_rw_', 'hdr_rw_mid_', 'regex_remap_', 'cacheurl_', 'url_sig_'].map((p) => `${p}${xmlId}.config`);
  const out: Record<string, string[]> = {};
  for (const file of files) {
    if ((await h.t.store.places.parametersOf(file)).some((p) => p.name === 'location')) out[file] = [];
  }
  const profiles = ok<Array<{ id: number; name: string }>>(await h.call('admin', 'GET', '/api/1.5/profiles'));
  for (const profile of profiles) {
    const params = ok<Array<{ name: string; configFile: string }>>(
      await h.call('admin', 'GET', `/api/1.5/profiles/${profile.id}/parameters`),
    );
    for (const p of params)
      if (p.name === 'location' && p.configFile in out) out[p.configFile] = [...out[p.configFile], profile.name].sort();
  }
  return out;
}

/** Host names whose updates are pending after clearing every flag and running `write`. */
async function queuedBy(h: DsHarness, write: () => Promise<unknown>): Promise<string[]> {
  await h.t.store.serverFlags.setUpdPending({}, null, false, h.t.clock.now());
  await write();
  return (await h.t.store.servers.list({}, null))
    .filter((s) => s.updPending)
    .map((s) => s.hostName)
    .sort();
}

/** The profiles of the CDN's MID caches, by name. */
async function midProfiles(h: DsHarness): Promise<string[]> {
  const mids = (await h.t.store.servers.list({ cdn: h.refs.cdnId }, null)).filter((s) => s.type.startsWith('MID'));
  return [...new Set(mids.map((s) => s.profile))].sort();
}

/** Makes every delete of a delivery service fail in the database (a real failure of the write), or undoes it. */
async function refuseDeletes(h: DsHarness, on: boolean): Promise<void> {
  if (h.t.kind === 'sqlite') {
    h.t.db.exec(
      on
        ? "CREATE TRIGGER refuse_ds_delete BEFORE DELETE ON deliveryservices BEGIN SELECT RAISE(ABORT, 'refused'); END"
        : 'DROP TRIGGER refuse_ds_delete',
    );
    return;
  }
  await h.t.pool!.query(
    on
      ? `CREATE FUNCTION refuse_ds_delete() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$ LANGUAGE plpgsql;
         CREATE TRIGGER refuse_ds_delete BEFORE DELETE ON deliveryservices FOR EACH ROW EXECUTE FUNCTION refuse_ds_delete()`
      : 'DROP TRIGGER refuse_ds_delete ON deliveryservices; DROP FUNCTION refuse_ds_delete()',
  );
}

eachStore((kind) => {
  let h: DsHarness;
  let signedCdn: number;
  beforeAll(async () => {
    h = await dsHarness(kind);
    const cdn = ok<{ id: number }>(
      await h.call('admin', 'POST', '/api/1.5/cdns', {
        name: 'signed',
        domainName: 'signed.example.test',
        dnssecEnabled: true,
      }),
    );
    signedCdn = cdn.id;
  }, 60_000);
  afterAll(async () => {
    await h?.t.close();
  });

  const create = async (xmlId: string, extra: Record<string, unknown> = {}) =>
    ok<Ds[]>(await h.call('admin', 'POST', '/api/1.5/deliveryservices', h.httpBody(xmlId, extra)))[0];

  describe('create', () => {
    it("makes the location parameters of the service's files, the MID header rewrite's on the CDN's MIDs", async () => {
      const logs = await h.mark();
      let ds: Ds | undefined;
      const queued = await queuedBy(h, async () => {
        ds = await create('loc-ds', {
          edgeHeaderRewrite: 'rm-header X-Edge',
          midHeaderRewrite: 'rm-header X-Mid',
          regexRemap: '^/a http://b/',
          signingAlgorithm: 'url_sig',
        });
      });
      expect(await locationsOf(h, 'loc-ds')).toEqual({
        'hdr_rw_loc-ds.config': [],
        'hdr_rw_mid_loc-ds.config': await midProfiles(h),
        'regex_remap_loc-ds.config': [],
        'url_sig_loc-ds.config': [],
      });
      expect((await h.t.store.places.parametersOf('hdr_rw_loc-ds.config'))[0].value).toBe('/etc/trafficserver');
      // No cache carries a new service: nothing is queued, and no key is made on a CDN without DNSSEC.
      expect(queued).toEqual([]);
      expect(await h.t.vault.list({ owner: 'loc-ds' })).toEqual([]);
      expect((await logs()).sort()).toEqual([
        `DS: loc-ds, ID: ${ds!.id}, ACTION: Created delivery service`,
        expect.stringMatching(new RegExp(`^DS: loc-ds, ID: ${ds!.id}, ACTION: Created primary origin id: \\d+$`)),
      ]);
    });

    it('limits origin connections on the edge for a type without MIDs, and a local live type gets no MID file', async () => {
      await create('live-ds', { typeId: h.refs.types.HTTP_LIVE, maxOriginConnections: 4, midHeaderRewrite: 'x' });
      expect(Object.keys(await locationsOf(h, 'live-ds'))).toEqual(['hdr_rw_live-ds.config']);
      await create('mids-ds', { maxOriginConnections: 4 });
      expect(Object.keys(await locationsOf(h, 'mids-ds'))).toEqual(['hdr_rw_mid_mids-ds.config']);
    });

    it('stores DNSSEC keys for its zone on a CDN with DNSSEC, and logs their key tags', async () => {
      const logs = await h.mark();
      const ds = await create('sig-ds', { cdnId: signedCdn });
      const stored = await h.t.vault.read<DnssecKeySet>({ kind: 'dnssec', owner: 'sig-ds', version: 0 });
      const { ksk, zsk } = stored!.secret;
      expect([ksk.length, zsk.length, ksk[0].name, zsk[0].name]).toEqual([
        1,
        1,
        'sig-ds.signed.example.test.',
        'sig-ds.signed.example.test.',
      ]);
      expect(Buffer.from(ksk[0].public, 'base64').toString()).toMatch(
        /^sig-ds\.signed\.example\.test\. 60 IN DNSKEY 257 3 13 \S+$/,
      );
      expect(Buffer.from(zsk[0].public, 'base64').toString()).toMatch(/ IN DNSKEY 256 3 13 /);
      expect(ksk[0].dsRecord).toMatchObject({
        algorithm: 13,
        digestType: 2,
        digest: expect.stringMatching(/^[0-9A-F]{64}$/),
      });
      expect(zsk[0].dsRecord).toBeUndefined();
      expect(ksk[0].expirationDate - ksk[0].inceptionDate).toBe(365 * 86_400);
      const summary = JSON.parse(stored!.info.summary) as {
        ksk: Array<{ keyTag: number }>;
        zsk: Array<{ keyTag: number }>;
      };
      expect(await logs()).toContain(
        `DS: sig-ds, ID: ${ds.id}, ACTION: Generated DNSSEC keys (KSK key tag ${summary.ksk[0].keyTag}, ZSK key tag ${summary.zsk[0].keyTag})`,
      );
    });

    it('takes the DNSSEC keys back when the database refuses the service (nothing half-written)', async () => {
      await h.t.store.origins.insert(
        {
          name: 'sig-taken',
          fqdn: 'taken.example.test',
          protocol: 'http',
          port: null,
          ipAddress: null,
          ip6Address: null,
          deliveryServiceId: h.t.ids.deliveryServices.ds1,
          cachegroupId: null,
          coordinateId: null,
          profileId: null,
          tenantId: h.refs.root,
        },
        h.t.clock.now(),
      );
      const res = await h.call(
        'admin',
        'POST',
        '/api/1.5/deliveryservices',
        h.httpBody('sig-taken', { cdnId: signedCdn, edgeHeaderRewrite: 'x' }),
      );
      expectError(res, 400, "origin name 'sig-taken' already exists.");
      expect(await h.t.vault.list({ owner: 'sig-taken' })).toEqual([]);
      expect(await locationsOf(h, 'sig-taken')).toEqual({});
      expect(await h.t.store.deliveryServices.byXmlId('sig-taken')).toBeNull();
    });
  });

  describe('update', () => {
    it('rewrites the parameters on the profiles of its caches, drops the ones no longer needed, queues its caches', async () => {
      const ds = await create('upd-ds', {
        regexRemap: '^/a http://b/',
        signingAlgorithm: 'url_sig',
        midHeaderRewrite: 'x',
      });
      const edge = (await h.t.store.servers.byHostName('edge1a', null))!;
      ok(
        await h.call('admin', 'POST', '/api/1.5/deliveryserviceserver', {
          dsId: ds.id,
          servers: [edge.id],
          replace: false,
        }),
      );
      const queued = await queuedBy(h, async () =>
        ok(
          await h.call(
            'admin',
            'PUT',
            `/api/1.5/deliveryservices/${ds.id}`,
            h.httpBody('upd-ds', { edgeHeaderRewrite: 'rm-header X-Edge', signingAlgorithm: 'url_sig' }),
          ),
        ),
      );
      expect(await locationsOf(h, 'upd-ds')).toEqual({
        'hdr_rw_upd-ds.config': [edge.profile],
        'url_sig_upd-ds.config': [edge.profile],
      });
      expect(await h.t.store.places.parametersOf('regex_remap_upd-ds.config')).toEqual([]);
      expect(queued).toEqual(['edge1a', 'mid1', 'mid2']);
    });
  });

  describe('delete', () => {
    it('removes its location parameters and every key it had (URL signing, DNSSEC)', async () => {
      const ds = await create('del-ds', { cdnId: signedCdn, regexRemap: '^/a http://b/' });
      ok(await h.call('admin', 'POST', '/api/1.5/deliveryservices/xmlId/del-ds/urlkeys/generate'));
      expect((await h.t.vault.list({ owner: 'del-ds' })).map((r) => r.kind).sort()).toEqual(['dnssec', 'url_sig']);
      const logs = await h.mark();
      ok(await h.call('admin', 'DELETE', `/api/1.5/deliveryservices/${ds.id}`));
      expect(await locationsOf(h, 'del-ds')).toEqual({});
      expect(await h.t.vault.list({ owner: 'del-ds' })).toEqual([]);
      expect(await logs()).toEqual([`DS: del-ds, ID: ${ds.id}, ACTION: Deleted ds, keys: { id:${ds.id} }`]);
    });

    it('puts the keys back when the database fails the delete (nothing half-written)', async () => {
      const ds = await create('keep-ds', { cdnId: signedCdn, regexRemap: '^/a http://b/' });
      ok(await h.call('admin', 'POST', '/api/1.5/deliveryservices/xmlId/keep-ds/urlkeys/generate'));
      const before = await h.t.vault.list({ owner: 'keep-ds' });
      await refuseDeletes(h, true);
      try {
        const res = await h.call('admin', 'DELETE', `/api/1.5/deliveryservices/${ds.id}`);
        expect(res.status).toBe(500);
      } finally {
        await refuseDeletes(h, false);
      }
      expect(await h.t.vault.list({ owner: 'keep-ds' })).toEqual(before);
      expect(await h.t.store.deliveryServices.byXmlId('keep-ds')).not.toBeNull();
      expect(Object.keys(await locationsOf(h, 'keep-ds'))).toEqual(['regex_remap_keep-ds.config']);
    });
  });
});

eachStore((kind) => {
  let h: DsHarness;
  let signedCdn: number;
  beforeAll(async () => {
    h = await dsHarness(kind, { vault: Vault.unavailable('no master key (test)') });
    signedCdn = ok<{ id: number }>(
      await h.call('admin', 'POST', '/api/1.5/cdns', {
        name: 'signed',
        domainName: 'signed.example.test',
        dnssecEnabled: true,
      }),
    ).id;
  }, 60_000);
  afterAll(async () => {
    await h?.t.close();
  });
  const UNAVAILABLE = 'the key store (Traffic Vault) is unavailable: no master key (test)';

  it('without a key store, refuses a create on a DNSSEC CDN and every delete with 503, writing nothing', async () => {
    const logs = await h.mark();
    const res = await h.call(
      'admin',
      'POST',
      '/api/1.5/deliveryservices',
      h.httpBody('nokeys-ds', { cdnId: signedCdn, edgeHeaderRewrite: 'x' }),
    );
    expectError(res, 503, UNAVAILABLE);
    expect(await h.t.store.deliveryServices.byXmlId('nokeys-ds')).toBeNull();
    expect(await locationsOf(h, 'nokeys-ds')).toEqual({});
    expectError(
      await h.call('admin', 'DELETE', `/api/1.5/deliveryservices/${h.t.ids.deliveryServices.ds3}`),
      503,
      UNAVAILABLE,
    );
    expect(await h.t.store.deliveryServices.byId(h.t.ids.deliveryServices.ds3)).not.toBeNull();
    expect(await logs()).toEqual([]);
    // A CDN without DNSSEC needs no key store to create on.
    ok(await h.call('admin', 'POST', '/api/1.5/deliveryservices', h.httpBody('plain-ds')));
  });
});
