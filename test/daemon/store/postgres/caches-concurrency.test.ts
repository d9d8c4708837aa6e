import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../../../daemon/store/index.js';
import { openPgStore } from '../../../../daemon/store/postgres/index.js';
import { NO_EXTRAS } from '../../../../daemon/store/servers.js';
import type { PgPool } from '../../../../daemon/store/postgres/pool.js';
import { startPgCluster, type PgCluster } from '../../../helpers/pg-cluster.js';
import { CONTRACT_FIXTURE, T0 } from '../contract/fixture.js';

/**
 * Several daemons on one database: each store below has a pool of its own, as each daemon would. What one
 * acknowledges must be in the database, and flags written by several at once must not be lost.
 */
let cluster: PgCluster;
beforeAll(async () => {
  cluster = await startPgCluster();
}, 60_000);
afterAll(() => cluster?.stop());

interface Daemons {
  stores: Store[];
  pool: PgPool;
  close(): Promise<void>;
}

async function daemons(count: number): Promise<Daemons> {
  const url = await cluster.createDatabase('caches');
  const first = await openPgStore(url);
  await first.pool.query(CONTRACT_FIXTURE);
  await first.pool.query('SELECT cdnctl_sync_identities()');
  const others = await Promise.all(Array.from({ length: count - 1 }, () => openPgStore(url, { max: 4 })));
  const stores = [first.store, ...others.map((o) => o.store)];
  return { stores, pool: first.pool, close: async () => void (await Promise.all(stores.map((s) => s.close()))) };
}

const count = async (pool: PgPool, sql: string) => Number((await pool.query<{ n: number }>(sql)).rows[0]!.n);

