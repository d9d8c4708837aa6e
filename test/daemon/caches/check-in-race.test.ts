import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatTimestamp } from '../../../shared/time.js';
import { eachStore } from '../../helpers/store-kinds.js';
import { cachesApp, type CachesApp } from './helpers.js';

/*
 * Issues 32/33: a raise that comes between a cache's update_status read and its check-in is not lost. The agent
 * reads update_status at T (the answer's x-cdnctl-read-time), applies, and checks in with reval_started=T; a job
 * or a queue entered after T must stay pending on that cache until a pass that read after it reports. A check-in
 * without a read time (ORT, Traffic Ops 1.x clients) clears as Traffic Ops did.
 */

eachStore((kind) => {
  let t: CachesApp;

  beforeAll(async () => {
    t = await cachesApp(kind);
  }, 60_000);
  afterAll(async () => t?.close());

  async function purge(regex: string): Promise<number> {
    const ds1 = (await t.store.deliveryServices.byXmlId('ds1'))!.id;
    const res = await t.call('admin', 'POST', '/api/1.3/user/current/jobs', {
      dsId: ds1,
      regex,
      startTime: formatTimestamp(t.clock.now()),
      ttl: 24,
    });
    expect(res.statusCode, res.body).toBe(200);
    return Number(res.json().response.id);
  }

  /** mid1's update_status as the agent reads it: the flags and the read time the daemon stamped on the answer. */
  async function read(host = 'mid1') {
    const res = await t.call('ort_user', 'GET', `/api/1.3/servers/${host}/update_status`);
    expect(res.statusCode, res.body).toBe(200);
    const [status] = res.json() as Array<{ upd_pending: boolean; reval_pending: boolean }>;
    return { upd: status.upd_pending, reval: status.reval_pending, at: Number(res.headers['x-cdnctl-read-time']) };
  }

  async function checkIn(fields: Record<string, string>, host = 'mid1') {
    const form = new URLSearchParams(fields).toString();
    const res = await t.app.inject({
      method: 'POST',
      url: `/update/${host}`,
      headers: { cookie: t.cookie.ort_user, 'content-type': 'application/x-www-form-urlencoded' },
      payload: form,
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  async function mid1Applied(job: number): Promise<boolean> {
    const res = await t.call('ro_user', 'GET', `/api/1.3/jobs/${job}/propagation`);
    expect(res.statusCode, res.body).toBe(200);
    const mid = (res.json().response.tiers as Array<{ tier: string; pendingHosts: string[] }>).find(
      (x) => x.tier === 'MID',
    )!;
    return !mid.pendingHosts.includes('mid1');
  }

  /** Clears mid1's flags with a read time after everything so far. */
  async function settle() {
    t.clock.advance(1000);
    for (const host of ['mid1', 'edge1a'])
      await checkIn({ updated: 'false', reval_updated: 'false', reval_started: String(t.clock.now()) }, host);
    t.clock.advance(1000);
  }

  beforeEach(settle);

  describe('reval_pending', () => {
    it('a job entered after the pass read stays pending through its check-in, and is not counted applied', async () => {
      const first = await purge('/first/.*');
      t.clock.advance(1000);
      const pass = await read();
      expect(pass.reval).toBe(true);
      t.clock.advance(1);
      const second = await purge('/second/.*');
      t.clock.advance(1000);
      await checkIn({ updated: 'false', reval_updated: 'false', reval_started: String(pass.at) });
      expect((await read()).reval).toBe(true);
      expect(await mid1Applied(first)).toBe(true);
      expect(await mid1Applied(second)).toBe(false);
      // The next pass reads after job 2: its check-in clears the flag and counts job 2 applied.
      t.clock.advance(1000);
      const next = await read();
      t.clock.advance(1000);
      await checkIn({ updated: 'false', reval_updated: 'false', reval_started: String(next.at) });
      expect((await read()).reval).toBe(false);
      expect(await mid1Applied(second)).toBe(true);
    });

    it('a job entered after a read while the flag was down is not wiped by that pass', async () => {
      const pass = await read();
      expect(pass.reval).toBe(false);
      t.clock.advance(1);
      const job = await purge('/later/.*');
      t.clock.advance(1000);
      await checkIn({ updated: 'false', reval_updated: 'false', reval_started: String(pass.at) });
      expect((await read()).reval).toBe(true);
      expect(await mid1Applied(job)).toBe(false);
    });

    it('a check-in without a read time (ORT) clears reval_pending, as Traffic Ops did', async () => {
      await purge('/ort/.*');
      t.clock.advance(1000);
      await checkIn({ updated: 'false', reval_updated: 'false' });
      expect((await read()).reval).toBe(false);
    });
  });

  describe('every write that raises a flag counts as a raise, even on a cache already pending', () => {
    const json = (res: { json(): unknown }) => res.json() as { response: unknown };
    const ok = async (res: Promise<{ statusCode: number; body: string }>) => {
      const r = await res;
      expect(r.statusCode, r.body).toBe(200);
    };
    const idOf = (res: { json(): unknown }) => {
      const body = json(res).response as { id: number } | Array<{ id: number }>;
      return Array.isArray(body) ? body[0].id : body.id;
    };
    const RAISES: Array<[string, 'upd' | 'reval', string, () => Promise<void>]> = [
      [
        'a CDN queue_update',
        'upd',
        'edge1a',
        async () =>
          ok(
            t.call('ops_user', 'POST', `/api/1.3/cdns/${(await t.store.cdns.byName('cdn1'))!.id}/queue_update`, {
              action: 'queue',
            }),
          ),
      ],
      [
        "a status change of the cache's parent MID",
        'upd',
        'edge1a',
        async () =>
          ok(t.call('ops_user', 'PUT', `/api/1.3/servers/${await t.id('mid2')}/status`, { status: 'ONLINE' })),
      ],
      [
        'a delivery-service link (replace, the same caches)',
        'upd',
        'edge1a',
        async () =>
          ok(
            t.call('ops_user', 'POST', '/api/1.5/deliveryserviceserver', {
              dsId: (await t.store.deliveryServices.byXmlId('ds1'))!.id,
              servers: [await t.id('edge1a'), await t.id('edge1b')],
              replace: true,
            }),
          ),
      ],
      [
        "a parameter added to the cache's profile",
        'upd',
        'edge1a',
        async () => {
          const param = await t.call('ops_user', 'POST', '/api/1.3/parameters', {
            name: `race-${t.clock.now()}`,
            configFile: 'records.config',
            value: 'STRING x',
            secure: false,
          });
          expect(param.statusCode, param.body).toBe(200);
          const profiles = json(await t.call('ops_user', 'GET', '/api/1.3/profiles')).response;
          const profileId = (profiles as Array<{ id: number; name: string }>).find(
            (p) => p.name === 'EDGE_PROFILE1',
          )!.id;
          await ok(
            t.call('ops_user', 'POST', '/api/1.3/profileparameters', {
              profileId: Number(profileId),
              parameterId: Number(idOf(param)),
            }),
          );
        },
      ],
      [
        'a job deleted (1.4+)',
        'reval',
        'edge1a',
        async () => {
          const id = await purge('/deleted/.*');
          await ok(t.call('admin', 'DELETE', `/api/1.5/jobs?id=${id}`));
        },
      ],
    ];

    it.each(RAISES)('%s', async (_what, flag, host, raise) => {
      // The flag is up already (an older raise) when the pass reads; the write comes after the read.
      await t.store.serverFlags.setUpdPending({ hostName: host }, null, true, t.clock.now());
      await purge('/older/.*');
      t.clock.advance(1000);
      const pass = await read(host);
      expect(pass[flag]).toBe(true);
      t.clock.advance(1);
      await raise();
      t.clock.advance(1000);
      await checkIn({ updated: 'false', reval_updated: 'false', reval_started: String(pass.at) }, host);
      expect((await read(host))[flag]).toBe(true);
    });
  });

  describe('upd_pending', () => {
    const queue = async () => {
      const id = await t.id('mid1');
      const res = await t.call('ops_user', 'POST', `/api/1.3/servers/${id}/queue_update`, { action: 'queue' });
      expect(res.statusCode, res.body).toBe(200);
    };

    it('a queue entered during a syncds pass (the flag already up) stays pending through its check-in', async () => {
      await queue();
      t.clock.advance(1000);
      const pass = await read();
      expect(pass.upd).toBe(true);
      t.clock.advance(1);
      await queue();
      t.clock.advance(1000);
      await checkIn({ updated: 'false', reval_updated: 'false', reval_started: String(pass.at) });
      expect((await read()).upd).toBe(true);
      t.clock.advance(1000);
      const next = await read();
      t.clock.advance(1000);
      await checkIn({ updated: 'false', reval_updated: 'false', reval_started: String(next.at) });
      expect((await read()).upd).toBe(false);
    });

    it("a queue entered during a revalidate pass is not wiped by that pass's updated=false", async () => {
      await purge('/reval-pass/.*');
      t.clock.advance(1000);
      const pass = await read();
      expect(pass).toMatchObject({ upd: false, reval: true });
      t.clock.advance(1);
      await queue();
      t.clock.advance(1000);
      await checkIn({ updated: 'false', reval_updated: 'false', reval_started: String(pass.at) });
      expect(await read()).toMatchObject({ upd: true, reval: false });
    });

    it('a check-in without a read time (ORT) clears upd_pending, as Traffic Ops did', async () => {
      await queue();
      t.clock.advance(1000);
      await checkIn({ updated: 'false' });
      expect((await read()).upd).toBe(false);
    });
  });
});
