import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job, NewPurgeJob } from '../../../../daemon/store/jobs.js';
import { CONTRACT_FIXTURE, T0 } from './fixture.js';
import { describeEachStore, type OpenedStore } from './stores.js';

const HOUR = 3_600_000;
const ALL_TENANTS = [1, 2, 3, 4];

const JOB1: Job = {
  id: 1,
  keyword: 'PURGE',
  assetUrl: 'http://origin.acme.test/a/.*\\.jpg',
  assetType: 'file',
  status: 'PENDING',
  ttlHours: 24,
  startTime: T0,
  enteredTime: T0,
  userId: 2,
  username: 'ops',
  deliveryServiceId: 1,
  dsXmlId: 'ds-acme',
  agent: 'dummy',
  objectType: null,
  objectName: null,
};
const JOB2: Job = {
  id: 2,
  keyword: 'PURGE',
  assetUrl: 'http://video.acme.test/v/.*',
  assetType: 'file',
  status: 'PENDING',
  ttlHours: 48,
  startTime: T0 + HOUR,
  enteredTime: T0,
  userId: 3,
  username: 'viewer',
  deliveryServiceId: 2,
  dsXmlId: 'ds-video',
  agent: 'dummy',
  objectType: null,
  objectName: null,
};

const purge = (over: Partial<NewPurgeJob> = {}): NewPurgeJob => ({
  assetUrl: 'http://origin.acme.test/new/.*',
  ttlHours: 12,
  startTime: T0 + 2 * HOUR,
  enteredTime: T0 + HOUR,
  userId: 2,
  deliveryServiceId: 1,
  ...over,
});

/** reval_pending and its time of every server, by host name. */
async function reval(h: OpenedStore) {
  const servers = await h.store.servers.list({}, null);
  return Object.fromEntries(servers.map((s) => [s.hostName, [s.revalPending, s.revalPendingSince]]));
}

