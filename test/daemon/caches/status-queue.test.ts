import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERSIONS } from '../../../daemon/versions.js';
import { cachesApp, type CachesApp } from './helpers.js';

let t: CachesApp;
beforeAll(async () => {
  t = await cachesApp();
});
afterAll(async () => t?.close());

const flags = async (host: string) => {
  const s = (await t.store.servers.byHostName(host, null))!;
  return { upd: s.updPending, reval: s.revalPending, status: s.status, reason: s.offlineReason };
};
const clearAll = () => t.store.serverFlags.setUpdPending({}, null, false, t.clock.now());
const textOf = (res: { json(): { alerts: { text: string }[] } }) => res.json().alerts[0].text;

describe('PUT servers/:id/status: the rules, at every version', () => {
  it.each(VERSIONS)(
    '%s: refuses a missing or unknown status and a missing reason, before looking the server up',
    async (v) => {
      const url = `/api/${v}/servers/99999/status`;
      expect(textOf(await t.call('ops_user', 'PUT', url, {}))).toBe('status is required');
      expect(textOf(await t.call('ops_user', 'PUT', url, { status: 'BROKEN' }))).toBe(
        'invalid status (does not exist)',
      );
      expect(textOf(await t.call('ops_user', 'PUT', url, { status: 3 }))).toBe('invalid status (does not exist)');
      expect(textOf(await t.call('ops_user', 'PUT', url, { status: 'OFFLINE' }))).toBe(
        'offlineReason is required for ADMIN_DOWN or OFFLINE status',
      );
      expect(textOf(await t.call('ops_user', 'PUT', url, { status: 'ADMIN_DOWN', offlineReason: '  ' }))).toBe(
        'offlineReason is required for ADMIN_DOWN or OFFLINE status',
      );
      const missing = await t.call('ops_user', 'PUT', url, { status: 'ONLINE' });
      expect([missing.statusCode, textOf(missing)]).toEqual([404, 'server ID 99999 not found']);
    },
  );

  it('stores the reason with the user name, and queues updates on the child caches of a MID', async () => {
    await clearAll();
    const res = await t.call('ops_user', 'PUT', `/api/1.3/servers/${await t.id('mid2')}/status`, {
      status: 'ADMIN_DOWN',
      offlineReason: 'kernel upgrade',
    });
    expect(res.statusCode).toBe(200);
    expect(textOf(res)).toBe(
      'Updated status [ ADMIN_DOWN ] for mid2.cdn1.example.test [ ops_user: kernel upgrade ] and queued updates on all child caches',
    );
    expect(await flags('mid2')).toEqual({
      upd: false,
      reval: false,
      status: 'ADMIN_DOWN',
      reason: 'ops_user: kernel upgrade',
    });
    for (const edge of ['edge1a', 'edge1b', 'edge2a', 'edge2b', 'edge2c'])
      expect((await flags(edge)).upd, edge).toBe(true);
    expect((await flags('mid1')).upd).toBe(false);
    const back = await t.call('ops_user', 'PUT', `/api/1.3/servers/${await t.id('mid2')}/status`, {
      status: 'ONLINE',
      offlineReason: 'ignored',
    });
    expect(textOf(back)).toBe(
      'Updated status [ ONLINE ] for mid2.cdn1.example.test and queued updates on all child caches',
    );
    expect((await flags('mid2')).reason).toBeNull();
  });

  it('refuses (409) to leave an active delivery service without an ONLINE or REPORTED cache', async () => {
    const ds3 = (await t.store.deliveryServices.byXmlId('ds3'))!.id;
    const res = await t.call('ops_user', 'PUT', `/api/1.3/servers/${await t.id('edge2a')}/status`, {
      status: 'OFFLINE',
      offlineReason: 'x',
    });
    expect(res.statusCode).toBe(409);
    expect(textOf(res)).toBe(
      `setting server status to 'OFFLINE' would leave Active Delivery Service #${ds3}  with no 'ONLINE' or 'REPORTED' servers`,
    );
    expect((await flags('edge2a')).status).toBe('REPORTED');
    // edge1a shares ds1 and ds2 with edge1b (ONLINE): it may go.
    const ok = await t.call('ops_user', 'PUT', `/api/1.3/servers/${await t.id('edge1a')}/status`, {
      status: 'ADMIN_DOWN',
      offlineReason: 'maintenance',
    });
    expect(ok.statusCode).toBe(200);
    const last = await t.call('ops_user', 'PUT', `/api/1.3/servers/${await t.id('edge1b')}/status`, {
      status: 'PRE_PROD',
    });
    expect(last.statusCode).toBe(409);
    expect(textOf(last)).toMatch(
      /^setting server status to 'PRE_PROD' would leave Active Delivery Services #\d+, #\d+  with no/,
    );
    await t.call('ops_user', 'PUT', `/api/1.3/servers/${await t.id('edge1a')}/status`, { status: 'REPORTED' });
  });
});

