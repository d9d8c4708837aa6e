import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSnapshot } from '../../../daemon/services/snapshot/export.js';
import { eachStore } from '../../helpers/store-kinds.js';
import { alertsOf, goldenApp, type GoldenApp, type Username } from './fixture.js';

/*
 * Issue 28, finding 2: a check-in (a cache's flags, its lastCheckIn) comes from the cache's own identity, a login
 * bound to the server (its agent; ort_user is bound to every cache of cdn1 in test/fixtures/caches.snapshot.json).
 * A portal customer of another tenant or an unbound ORT login is refused on every check-in route, by name and by
 * id, with nothing changed; reading update_status changes nothing; admins queue and dequeue through queue_update.
 */

const ORT_ROLE = 7;
const PORTAL_ROLE = 5;
const FORM = 'application/x-www-form-urlencoded';

eachStore((kind) => {
  let t: GoldenApp;
  const cookie = {} as Record<Username, string>;
  const as = async (who: Username) => (cookie[who] ??= await t.session(who));
  const server = async (host: string) => (await t.store.servers.byHostName(host, null))!;
  const flags = async (host: string) => {
    const s = await server(host);
    return { upd: s.updPending, reval: s.revalPending, lastCheckIn: s.lastCheckIn };
  };
  const propagation = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/1.3/jobs/${t.ids.job}/propagation`,
        headers: { cookie: await as('admin') },
      })
    ).json();
  const form = async (who: Username, ref: string, query: string): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method: 'POST',
      url: `/update/${ref}?${query}`,
      headers: { cookie: await as(who), 'content-type': FORM },
      payload: query,
    });
  const json = async (who: Username, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: await as(who) }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await goldenApp({ storeKind: kind });
    // tenanta_user: a portal customer of tenant-a (it sees cdn1's MIDs, which serve its ds2); ro_user: an ORT
    // login bound to no cache.
    await t.setRole('tenanta_user', PORTAL_ROLE);
    await t.setRole('ro_user', ORT_ROLE);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('check-ins only from the cache itself (issue 28)', () => {
    it('refuses a foreign portal user and an unbound ORT login on every check-in route, changing nothing', async () => {
      const mid = await server('mid1');
      expect(mid.revalPending, 'the fixture purge flags the MID').toBe(true);
      const before = { mid1: await flags('mid1'), edge1a: await flags('edge1a'), propagation: await propagation() };
      t.clock.advance(60_000);
      for (const who of ['tenanta_user', 'ro_user'] as const) {
        for (const ref of ['mid1', String(mid.id)]) {
          const res = await form(who, ref, 'updated=false&reval_updated=false');
          expect([res.statusCode, res.body], `${who} /update/${ref}`).toEqual([403, 'Forbidden']);
          for (const v of ['1.1', '1.3', '1.5']) {
            const api = await json(who, 'POST', `/api/${v}/servers/${ref}/update`, {
              updated: false,
              reval_updated: false,
            });
            expect(api.statusCode, `${who} ${v} servers/${ref}/update: ${api.body}`).toBe(403);
            expect(alertsOf(api)[0].level).toBe('error');
          }
        }
        // Nor may they raise a cache's queued-update flag through a check-in.
        expect((await form(who, 'edge1a', 'updated=true')).statusCode).toBe(403);
        expect((await json(who, 'POST', '/api/1.3/servers/edge1a/update?updated=true')).statusCode).toBe(403);
      }
      expect(await flags('mid1')).toEqual(before.mid1);
      expect(await flags('edge1a')).toEqual(before.edge1a);
      expect(await propagation()).toEqual(before.propagation);
    });

    it('changes nothing when anyone reads update_status, the cache itself included', async () => {
      const before = await flags('mid2');
      t.clock.advance(60_000);
      for (const who of ['ro_user', 'ort_user', 'admin'] as const) {
        const res = await json(who, 'GET', '/api/1.3/servers/mid2/update_status');
        expect(res.statusCode).toBe(200);
        expect(res.json()[0]).toMatchObject({ host_name: 'mid2', reval_pending: before.reval });
      }
      expect(await flags('mid2')).toEqual(before);
    });

    it("accepts the server's own agent, by name and by id, and records the time", async () => {
      t.clock.advance(60_000);
      const res = await form('ort_user', 'mid1', 'updated=false&reval_updated=false');
      expect([res.statusCode, res.body]).toEqual([200, 'Success']);
      expect(await flags('mid1')).toEqual({ upd: false, reval: false, lastCheckIn: t.clock.now() });
      t.clock.advance(1000);
      const id = (await server('edge1a')).id;
      const api = await json('ort_user', 'POST', `/api/1.3/servers/${id}/update`, { reval_updated: false });
      expect(api.statusCode, api.body).toBe(200);
      expect(await flags('edge1a')).toMatchObject({ reval: false, lastCheckIn: t.clock.now() });
    });

    it("records an idle agent's heartbeat (servers/:hostname/checkin): the time moves, the flags do not", async () => {
      const before = await flags('mid2');
      t.clock.advance(60_000);
      for (const v of ['1.1', '1.3', '1.5']) {
        const res = await json('ort_user', 'POST', `/api/${v}/servers/mid2/checkin`);
        expect([res.statusCode, alertsOf(res)], res.body).toEqual([200, [{ level: 'success', text: 'checked in' }]]);
      }
      expect(await flags('mid2')).toEqual({ upd: before.upd, reval: before.reval, lastCheckIn: t.clock.now() });
      // Only the cache itself may say it is alive: not an unbound ORT login, a foreign portal user or an admin.
      t.clock.advance(60_000);
      for (const who of ['ro_user', 'tenanta_user', 'admin'] as const) {
        const res = await json(who, 'POST', `/api/1.3/servers/${(await server('mid2')).id}/checkin`);
        expect([res.statusCode, alertsOf(res)[0]?.level], `${who}: ${res.body}`).toEqual([403, 'error']);
      }
      expect((await flags('mid2')).lastCheckIn).toBe(t.clock.now() - 60_000);
    });

    it('lets an admin bind a login to a server (logged), which then checks in for that server only', async () => {
      const mid2 = await server('mid2');
      const refused = await json('tenanta_admin', 'PUT', `/api/1.3/servers/${mid2.id}/agents`, {
        usernames: ['ro_user'],
      });
      expect(refused.statusCode).toBe(403);
      const bind = await json('admin', 'PUT', `/api/1.3/servers/${mid2.id}/agents`, {
        usernames: ['ro_user', 'ort_user'],
      });
      expect(bind.statusCode, bind.body).toBe(200);
      expect(bind.json().response).toEqual({ serverId: mid2.id, hostName: 'mid2', usernames: ['ort_user', 'ro_user'] });
      const unknown = await json('admin', 'PUT', `/api/1.3/servers/${mid2.id}/agents`, { usernames: ['nobody-here'] });
      expect([unknown.statusCode, alertsOf(unknown)]).toEqual([
        400,
        [{ level: 'error', text: 'usernames[0] is no user' }],
      ]);
      expect((await json('admin', 'GET', `/api/1.3/servers/${mid2.id}/agents`)).json().response.usernames).toEqual([
        'ort_user',
        'ro_user',
      ]);
      expect((await form('ro_user', 'mid2', 'updated=false')).body).toBe('Success');
      expect((await form('ro_user', 'mid1', 'updated=false')).statusCode).toBe(403);
      const logs = (await json('admin', 'GET', '/api/1.3/logs?days=1')).json().response as { message: string }[];
      expect(logs.map((l) => l.message)).toContain(
        `SERVER: mid2, ID: ${mid2.id}, ACTION: agents set to ort_user, ro_user`,
      );
      const exported = await exportSnapshot(t.kind === 'sqlite' ? t.db : t.store);
      expect(exported.servers.find((s) => s.hostName === 'mid2')).toMatchObject({ agents: ['ort_user', 'ro_user'] });
    });

    it('keeps queue and dequeue for admin and operations through queue_update', async () => {
      const edge = await server('edge1b');
      const cdn = t.ids.cdn.id;
      for (const who of ['admin', 'ops_user'] as const) {
        const queued = await json(who, 'POST', `/api/1.3/servers/${edge.id}/queue_update`, { action: 'queue' });
        expect(queued.statusCode, queued.body).toBe(200);
        expect((await flags('edge1b')).upd).toBe(true);
        expect((await json(who, 'POST', `/api/1.3/cdns/${cdn}/queue_update`, { action: 'dequeue' })).statusCode).toBe(
          200,
        );
        expect((await flags('edge1b')).upd).toBe(false);
      }
    });

    it("records an admin's check-in in the change log", async () => {
      const edge = await server('edge1b');
      const res = await json('admin', 'POST', '/api/1.3/servers/edge1b/update', { updated: true });
      expect(res.statusCode, res.body).toBe(200);
      expect((await flags('edge1b')).upd).toBe(true);
      const logs = (await json('admin', 'GET', '/api/1.3/logs?days=1')).json().response as {
        message: string;
        user: string;
      }[];
      expect(logs).toContainEqual(
        expect.objectContaining({
          user: 'admin',
          message: `SERVER: edge1b, ID: ${edge.id}, ACTION: check-in by an admin, not the server's agent (updated=true, reval_updated=unchanged)`,
        }),
      );
    });
  });
});