describe('the caches group with several daemons on one PostgreSQL', () => {
  it("purges from three daemons at once: every acknowledged job, its log entry and the CDN's reval_pending are there", async () => {
    const d = await daemons(3);
    try {
      const purges = Array.from({ length: 60 }, (_, i) =>
        d.stores[i % 3]!.jobs.insertPurge(
          {
            assetUrl: `http://origin.acme.test/p${i}/.*`,
            ttlHours: 1,
            startTime: T0,
            enteredTime: T0 + i,
            userId: 2,
            deliveryServiceId: 1 + (i % 2),
          },
          { message: `purge ${i}`, user: 2, tenants: [2], at: T0 + i },
        ),
      );
      const jobs = await Promise.all(purges);
      const ids = jobs.map((j) => j.id);
      expect(new Set(ids).size).toBe(60);
      const stored = await d.stores[1]!.jobs.query({ tenantIds: [1, 2, 3, 4] });
      expect(stored.map((j) => j.id)).toEqual(expect.arrayContaining(ids));
      expect(await count(d.pool, "SELECT count(*) AS n FROM log WHERE message LIKE 'purge %'")).toBe(60);
      const servers = await d.stores[2]!.servers.list({}, null);
      expect(servers.map((s) => [s.hostName, s.revalPending, s.revalPendingSince !== null])).toEqual([
        ['edge-01', true, true],
        ['edge-02', false, false],
        ['mid-01', true, true],
      ]);
    } finally {
      await d.close();
    }
  }, 60_000);

  it('purges, queues, dequeues and check-ins at once on three daemons lose no flag and leave flags and times agreeing', async () => {
    const d = await daemons(3);
    try {
      const [a, b, c] = d.stores as [Store, Store, Store];
      await c.serverFlags.setUpdPending({ cdn: 2 }, null, false, T0);
      const work: Array<Promise<unknown>> = [];
      for (let i = 0; i < 40; i++) {
        const now = T0 + 1 + i;
        work.push(
          a.jobs.insertPurge({
            assetUrl: `http://x.test/${i}`,
            ttlHours: 1,
            startTime: T0,
            enteredTime: now,
            userId: 2,
            deliveryServiceId: 1,
          }),
        );
        // Check-ins that report only `updated`: they must never take down a reval_pending a purge raised.
        work.push(b.serverFlags.checkIn(1 + (i % 3), { updated: i % 2 === 0 }, now));
        work.push(c.serverFlags.setUpdPending(i % 4 === 0 ? { cdn: 2 } : { cachegroup: 2 }, null, i % 3 !== 0, now));
        work.push(b.serverFlags.setStatus(3, i % 2 === 0 ? 'OFFLINE' : 'REPORTED', null, true, now));
        // The MID's status change queues its children: many rows locked against the queues and purges above.
        if (i % 5 === 0) work.push(a.serverFlags.setStatus(1, 'REPORTED', null, true, now));
      }
      const outcomes = await Promise.allSettled(work);
      // Every write is acknowledged: deadlocks are avoided (rows locked in id order before the version row) or retried.
      const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [String((o.reason as Error).message)] : []));
      expect(refused).toEqual([]);
      await b.serverFlags.setStatus(3, 'OFFLINE', null, false, T0 + 100);
      const servers = await a.servers.list({}, null);
      for (const s of servers) {
        expect(s.updPending, s.hostName).toBe(s.updPendingSince !== null);
        expect(s.revalPending, s.hostName).toBe(s.revalPendingSince !== null);
      }
      expect(servers.filter((s) => s.hostName !== 'edge-02').every((s) => s.revalPending)).toBe(true);
      expect(await count(d.pool, "SELECT count(*) AS n FROM jobs WHERE asset_url LIKE 'http://x.test/%'")).toBe(40);
    } finally {
      await d.close();
    }
  }, 60_000);

  it('a purge waits for a check-in clearing reval_pending in flight, then raises the flag again', async () => {
    const d = await daemons(2);
    try {
      const [a, b] = d.stores as [Store, Store];
      const purge = (i: number) =>
        a.jobs.insertPurge({
          assetUrl: `http://y.test/${i}`,
          ttlHours: 1,
          startTime: T0,
          enteredTime: T0 + i,
          userId: 2,
          deliveryServiceId: 1,
        });
      await purge(0);
      // Another daemon's check-in, reval_updated=false, not yet committed when the purge arrives.
      const checkIn = await d.pool.connect();
      try {
        await checkIn.query('BEGIN');
        await checkIn.query('UPDATE servers SET reval_pending = 0, reval_pending_since = NULL WHERE id = 2');
        const raised = purge(1);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await checkIn.query('COMMIT');
        await raised;
      } finally {
        checkIn.release();
      }
      expect(await b.servers.byId(2, null)).toMatchObject({ revalPending: true, revalPendingSince: T0 + 1 });
    } finally {
      await d.close();
    }
  }, 60_000);

  it("two daemons replacing one delivery service's servers at once: one whole set wins, never a mix or an error", async () => {
    const d = await daemons(2);
    try {
      const [a, b] = d.stores as [Store, Store];
      for (let round = 0; round < 10; round++) {
        await Promise.all([a.servers.assignToDeliveryService(1, [2, 3]), b.servers.assignToDeliveryService(1, [1, 2])]);
        const ids = (await a.servers.list({ dsId: 1 }, null)).map((s) => s.id).sort((x, y) => x - y);
        expect([
          [2, 3],
          [1, 2],
        ]).toContainEqual(ids);
      }
    } finally {
      await d.close();
    }
  }, 60_000);

  it('the same host name or check extension created on three daemons at once: exactly one is created', async () => {
    const d = await daemons(3);
    try {
      const server = {
        hostName: 'edge-09',
        domainName: 'example.net',
        tcpPort: 80,
        httpsPort: null,
        interfaceName: 'eth0',
        interfaceMtu: 1500,
        ipAddress: '192.0.2.90',
        ipNetmask: null,
        ipGateway: null,
        ip6Address: null,
        ip6Gateway: null,
        typeId: 6,
        status: 'PRE_PROD' as const,
        offlineReason: null,
        cachegroupId: 2,
        cdnId: 2,
        profileId: 2,
        physLocationId: null,
        ...NO_EXTRAS,
      };
      const ids = await Promise.all(d.stores.map((s) => s.servers.insert(server, T0)));
      expect(ids.filter((id) => id !== null)).toHaveLength(1);
      const ext = {
        name: 'x_check',
        version: '1',
        infoUrl: 'http://x',
        scriptFile: 'x.pl',
        isActive: true,
        additionalConfigJson: null,
        description: null,
        servercheckShortName: 'XC',
        typeId: 8,
      };
      const made = await Promise.all(d.stores.map((s) => s.serverChecks.insertExtension(ext, T0)));
      expect(made.filter((m) => 'id' in m)).toHaveLength(1);
      expect(made.filter((m) => 'taken' in m)).toEqual([{ taken: 'name' }, { taken: 'name' }]);
    } finally {
      await d.close();
    }
  }, 60_000);
});
