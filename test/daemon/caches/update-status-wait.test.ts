import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachStore } from '../../helpers/store-kinds.js';
import { cachesApp, type CachesApp, type Who } from './helpers.js';
import { SINCE_ERROR, WAIT_ERROR } from '../../../daemon/routes/update-status-wait.js';

/*
 * Issue 32, push instead of polling: `GET servers/:hostname/update_status?wait=…&since=<token>` holds the answer
 * until the cache's flags (or its parents') differ from the token, or the wait ends. The plain route is unchanged.
 */

const path = (host: string, query = '') => `/api/1.3/servers/${host}/update_status${query}`;

eachStore((kind) => {
  describe(`update_status long-poll (${kind})`, () => {
    let t: CachesApp;
    beforeAll(async () => {
      t = await cachesApp(kind);
    }, 60_000);
    afterAll(async () => t?.close());

    const get = (who: Who, url: string) => t.call(who, 'GET', url);
    const tokenOf = async (host: string) => {
      const res = await get('ort_user', path(host, '?wait=0s'));
      return String(res.headers['x-cdnctl-status-token']);
    };
    const queue = async (host: string, pending: boolean) =>
      t.store.serverFlags.setUpdPending({ hostName: host }, null, pending, t.clock.now());

    it('without wait answers as Traffic Ops did: no push headers (its own tools keep polling)', async () => {
      const res = await get('ro_user', path('edge1a'));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toHaveLength(1);
      expect(res.headers['x-cdnctl-wait']).toBeUndefined();
      expect(res.headers['x-cdnctl-status-token']).toBeUndefined();
    });

    it('with wait and no since answers at once, naming the wait granted, the token and the read time', async () => {
      const before = t.clock.now();
      const res = await get('ro_user', path('edge1a', '?wait=30s'));
      expect(res.statusCode).toBe(200);
      expect(res.json()[0]).toMatchObject({ host_name: 'edge1a' });
      expect(res.headers['x-cdnctl-wait']).toBe('30000');
      expect(res.headers['x-cdnctl-status-token']).toMatch(/^\d+-[01]{4}-REPORTED$/);
      expect(Number(res.headers['x-cdnctl-read-time'])).toBeGreaterThanOrEqual(before);
    });

    it('a stale token is answered at once; the current one is held until a queue changes the flags', async () => {
      await queue('edge1b', false);
      const token = await tokenOf('edge1b');
      const stale = await get('ro_user', path('edge1b', `?wait=30s&since=${encodeURIComponent('0-1111-ONLINE')}`));
      expect(stale.headers['x-cdnctl-status-token']).toBe(token);
      const started = Date.now();
      const held = get('ro_user', path('edge1b', `?wait=30s&since=${encodeURIComponent(token)}`));
      let answered = false;
      void held.then(() => (answered = true));
      await new Promise((r) => setTimeout(r, 100));
      expect(answered).toBe(false);
      await queue('edge1b', true);
      const res = await held;
      expect(Date.now() - started).toBeLessThan(5000);
      expect(res.json()[0]).toMatchObject({ host_name: 'edge1b', upd_pending: true });
      expect(res.headers['x-cdnctl-status-token']).not.toBe(token);
    });

    it('an EDGE waiting for its parent hears when the MID checks in (parent_pending goes false)', async () => {
      await queue('mid1', true);
      await queue('edge2a', true);
      const token = await tokenOf('edge2a');
      expect(token).toMatch(/-1010-/);
      const held = get('ro_user', path('edge2a', `?wait=30s&since=${encodeURIComponent(token)}`));
      await t.store.serverFlags.checkIn(await t.id('mid1'), { updated: false }, t.clock.now());
      const res = await held;
      expect(res.json()[0]).toMatchObject({ upd_pending: true, parent_pending: false });
      await queue('edge2a', false);
    });

    it('an EDGE waiting for its parent hears when the monitors report the MID down (issue 35)', async () => {
      const [mid] = await t.store.servers.list({ hostName: 'mid1' }, null);
      await queue('mid1', true);
      await queue('edge2a', true);
      const token = await tokenOf('edge2a');
      expect(token).toMatch(/-1010-/);
      const started = Date.now();
      const held = get('ro_user', path('edge2a', `?wait=30s&since=${encodeURIComponent(token)}`));
      let answered = false;
      void held.then(() => (answered = true));
      await new Promise((r) => setTimeout(r, 100));
      expect(answered).toBe(false);
      await t.store.cacheHealth.report(mid.cdnId, 'mon-1', [{ hostName: 'mid1', available: false }], t.clock.now());
      const res = await held;
      expect(Date.now() - started).toBeLessThan(5000);
      expect(res.json()[0]).toMatchObject({ upd_pending: true, parent_pending: false });
      await t.store.cacheHealth.report(mid.cdnId, 'mon-1', [{ hostName: 'mid1', available: true }], t.clock.now());
      await queue('mid1', false);
      await queue('edge2a', false);
    });

    it('a wait that ends with nothing changed answers the status as it is, with the same token', async () => {
      const token = await tokenOf('edge2b');
      const started = Date.now();
      const res = await get('ro_user', path('edge2b', `?wait=300ms&since=${encodeURIComponent(token)}`));
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
      expect(res.headers['x-cdnctl-status-token']).toBe(token);
      expect(res.json()[0]).toMatchObject({ host_name: 'edge2b' });
    });

    it('an unknown host answers [] with the token none (held for the wait when since is none)', async () => {
      const now = await get('ro_user', path('nope', '?wait=10s'));
      expect(now.json()).toEqual([]);
      expect(now.headers['x-cdnctl-status-token']).toBe('none');
      const started = Date.now();
      const held = await get('ro_user', path('nope', '?wait=200ms&since=none'));
      expect(held.json()).toEqual([]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    });

    it('refuses a wait that is no duration and an over-long since', async () => {
      for (const bad of ['soon', '-1s', '1.5s', ''])
        expect((await get('ro_user', path('edge1a', `?wait=${bad}`))).json().alerts).toEqual([
          { level: 'error', text: WAIT_ERROR },
        ]);
      const long = await get('ro_user', path('edge1a', `?wait=1s&since=${'x'.repeat(201)}`));
      expect(long.statusCode).toBe(400);
      expect(long.json().alerts).toEqual([{ level: 'error', text: SINCE_ERROR }]);
    });

    it('needs a session, as the plain route does', async () => {
      const res = await t.app.inject({ method: 'GET', url: path('edge1a', '?wait=1s') });
      expect(res.statusCode).toBe(401);
    });
  });
});

describe('closing the daemon answers every waiting cache at once', () => {
  it('a held wait ends when the app closes', async () => {
    const t = await cachesApp('sqlite');
    const first = await t.call('ro_user', 'GET', path('edge1a', '?wait=0s'));
    const token = String(first.headers['x-cdnctl-status-token']);
    const held = t.call('ro_user', 'GET', path('edge1a', `?wait=60s&since=${encodeURIComponent(token)}`));
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    await t.close();
    const res = await held;
    expect(Date.now() - started).toBeLessThan(5000);
    expect(res.statusCode).toBe(200);
  }, 60_000);
});
