import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERSIONS } from '../../../daemon/versions.js';
import { cachesApp, type CachesApp } from './helpers.js';

let t: CachesApp;
beforeAll(async () => {
  t = await cachesApp();
});
afterAll(async () => t?.close());

const state = async (host: string) => {
  const s = (await t.store.servers.byHostName(host, null))!;
  return { upd: s.updPending, reval: s.revalPending, lastCheckIn: s.lastCheckIn };
};
const set = async (host: string, upd: boolean, reval: boolean) => {
  await t.store.serverFlags.setUpdPending({ hostName: host }, null, upd, t.clock.now());
  if (reval !== (await state(host)).reval)
    await t.store.serverFlags.checkIn(await t.id(host), { revalUpdated: reval }, t.clock.now());
};
const form = (host: string, body: string, cookie = t.cookie.ort_user) =>
  t.app.inject({
    method: 'POST',
    url: `/update/${host}`,
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: body,
  });

describe('GET servers/:hostname/update_status (1.3+)', () => {
  it('answers the bare array with the eight fields; an unknown host is []', async () => {
    await set('edge1a', true, false);
    const res = await t.call('ro_user', 'GET', '/api/1.3/servers/edge1a/update_status');
    expect(res.json()).toEqual([
      {
        host_name: 'edge1a',
        upd_pending: true,
        reval_pending: false,
        use_reval_pending: true,
        host_id: await t.id('edge1a'),
        status: 'REPORTED',
        parent_pending: false,
        parent_reval_pending: false,
      },
    ]);
    expect((await t.call('ro_user', 'GET', '/api/1.3/servers/nope/update_status')).json()).toEqual([]);
  });

  it('is not served before 1.3', async () => {
    for (const v of ['1.1', '1.2'])
      expect((await t.call('ro_user', 'GET', `/api/${v}/servers/edge1a/update_status`)).statusCode).toBe(404);
  });

  it('parent_pending follows the primary parent group: ONLINE/REPORTED/ADMIN_DOWN caches count, OFFLINE ones do not', async () => {
    await set('mid1', true, false);
    const parent = async () =>
      (await t.call('ro_user', 'GET', '/api/1.3/servers/edge2a/update_status')).json()[0].parent_pending;
    expect(await parent()).toBe(true);
    await t.store.serverFlags.setStatus(await t.id('mid1'), 'OFFLINE', 'x', false, t.clock.now());
    expect(await parent()).toBe(false);
    await t.store.serverFlags.setStatus(await t.id('mid1'), 'ADMIN_DOWN', 'x', false, t.clock.now());
    expect(await parent()).toBe(true);
    await t.store.serverFlags.setStatus(await t.id('mid1'), 'REPORTED', null, false, t.clock.now());
    await set('mid1', false, false);
    expect(await parent()).toBe(false);
  });

  it('records no check-in when read, not even by the cache itself (issue 28: only a check-in does)', async () => {
    t.clock.advance(60_000);
    await t.call('ops_user', 'GET', '/api/1.3/servers/edge2b/update_status');
    await t.call('ort_user', 'GET', '/api/1.3/servers/edge2b/update_status');
    expect((await state('edge2b')).lastCheckIn).toBeNull();
  });
});

describe('check-in: POST servers/:hostname/update (JSON) at every version', () => {
  it.each(VERSIONS)('%s: sets only the flags it sends and records the time', async (v) => {
    await set('edge1b', true, true);
    t.clock.advance(1000);
    const res = await t.call('ort_user', 'POST', `/api/${v}/servers/edge1b/update`, { reval_updated: false });
    expect(res.json().alerts).toEqual([
      { level: 'success', text: "successfully set server 'edge1b' updated=true reval_updated=false" },
    ]);
    expect(await state('edge1b')).toEqual({ upd: true, reval: false, lastCheckIn: t.clock.now() });
    await t.call('ort_user', 'POST', `/api/${v}/servers/${await t.id('edge1b')}/update?updated=f`);
    expect(await state('edge1b')).toMatchObject({ upd: false, reval: false });
  });

  it('refuses a check-in without flags or with a bad value; an unknown host is 404; read-only users may not', async () => {
    const none = await t.call('ort_user', 'POST', '/api/1.3/servers/edge1b/update', {});
    expect([none.statusCode, none.json().alerts[0].text]).toEqual([
      400,
      "Must pass at least one query parameter of 'updated' or 'reval_updated'",
    ]);
    const bad = await t.call('ort_user', 'POST', '/api/1.3/servers/edge1b/update', { updated: 'maybe' });
    expect(bad.json().alerts[0].text).toBe("query parameter 'updated' must be 'true' or 'false'");
    const unknown = await t.call('ort_user', 'POST', '/api/1.3/servers/nope/update', { updated: false });
    expect([unknown.statusCode, unknown.json().alerts[0].text]).toEqual([404, "server name 'nope' not found"]);
    expect((await t.call('ro_user', 'POST', '/api/1.3/servers/edge1b/update', { updated: false })).statusCode).toBe(
      403,
    );
  });
});

describe('check-in: POST /update/:hostname (the 1.x cache tool, plain text)', () => {
  it('takes form fields or query parameters and answers Success', async () => {
    await set('edge2a', true, true);
    const res = await form('edge2a', 'updated=false');
    expect([res.statusCode, res.headers['content-type'], res.body]).toEqual([
      200,
      'text/plain; charset=utf-8',
      'Success',
    ]);
    expect(await state('edge2a')).toMatchObject({ upd: false, reval: true });
    const query = await t.app.inject({
      method: 'POST',
      url: '/update/edge2a?updated=true&reval_updated=false',
      headers: { cookie: t.cookie.ort_user },
    });
    expect(query.body).toBe('Success');
    expect(await state('edge2a')).toMatchObject({ upd: true, reval: false });
  });

  it('answers the Perl texts: missing updated, unknown server, too low a privilege, no session', async () => {
    expect(await form('edge2a', 'reval_updated=false').then((r) => [r.statusCode, r.body])).toEqual([
      400,
      'Failed request.  Must provide updated status',
    ]);
    expect(await form('nope', 'updated=false').then((r) => [r.statusCode, r.body])).toEqual([
      404,
      'Failed request.  Unknown server',
    ]);
    expect(await form('edge2a', 'updated=false', t.cookie.ro_user).then((r) => [r.statusCode, r.body])).toEqual([
      403,
      'Forbidden',
    ]);
    expect(await form('edge2a', 'updated=false', '').then((r) => [r.statusCode, r.body])).toEqual([
      401,
      'Unauthorized',
    ]);
  });

  it('leaves the API JSON-only: a form body there is still refused', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/1.3/servers/edge2a/update',
      headers: { cookie: t.cookie.ort_user, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'updated=false',
    });
    expect(res.statusCode).toBe(415);
  });
});
