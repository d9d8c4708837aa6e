import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachStore } from '../../helpers/store-kinds.js';
import { dsHarness, expectError, ok, type DsHarness } from './helpers.js';

/** PUT deliveryservices/:id, PUT …/safe and DELETE deliveryservices/:id (issue 31, reference wave3 §5.4–5.5). */

interface Ds {
  id: number;
  xmlId: string;
  displayName: string;
  infoUrl: string | null;
  longDesc: string | null;
  longDesc1: string | null;
  longDesc2: string | null;
  orgServerFqdn: string | null;
  consistentHashQueryParams: string[];
  routingName: string;
}

eachStore((kind) => {
  let h: DsHarness;
  beforeAll(async () => {
    h = await dsHarness(kind);
  }, 60_000);
  afterAll(async () => {
    await h?.t.close();
  });

  const create = async (xmlId: string, extra: Record<string, unknown> = {}, as: 'admin' | 'tenanta_admin' = 'admin') =>
    ok<Ds[]>(await h.call(as, 'POST', '/api/1.5/deliveryservices', h.httpBody(xmlId, extra)))[0];
  const read = async (id: number) => ok<Ds[]>(await h.call('admin', 'GET', `/api/1.5/deliveryservices/${id}`))[0];

  /** Host names whose updates are pending, after clearing every flag and running `write`. */
  async function queuedBy(write: () => Promise<unknown>): Promise<string[]> {
    await h.t.store.serverFlags.setUpdPending({}, null, false, h.t.clock.now());
    await write();
    const servers = await h.t.store.servers.list({}, null);
    return servers
      .filter((s) => (s as { updPending?: boolean }).updPending)
      .map((s) => s.hostName)
      .sort();
  }

  describe('PUT deliveryservices/:id', () => {
    it('updates, moves the primary origin, logs and queues exactly the caches of the DS and their parents', async () => {
      const ds1 = await read(h.t.ids.deliveryServices.ds1);
      const logs = await h.mark();
      let res: Awaited<ReturnType<DsHarness['call']>> | undefined;
      const queued = await queuedBy(async () => {
        res = await h.call(
          'ops_user',
          'PUT',
          `/api/1.5/deliveryservices/${ds1.id}.json`,
          h.httpBody('ds1', { displayName: 'DS One again', orgServerFqdn: 'https://moved.example.test' }),
        );
      });
      expect(res!.body.alerts).toEqual([{ level: 'success', text: 'Delivery Service update was successful' }]);
      expect(ok<Ds[]>(res!)[0]).toMatchObject({
        displayName: 'DS One again',
        orgServerFqdn: 'https://moved.example.test',
      });
      expect(queued).toEqual(['edge1a', 'edge1b', 'mid1', 'mid2']);
      expect(await logs()).toEqual([
        `DS: ds1, ID: ${ds1.id}, ACTION: Updated primary origin: ds1`,
        `Updated ds: ds1 id: ${ds1.id}`,
      ]);
    });

    it('keeps the fields newer than the request version', async () => {
      const ds = await create('keeps-newer', { consistentHashQueryParams: ['a', 'b'], longDesc2: 'x' });
      ok(
        await h.call(
          'admin',
          'PUT',
          `/api/1.2/deliveryservices/${ds.id}`,
          h.httpBody('keeps-newer', { displayName: 'v12' }),
        ),
      );
      expect(await read(ds.id)).toMatchObject({ displayName: 'v12', consistentHashQueryParams: ['a', 'b'] });
    });

    it('refuses a changed xmlId, an unknown id and bad fields', async () => {
      const ds = await create('fixed-name');
      expectError(
        await h.call('admin', 'PUT', `/api/1.5/deliveryservices/${ds.id}`, h.httpBody('other-name')),
        404,
        "delivery service 'other-name' not found",
      );
      expectError(
        await h.call('admin', 'PUT', '/api/1.5/deliveryservices/999999', h.httpBody('x')),
        404,
        'delivery service ID 999999 not found',
      );
      expectError(
        await h.call('admin', 'PUT', `/api/1.5/deliveryservices/${ds.id}`, h.httpBody('fixed-name', { dscp: null })),
        400,
        "invalid request: 'dscp' is required",
      );
    });

    it('keeps CDN and routing name while the DS has TLS keys', async () => {
      const ds = await create('with-keys');
      await h.t.store.deliveryServices.setSslKeyVersion(ds.id, 1, h.t.clock.now());
      expectError(
        await h.call(
          'admin',
          'PUT',
          `/api/1.5/deliveryservices/${ds.id}`,
          h.httpBody('with-keys', { routingName: 'edge' }),
        ),
        400,
        'delivery service has ssl keys that cannot be automatically changed, therefore CDN and routing name are immutable',
      );
    });

    it('needs operations and the tenant', async () => {
      const ds2 = h.t.ids.deliveryServices.ds2;
      expectError(
        await h.call('ro_user', 'PUT', `/api/1.5/deliveryservices/${ds2}`, h.httpBody('ds2')),
        403,
        'Forbidden.',
      );
      expectError(
        await h.call(
          'tenanta_admin',
          'PUT',
          `/api/1.5/deliveryservices/${h.t.ids.deliveryServices.ds3}`,
          h.httpBody('ds3'),
        ),
        403,
        'not authorized on this tenant',
      );
      const mine = await create('ta-upd', { tenantId: h.refs.tenantA }, 'tenanta_admin');
      expectError(
        await h.call('tenanta_admin', 'PUT', `/api/1.5/deliveryservices/${mine.id}`, h.httpBody('ta-upd')),
        403,
        'not authorized on this tenant',
      );
      ok(
        await h.call(
          'tenanta_admin',
          'PUT',
          `/api/1.5/deliveryservices/${mine.id}`,
          h.httpBody('ta-upd', { tenantId: h.refs.tenantA }),
        ),
      );
    });
  });

  describe('PUT deliveryservices/:id/safe', () => {
    it('writes exactly the four safe fields, an omitted one as null, and logs', async () => {
      const ds = await create('safe-one', { longDesc: 'long', longDesc2: 'kept' });
      const logs = await h.mark();
      const res = await h.call('ops_user', 'PUT', `/api/1.3/deliveryservices/${ds.id}/safe`, {
        displayName: 'Safe',
        infoUrl: 'http://info.example.test',
        routingName: 'ignored',
      });
      expect(res.body.alerts).toEqual([{ level: 'success', text: 'Delivery Service safe update successful.' }]);
      expect(ok<Array<{ displayName: string }>>(res)[0].displayName).toBe('Safe');
      expect(await read(ds.id)).toMatchObject({
        displayName: 'Safe',
        infoUrl: 'http://info.example.test',
        longDesc: null,
        longDesc1: null,
        longDesc2: 'kept',
        routingName: 'cdn',
      });
      expect(await logs()).toEqual([`DS: safe-one, ID: ${ds.id}, ACTION: Updated safe fields`]);
    });

    it('refuses a missing displayName, an unknown id, another tenant and read-only callers', async () => {
      const ds3 = h.t.ids.deliveryServices.ds3;
      const safe = (as: Parameters<DsHarness['call']>[0], id: number, body: unknown) =>
        h.call(as, 'PUT', `/api/1.5/deliveryservices/${id}/safe`, body);
      expectError(
        await safe('admin', ds3, { infoUrl: 'x' }),
        400,
        'decoding: validating: displayName: cannot be null/missing',
      );
      expectError(await safe('admin', 999999, { displayName: 'x' }), 404, "no Delivery Service exists by ID '999999'");
      expectError(await safe('tenanta_admin', ds3, { displayName: 'x' }), 403, 'not authorized on this tenant');
      expectError(await safe('ro_user', ds3, { displayName: 'x' }), 403, 'Forbidden.');
    });
  });

  describe('DELETE deliveryservices/:id', () => {
    it('deletes the DS with its origin, regexes, jobs and links, queues its caches, and removes its keys', async () => {
      const ds1 = h.t.ids.deliveryServices.ds1;
      ok(await h.call('admin', 'POST', '/api/1.1/deliveryservices/xmlId/ds1/urlkeys/generate'));
      expect((await h.t.vault.list({ owner: 'ds1' })).length).toBeGreaterThan(0);
      const logs = await h.mark();
      let res: Awaited<ReturnType<DsHarness['call']>> | undefined;
      const queued = await queuedBy(async () => {
        res = await h.call('ops_user', 'DELETE', `/api/1.4/deliveryservices/${ds1}`);
      });
      expect(res!).toEqual({ status: 200, body: { alerts: [{ level: 'success', text: 'ds was deleted.' }] } });
      expect(queued).toEqual(['edge1a', 'edge1b', 'mid1', 'mid2']);
      expect(await h.t.store.deliveryServices.byId(ds1)).toBeNull();
      expect(await h.t.store.deliveryServiceWrites.regexes(ds1)).toEqual([]);
      expect(ok<unknown[]>(await h.call('admin', 'GET', `/api/1.3/origins?deliveryservice=${ds1}`))).toEqual([]);
      expect(ok<unknown[]>(await h.call('admin', 'GET', `/api/1.4/jobs?dsId=${ds1}`))).toEqual([]);
      expect(await h.t.vault.list({ owner: 'ds1' })).toEqual([]);
      expect(await logs()).toEqual([`DS: ds1, ID: ${ds1}, ACTION: Deleted ds, keys: { id:${ds1} }`]);
    });

    it('refuses an unknown id, another tenant and read-only callers', async () => {
      const ds3 = h.t.ids.deliveryServices.ds3;
      expectError(
        await h.call('admin', 'DELETE', '/api/1.5/deliveryservices/999999'),
        404,
        'delivery service not found',
      );
      expectError(
        await h.call('tenanta_admin', 'DELETE', `/api/1.5/deliveryservices/${ds3}`),
        403,
        'not authorized on this tenant',
      );
      expectError(await h.call('ro_user', 'DELETE', `/api/1.5/deliveryservices/${ds3}`), 403, 'Forbidden.');
      expect(await h.t.store.deliveryServices.byId(ds3)).not.toBeNull();
    });
  });
});
