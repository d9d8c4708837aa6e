import { afterAll, beforeAll, expect, it } from 'vitest';
import { eachStore } from '../../helpers/store-kinds.js';
import { goldenApp, type GoldenApp } from '../security/fixture.js';

/*
 * Issue 32, finding 1, through the API: when a delivery service's primary origin moves (PUT origins or PUT
 * deliveryservices), the MIDs above its caches map the previous origin beside the new one, the EDGEs only the new
 * one; once every cache in service of the service has checked in an update it read after the change, the MIDs'
 * files map only the new origin again. cdn1 (golden + caches snapshots): ds1 on edge1a and edge1b, under mid1 and
 * mid2.
 */

eachStore((kind) => {
  let t: GoldenApp;
  let admin: string;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object | string) =>
    t.app.inject({
      method,
      url,
      headers: {
        cookie: admin,
        ...(typeof payload === 'string' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(payload ? { payload } : {}),
    });
  const file = async (host: string, name: string) =>
    (await call('GET', `/api/1.4/servers/${host}/configfiles/ats/${name}`)).body;
  /** A check-in of `host`'s syncds pass that read update_status now (the clock then moves on). */
  const applied = async (host: string) => {
    const read = t.clock.now();
    t.clock.advance(5);
    const res = await call('POST', `/update/${host}`, `updated=false&reval_updated=false&reval_started=${read}`);
    expect(res.statusCode, res.body).toBe(200);
  };
  const primaryOf = async (xmlId: string) => {
    const ds = (await t.store.deliveryServices.byXmlId(xmlId))!;
    const res = await call('GET', `/api/1.4/origins?deliveryservice=${ds.id}&primary=true`);
    return (res.json() as { response: Array<Record<string, unknown> & { id: number }> }).response[0]!;
  };

  beforeAll(async () => {
    t = await goldenApp({ storeKind: kind });
    admin = await t.session('admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('PUT origins: the MIDs map old and new until both EDGEs applied a read after the change', async () => {
    const primary = await primaryOf('ds1');
    const old = `${String(primary.protocol)}://${String(primary.fqdn)}`;
    t.clock.advance(1000);
    const res = await call('PUT', `/api/1.4/origins?id=${primary.id}`, { ...primary, fqdn: 'moved.ds1.test' });
    expect(res.statusCode, res.body).toBe(200);
    t.clock.advance(5);
    for (const mid of ['mid1', 'mid2']) {
      const remap = await file(mid, 'remap.config');
      expect(remap).toContain(`map ${old.replace(/:\d+$/, '')}`);
      expect(remap).toContain('map http://moved.ds1.test');
      expect(await file(mid, 'parent.config')).toContain(`dest_domain=${String(primary.fqdn)} `);
    }
    expect(await file('edge1a', 'remap.config')).not.toContain(String(primary.fqdn));
    await applied('mid1');
    await applied('edge1a');
    expect(await file('mid1', 'remap.config')).toContain(String(primary.fqdn));
    await applied('edge1b');
    for (const mid of ['mid1', 'mid2']) {
      expect(await file(mid, 'remap.config')).not.toContain(String(primary.fqdn));
      expect(await file(mid, 'remap.config')).toContain('map http://moved.ds1.test');
    }
  });

  it('PUT deliveryservices with a new orgServerFqdn: the same, and a pass read before the change does not end it', async () => {
    const ds = (await t.store.deliveryServices.byXmlId('ds1'))!;
    const read = (await call('GET', `/api/1.4/deliveryservices/${ds.id}`)).json() as {
      response: Array<Record<string, unknown>>;
    };
    const before = t.clock.now();
    t.clock.advance(1000);
    const body = { ...read.response[0]!, orgServerFqdn: 'http://again.ds1.test:8081' };
    const res = await call('PUT', `/api/1.4/deliveryservices/${ds.id}`, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(await file('mid2', 'remap.config')).toContain('map http://moved.ds1.test/');
    expect(await file('mid2', 'remap.config')).toContain('map http://again.ds1.test:8081/');
    await call('POST', '/api/1.4/servers/edge1a/queue_update', { action: 'queue' });
    await call('POST', '/api/1.4/servers/edge1b/queue_update', { action: 'queue' });
    // (A pass that read in the change's own millisecond may have read before it: only a later read counts.)
    t.clock.advance(5);
    // edge1a's pass read before the change (its check-in keeps the queued update up): nothing ends.
    const res2 = await call('POST', '/update/edge1a', `updated=false&reval_updated=false&reval_started=${before}`);
    expect(res2.statusCode).toBe(200);
    await applied('edge1b');
    expect(await file('mid2', 'remap.config')).toContain('map http://moved.ds1.test/');
    await applied('edge1a');
    expect(await file('mid2', 'remap.config')).not.toContain('moved.ds1.test');
  });
});
