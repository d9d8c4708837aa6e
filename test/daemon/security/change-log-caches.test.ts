import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachStore } from '../../helpers/store-kinds.js';
import { goldenApp, type GoldenApp, type Username } from './fixture.js';

/**
 * Issue 28, finding 10: the writes that change what a cache does are in the change log, each in the transaction of
 * its write, with who did it and why: a server's status (with its offlineReason), queued and dequeued updates of
 * a server, a CDN or a cache group, a /jobs purge changed or deleted. A refused write logs nothing.
 */

interface Entry {
  id: number;
  level: string;
  message: string;
  user: string;
}

const START_IN_A_DAY = (now: number) => new Date(now + 24 * 3600_000).toISOString();

eachStore((kind) => {
  let t: GoldenApp;
  const cookies = {} as Record<Username, string>;
  beforeAll(async () => {
    t = await goldenApp({ storeKind: kind });
    for (const u of ['admin', 'ops_user', 'tenanta_admin'] as Username[]) cookies[u] = await t.session(u);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const as = (
    u: Username,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: InjectOptions['payload'],
  ) => t.app.inject({ method, url, headers: { cookie: cookies[u] }, ...(payload === undefined ? {} : { payload }) });

  async function entries(u: Username = 'admin'): Promise<Entry[]> {
    const res = await as(u, 'GET', '/api/1.5/logs');
    expect(res.statusCode, res.body).toBe(200);
    return (JSON.parse(res.body) as { response: Entry[] }).response;
  }

  /** Runs a write that must succeed and answers the entries it appended (newest first). */
  async function logged(
    u: Username,
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: InjectOptions['payload'],
  ): Promise<Entry[]> {
    const before = new Set((await entries()).map((e) => e.id));
    t.clock.advance(1000);
    const res = await as(u, method, url, payload);
    expect(res.statusCode, res.body).toBe(200);
    return (await entries()).filter((e) => !before.has(e.id));
  }

  describe('server status', () => {
    it('logs OFFLINE with the user and the reason, and the way back', async () => {
      const id = t.ids.servers.tenantA;
      const down = await logged('ops_user', 'PUT', `/api/1.1/servers/${id}/status`, {
        status: 'OFFLINE',
        offlineReason: 'disk swap',
      });
      expect(down).toEqual([
        expect.objectContaining({
          level: 'APICHANGE',
          user: 'ops_user',
          message: `SERVER: edge1a.cdn1.example.test, ID: ${id}, ACTION: Updated status [ OFFLINE ] for edge1a.cdn1.example.test [ ops_user: disk swap ] and queued updates on all child caches`,
        }),
      ]);
      const admin = await logged('admin', 'PUT', `/api/1.3/servers/${id}/status`, {
        status: 'ADMIN_DOWN',
        offlineReason: 'drain',
      });
      expect(admin.map((e) => [e.user, e.message])).toEqual([
        [
          'admin',
          expect.stringContaining('Updated status [ ADMIN_DOWN ] for edge1a.cdn1.example.test [ admin: drain ]'),
        ],
      ]);
      const up = await logged('admin', 'PUT', `/api/1.5/servers/${id}/status`, { status: 'REPORTED' });
      expect(up.map((e) => e.message)).toEqual([
        `SERVER: edge1a.cdn1.example.test, ID: ${id}, ACTION: Updated status [ REPORTED ] for edge1a.cdn1.example.test and queued updates on all child caches`,
      ]);
    });

    it('shows a cache’s entries only to readers who see every tenant it serves', async () => {
      const seen = (await entries('tenanta_admin')).map((e) => e.message);
      expect(seen.some((m) => m.startsWith('SERVER: edge1a'))).toBe(false);
    });
  });

  describe('queued updates', () => {
    it('logs a server queued and dequeued', async () => {
      const id = t.ids.servers.root;
      const queued = await logged('ops_user', 'POST', `/api/1.2/servers/${id}/queue_update`, { action: 'queue' });
      expect(queued.map((e) => [e.user, e.message])).toEqual([
        ['ops_user', `SERVER: edge2a.cdn1.example.test, ID: ${id}, ACTION: Queued updates`],
      ]);
      const dequeued = await logged('admin', 'POST', `/api/1.5/servers/${id}/queue_update`, { action: 'dequeue' });
      expect(dequeued.map((e) => [e.user, e.message])).toEqual([
        ['admin', `SERVER: edge2a.cdn1.example.test, ID: ${id}, ACTION: Dequeued updates`],
      ]);
      // A dequeue of a server with nothing queued changes nothing, and logs nothing.
      expect(await logged('admin', 'POST', `/api/1.4/servers/${id}/queue_update`, { action: 'dequeue' })).toEqual([]);
    });

    it('logs a CDN queued and dequeued, with the number of servers', async () => {
      const { id, name } = t.ids.cdn;
      const queued = await logged('ops_user', 'POST', `/api/1.3/cdns/${id}/queue_update`, { action: 'queue' });
      expect(queued.map((e) => [e.user, e.message])).toEqual([
        [
          'ops_user',
          expect.stringMatching(new RegExp(`^CDN: ${name}, ID: ${id}, ACTION: Queued updates on \\d+ servers$`)),
        ],
      ]);
      const dequeued = await logged('admin', 'POST', `/api/1.4/cdns/${id}/queue_update`, { action: 'dequeue' });
      expect(dequeued.map((e) => e.message)).toEqual([
        expect.stringMatching(new RegExp(`^CDN: ${name}, ID: ${id}, ACTION: Dequeued updates on \\d+ servers$`)),
      ]);
    });

    it('logs a cache group queued, in Traffic Ops’ text', async () => {
      const id = t.ids.cachegroup;
      const queued = await logged('ops_user', 'POST', `/api/1.3/cachegroups/${id}/queue_update`, {
        action: 'queue',
        cdn: t.ids.cdn.name,
      });
      expect(queued.map((e) => e.message)).toEqual([
        `CACHEGROUP: edge-cg2, ID: ${id}, ACTION: Queued CacheGroup server updates to the ${t.ids.cdn.name} CDN`,
      ]);
    });
  });

  describe('/jobs edits', () => {
    it('logs a job changed and a job deleted, by whom', async () => {
      const id = t.ids.jobs.root;
      const ds1 = t.ids.deliveryServices.ds1;
      const job = (await as('admin', 'GET', `/api/1.4/jobs?id=${id}`)).json().response[0] as Record<string, unknown>;
      const start = START_IN_A_DAY(t.clock.now());
      const changed = await logged('admin', 'PUT', `/api/1.4/jobs?id=${id}`, {
        ...job,
        parameters: 'TTL:6h',
        startTime: start,
      });
      const when = start.slice(0, 19).replace('T', ' ');
      const url = 'http://ds1-origin\\.example\\.test/fixture/\\.\\*';
      expect(changed.map((e) => [e.user, e.message])).toEqual([
        [
          'admin',
          expect.stringMatching(
            new RegExp(
              `^DS: ds1, ID: ${ds1}, ACTION: Changed content invalidation job #${id}: ${url} \\(TTL 6h, starts ${when}\\), was ${url} \\(TTL 24h, starts [-\\d]+ [:\\d]+\\)$`,
            ),
          ),
        ],
      ]);
      const deleted = await logged('admin', 'DELETE', `/api/1.5/jobs?id=${id}`);
      expect(deleted.map((e) => [e.user, e.message])).toEqual([
        [
          'admin',
          `DS: ds1, ID: ${ds1}, ACTION: Deleted content invalidation job #${id}: http://ds1-origin.example.test/fixture/.* (TTL 6h)`,
        ],
      ]);
    });
  });

  describe('servers and their delivery services', () => {
    const body = (fields: Record<string, unknown> = {}) => ({
      hostName: 'edge9',
      domainName: 'cdn1.example.test',
      ipAddress: '127.0.0.9',
      cachegroup: 'edge-cg1',
      cdnName: 'cdn1',
      profile: 'EDGE_PROFILE1',
      type: 'EDGE',
      status: 'REPORTED',
      ...fields,
    });

    it('logs a server created, taken offline through PUT servers/:id with the reason, and deleted', async () => {
      const created = await logged('ops_user', 'POST', '/api/1.1/servers', body());
      expect(created.map((e) => [e.user, e.message])).toEqual([
        ['ops_user', expect.stringMatching(/^SERVER: edge9\.cdn1\.example\.test, ID: \d+, ACTION: created$/)],
      ]);
      const id = Number(/ID: (\d+)/.exec(created[0]!.message)![1]);
      const updated = await logged(
        'admin',
        'PUT',
        `/api/1.3/servers/${id}`,
        body({ status: 'OFFLINE', offlineReason: 'rack move' }),
      );
      expect(updated.map((e) => [e.user, e.message])).toEqual([
        [
          'admin',
          `SERVER: edge9.cdn1.example.test, ID: ${id}, ACTION: updated, status changed from REPORTED to OFFLINE [ rack move ]`,
        ],
      ]);
      const deleted = await logged('admin', 'DELETE', `/api/1.5/servers/${id}`);
      expect(deleted.map((e) => e.message)).toEqual([`SERVER: edge9.cdn1.example.test, ID: ${id}, ACTION: deleted`]);
    });

    it('logs the servers assigned to a delivery service', async () => {
      const ds3 = t.ids.deliveryServices.ds3;
      const assigned = await logged('admin', 'POST', '/api/1.2/deliveryservices/ds3/servers', {
        serverNames: ['edge2a', 'edge2b'],
      });
      expect(assigned.map((e) => [e.user, e.message])).toEqual([
        ['admin', `DS: ds3, ID: ${ds3}, ACTION: Assigned servers edge2a, edge2b to delivery service`],
      ]);
    });
  });

  describe('refused writes', () => {
    it('log nothing', async () => {
      const before = (await entries()).length;
      const refused: [string, string, object | undefined][] = [
        ['PUT', `/api/1.3/servers/${t.ids.servers.spare}/status`, { status: 'BROKEN', offlineReason: 'x' }],
        ['PUT', `/api/1.3/servers/${t.ids.servers.spare}/status`, { status: 'OFFLINE' }],
        ['PUT', '/api/1.3/servers/99999/status', { status: 'ONLINE' }],
        ['POST', `/api/1.3/servers/${t.ids.servers.spare}/queue_update`, { action: 'later' }],
        ['POST', `/api/1.3/cdns/${t.ids.cdn.id}/queue_update`, { action: 'later' }],
        ['DELETE', '/api/1.5/jobs?id=99999', undefined],
      ];
      for (const [method, url, payload] of refused) {
        const res = await as('admin', method as 'PUT', url, payload);
        expect(res.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
      }
      expect((await entries()).length).toBe(before);
    });
  });

  describe('one transaction with the write', () => {
    async function refuseEntries(): Promise<void> {
      if (kind === 'sqlite') {
        t.db.exec("CREATE TRIGGER refuse_log BEFORE INSERT ON log BEGIN SELECT RAISE(ABORT, 'log refused'); END");
        return;
      }
      await t.pool!
        .query(`CREATE FUNCTION refuse_log() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'log refused'; END $$;
        CREATE TRIGGER refuse_log BEFORE INSERT ON log FOR EACH ROW EXECUTE FUNCTION refuse_log()`);
    }

    it('stores no status, queue or job edit whose entry cannot be appended', async () => {
      const cachegroup = `/api/1.3/cachegroups/${t.ids.cachegroup}/queue_update`;
      expect((await as('admin', 'POST', cachegroup, { action: 'dequeue', cdn: t.ids.cdn.name })).statusCode).toBe(200);
      await refuseEntries();
      const server = t.ids.servers.spare;
      const status = await as('admin', 'PUT', `/api/1.3/servers/${server}/status`, {
        status: 'OFFLINE',
        offlineReason: 'unlogged',
      });
      expect(status.statusCode).toBe(500);
      const queue = await as('admin', 'POST', `/api/1.3/servers/${server}/queue_update`, { action: 'queue' });
      expect(queue.statusCode).toBe(500);
      const after = (await t.store.servers.byId(server, null))!;
      expect([after.status, after.offlineReason]).toEqual(['PRE_PROD', null]);
      const flags = (await t.store.serverFlags.updateStatus(after.hostName, null))!;
      expect(flags.updPending).toBe(false);
      const cdn = await as('admin', 'POST', `/api/1.3/cdns/${t.ids.cdn.id}/queue_update`, { action: 'queue' });
      expect(cdn.statusCode).toBe(500);
      expect((await t.store.serverFlags.updateStatus(after.hostName, null))!.updPending).toBe(false);
      const job = t.ids.job;
      const removed = await as('admin', 'DELETE', `/api/1.5/jobs?id=${job}`);
      expect(removed.statusCode).toBe(500);
      expect(await t.store.jobs.byId(job)).not.toBeNull();
      expect((await as('admin', 'DELETE', `/api/1.3/servers/${server}`)).statusCode).toBe(500);
      expect(await t.store.servers.byId(server, null)).not.toBeNull();
      const ds3 = t.ids.deliveryServices.ds3;
      const assigned = await t.store.servers.list({ dsId: ds3 }, null);
      expect(
        (await as('admin', 'POST', '/api/1.2/deliveryservices/ds3/servers', { serverNames: ['edge2c'] })).statusCode,
      ).toBe(500);
      expect(await t.store.servers.list({ dsId: ds3 }, null)).toEqual(assigned);
    });
  });
});