describeEachStore('jobs store', (kind) => {
  describe('reads', () => {
    let h: OpenedStore;
    beforeAll(async () => {
      h = await kind.open();
      await h.exec(CONTRACT_FIXTURE);
    }, 30_000);
    afterAll(() => h.close());

    it('byId answers a job with its user and delivery service names joined, null for none', async () => {
      expect(await h.store.jobs.byId(1)).toEqual(JOB1);
      expect(await h.store.jobs.byId(99)).toBeNull();
    });

    it('query filters by every key, only within the tenants given, by id', async () => {
      const q = (f: object, tenantIds = ALL_TENANTS) =>
        h.store.jobs.query({ tenantIds, ...f }).then((js) => js.map((j) => j.id));
      expect(await h.store.jobs.query({ tenantIds: ALL_TENANTS })).toEqual([JOB1, JOB2]);
      expect(await q({ id: 2 })).toEqual([2]);
      expect(await q({ keyword: 'PURGE' })).toEqual([1, 2]);
      expect(await q({ keyword: 'purge' })).toEqual([]);
      expect(await q({ assetUrl: JOB2.assetUrl })).toEqual([2]);
      expect(await q({ startTime: T0 })).toEqual([1]);
      expect(await q({ userId: 3 })).toEqual([2]);
      expect(await q({ createdBy: 'ops' })).toEqual([1]);
      expect(await q({ deliveryService: 'ds-video' })).toEqual([2]);
      expect(await q({ dsId: 1 })).toEqual([1]);
      expect(await q({ dsId: 1, userId: 3 })).toEqual([]);
      expect(await q({}, [3])).toEqual([2]);
      expect(await q({}, [])).toEqual([]);
    });

    it('sameAsset answers the jobs of a delivery service on one URL', async () => {
      expect(await h.store.jobs.sameAsset(1, JOB1.assetUrl)).toEqual([JOB1]);
      expect(await h.store.jobs.sameAsset(2, JOB1.assetUrl)).toEqual([]);
    });

    it("listForUser answers the user's jobs on delivery services of the tenants, by keyword or all", async () => {
      expect(await h.store.jobs.listForUser(2, [2, 3], null)).toEqual([JOB1]);
      expect(await h.store.jobs.listForUser(2, new Set([2]), 'PURGE')).toEqual([JOB1]);
      expect(await h.store.jobs.listForUser(2, [2], 'OTHER')).toEqual([]);
      expect(await h.store.jobs.listForUser(3, [2], null)).toEqual([]);
    });

    it('runningPurgesOfCdn answers the PURGE jobs started since `since` that end after `now`', async () => {
      const running = async (cdn: number, now: number, since: number) =>
        (await h.store.jobs.runningPurgesOfCdn(cdn, now, since)).sort((a, b) => (a.assetUrl < b.assetUrl ? -1 : 1));
      const one = { assetUrl: JOB1.assetUrl, startTime: T0, ttlHours: 24 };
      const two = { assetUrl: JOB2.assetUrl, startTime: T0 + HOUR, ttlHours: 48 };
      expect(await running(2, T0 + HOUR, T0 - HOUR)).toEqual([one, two]);
      expect(await running(2, T0 + 24 * HOUR, T0 - HOUR)).toEqual([two]);
      expect(await running(2, T0 + HOUR, T0 + 1)).toEqual([two]);
      expect(await running(2, T0 + 49 * HOUR, 0)).toEqual([]);
      expect(await running(1, T0, 0)).toEqual([]);
    });

    it('propagation.jobTarget answers what a job reaches, null for none', async () => {
      expect(await h.store.propagation.jobTarget(2)).toEqual({
        jobId: 2,
        enteredTime: T0,
        deliveryServiceId: 2,
        dsXmlId: 'ds-video',
        dsTenantId: 3,
        cdnId: 2,
        cdnName: 'cdn1',
      });
      expect(await h.store.propagation.jobTarget(99)).toBeNull();
    });
  });

  describe('writes', () => {
    let h: OpenedStore;
    beforeAll(async () => {
      h = await kind.open();
      await h.exec(CONTRACT_FIXTURE);
    }, 30_000);
    afterAll(() => h.close());

    it("insertPurge stores a PURGE job, raises reval_pending on its CDN's caches in service, logs the change", async () => {
      const log = await h.store.dataVersion(['log']);
      const job = await h.store.jobs.insertPurge(purge(), { message: 'purge', user: 2, tenants: [2], at: T0 + HOUR });
      expect(job).toEqual({
        id: 3,
        keyword: 'PURGE',
        assetUrl: 'http://origin.acme.test/new/.*',
        assetType: 'file',
        status: 'PENDING',
        ttlHours: 12,
        startTime: T0 + 2 * HOUR,
        enteredTime: T0 + HOUR,
        userId: 2,
        username: 'ops',
        deliveryServiceId: 1,
        dsXmlId: 'ds-acme',
        agent: 'dummy',
        objectType: null,
        objectName: null,
      });
      expect(await h.store.jobs.byId(3)).toEqual(job);
      expect(await reval(h)).toEqual({
        'edge-01': [true, T0 + HOUR],
        'edge-02': [false, null],
        'mid-01': [true, T0 + HOUR],
      });
      expect(await h.store.dataVersion(['log'])).not.toBe(log);
      // A flag already up keeps the time it went up.
      await h.store.jobs.insertPurge(purge({ enteredTime: T0 + 2 * HOUR }));
      expect((await reval(h))['mid-01']).toEqual([true, T0 + HOUR]);
    });

    it('insertPurge commits nothing when its change-log entry fails: job, flags and entry go together', async () => {
      await h.store.serverFlags.checkIn(1, { revalUpdated: false }, T0 + 3 * HOUR);
      const before = await h.store.jobs.query({ tenantIds: ALL_TENANTS });
      const failing = () => {
        throw new Error('no entry');
      };
      await expect(h.store.jobs.insertPurge(purge({ deliveryServiceId: 2 }), failing)).rejects.toThrow('no entry');
      expect(await h.store.jobs.query({ tenantIds: ALL_TENANTS })).toEqual(before);
      expect((await reval(h))['mid-01']).toEqual([false, null]);
    });

    it('a TTL under an hour counts as an hour for runningPurgesOfCdn', async () => {
      const job = await h.store.jobs.insertPurge(
        purge({ assetUrl: 'http://x.test/zero', ttlHours: 0, startTime: T0 + 10 * HOUR }),
      );
      const urls = async (now: number) => (await h.store.jobs.runningPurgesOfCdn(2, now, T0)).map((j) => j.assetUrl);
      expect(await urls(T0 + 10 * HOUR + HOUR - 1)).toContain(job.assetUrl);
      expect(await urls(T0 + 11 * HOUR)).not.toContain(job.assetUrl);
    });

    it('listForUser answers newest first', async () => {
      const ids = (await h.store.jobs.listForUser(2, ALL_TENANTS, null)).map((j) => j.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expect(ids.length).toBeGreaterThanOrEqual(4);
    });

    it('reschedule changes a job and raises reval_pending again; null for none', async () => {
      await h.store.serverFlags.checkIn(2, { revalUpdated: false }, T0 + 4 * HOUR);
      const changed = await h.store.jobs.reschedule(
        2,
        { assetUrl: 'http://video.acme.test/w/.*', ttlHours: 6, startTime: T0 + 5 * HOUR },
        T0 + 4 * HOUR,
      );
      expect(changed).toEqual({
        ...JOB2,
        assetUrl: 'http://video.acme.test/w/.*',
        ttlHours: 6,
        startTime: T0 + 5 * HOUR,
      });
      expect(await h.store.jobs.byId(2)).toEqual(changed);
      expect((await reval(h))['edge-01']).toEqual([true, T0 + 4 * HOUR]);
      expect(await h.store.jobs.reschedule(99, { assetUrl: 'x', ttlHours: 1, startTime: T0 }, T0)).toBeNull();
    });

    it('remove deletes a job, answers it as it was and raises reval_pending; null once gone', async () => {
      await h.store.serverFlags.checkIn(1, { revalUpdated: false }, T0 + 5 * HOUR);
      expect(await h.store.jobs.remove(1, T0 + 6 * HOUR)).toEqual(JOB1);
      expect(await h.store.jobs.byId(1)).toBeNull();
      expect((await reval(h))['mid-01']).toEqual([true, T0 + 6 * HOUR]);
      expect(await h.store.jobs.remove(1, T0 + 6 * HOUR)).toBeNull();
    });
  });
});