describe('queue_update on a server, a CDN and a cache group, at every version', () => {
  it.each(VERSIONS)('%s: a server', async (v) => {
    await clearAll();
    const id = await t.id('edge2a');
    const res = await t.call('ops_user', 'POST', `/api/${v}/servers/${id}/queue_update`, { action: 'queue' });
    expect(res.json()).toEqual({ response: { serverId: id, action: 'queue' } });
    expect((await flags('edge2a')).upd).toBe(true);
    expect((await flags('edge2b')).upd).toBe(false);
    await t.call('ops_user', 'POST', `/api/${v}/servers/${id}/queue_update`, { action: 'dequeue' });
    expect((await flags('edge2a')).upd).toBe(false);
    expect(textOf(await t.call('ops_user', 'POST', `/api/${v}/servers/${id}/queue_update`, { action: 'now' }))).toBe(
      "action must be 'queue' or 'dequeue'",
    );
    expect(textOf(await t.call('ops_user', 'POST', `/api/${v}/servers/99999/queue_update`, { action: 'queue' }))).toBe(
      "no server with id '99999' found",
    );
  });

  it.each(VERSIONS)('%s: a CDN', async (v) => {
    await clearAll();
    const cdn = (await t.store.cdns.byName('cdn1'))!.id;
    const res = await t.call('ops_user', 'POST', `/api/${v}/cdns/${cdn}/queue_update`, { action: 'queue' });
    expect(res.json()).toEqual({ response: { action: 'queue', cdnId: cdn } });
    for (const host of ['mid1', 'mid2', 'edge1a', 'edge2c']) expect((await flags(host)).upd).toBe(true);
    expect(
      (await t.call('ops_user', 'POST', `/api/${v}/cdns/99999/queue_update`, { action: 'queue' })).statusCode,
    ).toBe(404);
  });

  it.each(VERSIONS)('%s: a cache group of a CDN', async (v) => {
    await clearAll();
    const cg = (await t.store.cachegroups.list({ name: 'edge-cg1' }))[0].id;
    const res = await t.call('ops_user', 'POST', `/api/${v}/cachegroups/${cg}/queue_update`, {
      action: 'queue',
      cdn: 'cdn1',
    });
    const cdn = (await t.store.cdns.byName('cdn1'))!.id;
    expect(res.json().response).toEqual({
      cachegroupName: 'edge-cg1',
      action: 'queue',
      serverNames: ['edge1a', 'edge1b'],
      cdn: 'cdn1',
      cachegroupID: cg,
    });
    expect((await flags('edge2a')).upd).toBe(false);
    expect(
      textOf(await t.call('ops_user', 'POST', `/api/${v}/cachegroups/${cg}/queue_update`, { action: 'queue' })),
    ).toBe('cdn is a required field');
    expect(
      textOf(
        await t.call('ops_user', 'POST', `/api/${v}/cachegroups/${cg}/queue_update`, { action: 'queue', cdn: 'nope' }),
      ),
    ).toBe('cdn nope does not exist');
    const byId = await t.call('ops_user', 'POST', `/api/${v}/cachegroups/${cg}/queue_update`, {
      action: 'dequeue',
      cdnId: cdn,
    });
    expect(byId.json().response.serverNames).toEqual(['edge1a', 'edge1b']);
    expect((await flags('edge1a')).upd).toBe(false);
  });
});
