import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_EXTRAS, type Server, type ServerFields } from '../../../../daemon/store/servers.js';
import { CONTRACT_FIXTURE, T0 } from './fixture.js';
import { describeEachStore, type OpenedStore } from './stores.js';

const EDGE_01: Server = {
  ...NO_EXTRAS,
  statusId: 3,
  physLocationId: null,
  physLocation: null,
  id: 2,
  hostName: 'edge-01',
  domainName: 'example.net',
  tcpPort: 80,
  httpsPort: 443,
  interfaceName: 'eth0',
  interfaceMtu: 1500,
  ipAddress: '192.0.2.20',
  ipNetmask: '255.255.255.0',
  ipGateway: '192.0.2.1',
  ip6Address: null,
  ip6Gateway: null,
  typeId: 6,
  type: 'EDGE',
  status: 'REPORTED',
  offlineReason: null,
  cachegroupId: 2,
  cachegroup: 'edge-den',
  parentCachegroupId: 1,
  cdnId: 2,
  cdnName: 'cdn1',
  profileId: 2,
  profile: 'EDGE_ATS',
  profileDesc: 'edge caches',
  updPending: true,
  revalPending: false,
  updPendingSince: null,
  revalPendingSince: null,
  lastCheckIn: null,
  revalAppliedAt: null,
  agentError: null,
  agentErrorAt: null,
  lastUpdated: T0,
  available: null,
};

const fields = (over: Partial<ServerFields> = {}): ServerFields => ({
  ...NO_EXTRAS,
  physLocationId: null,
  hostName: 'edge-03',
  domainName: 'example.org',
  tcpPort: 8080,
  httpsPort: null,
  interfaceName: 'eth1',
  interfaceMtu: 9000,
  ipAddress: '192.0.2.30',
  ipNetmask: '255.255.255.0',
  ipGateway: '192.0.2.1',
  ip6Address: '2001:db8::30',
  ip6Gateway: null,
  typeId: 6,
  status: 'PRE_PROD',
  offlineReason: null,
  cachegroupId: 2,
  cdnId: 2,
  profileId: 2,
  ...over,
});

async function loaded(open: () => Promise<OpenedStore>): Promise<OpenedStore> {
  const h = await open();
  await h.exec(CONTRACT_FIXTURE);
  return h;
}

describeEachStore('servers, server flags', (kind) => {
  describe('server reads', () => {
    let h: OpenedStore;
    beforeAll(async () => {
      h = await loaded(kind.open);
    }, 30_000);
    afterAll(() => h.close());
    const names = async (f: object, visible: number[] | null = null) =>
      (await h.store.servers.list(f, visible)).map((s) => s.hostName);

    it('list answers whole records by host name, and filters by every key', async () => {
      const all = await h.store.servers.list({}, null);
      expect(all.map((s) => s.hostName)).toEqual(['edge-01', 'edge-02', 'mid-01']);
      expect(all[0]).toEqual(EDGE_01);
      expect(await names({ id: 3 })).toEqual(['edge-02']);
      expect(await names({ hostName: 'mid-01' })).toEqual(['mid-01']);
      expect(await names({ cachegroup: 1 })).toEqual(['mid-01']);
      expect(await names({ parentCachegroup: 1 })).toEqual(['edge-01', 'edge-02']);
      expect(await names({ cdn: 1 })).toEqual([]);
      expect(await names({ profileId: 3 })).toEqual(['mid-01']);
      expect(await names({ status: 'OFFLINE' })).toEqual(['edge-02']);
      expect(await names({ type: 'MID' })).toEqual(['mid-01']);
      expect(await names({ dsId: 2 })).toEqual(['edge-01']);
      expect(await names({ dsId: 1, status: 'REPORTED' })).toEqual(['edge-01']);
    });

    it("visibility: servers of the tenants' delivery services and the MIDs of their CDNs", async () => {
      expect(await names({}, [3])).toEqual(['edge-01', 'mid-01']);
      expect(await names({}, [2])).toEqual(['edge-01', 'edge-02', 'mid-01']);
      expect(await names({}, [4])).toEqual(['mid-01']);
      expect(await names({}, [])).toEqual([]);
    });

    it('byId and byHostName answer a visible server, null otherwise', async () => {
      expect(await h.store.servers.byId(2, null)).toEqual(EDGE_01);
      expect(await h.store.servers.byId(2, [4])).toBeNull();
      expect(await h.store.servers.byId(99, null)).toBeNull();
      expect((await h.store.servers.byHostName('mid-01', [4]))?.id).toBe(1);
      expect(await h.store.servers.byHostName('edge-02', [3])).toBeNull();
    });

    it('statusCounts counts the visible servers per status, statuses in order', async () => {
      const counts = await h.store.servers.statusCounts(null);
      expect(counts).toEqual({ OFFLINE: 1, REPORTED: 2 });
      expect(Object.keys(counts)).toEqual(['OFFLINE', 'REPORTED']);
      expect(await h.store.servers.statusCounts([4])).toEqual({ REPORTED: 1 });
    });

    it('deliveryServiceIds, assignmentsOfCdn and activeServicesOnlyServedBy', async () => {
      expect(await h.store.servers.deliveryServiceIds(2)).toEqual([1, 2]);
      expect(await h.store.servers.deliveryServiceIds(1)).toEqual([]);
      expect(await h.store.servers.assignmentsOfCdn(2)).toEqual([
        { serverId: 2, deliveryServiceId: 1 },
        { serverId: 2, deliveryServiceId: 2 },
        { serverId: 3, deliveryServiceId: 1 },
      ]);
      expect(await h.store.servers.assignmentsOfCdn(1)).toEqual([]);
      // edge-02 is OFFLINE: edge-01 alone serves both active services.
      expect(await h.store.servers.activeServicesOnlyServedBy(2)).toEqual([1, 2]);
      expect(await h.store.servers.activeServicesOnlyServedBy(3)).toEqual([]);
    });

    it("updateStatus answers the flags and the primary parent cache group's, null when unseen", async () => {
      expect(await h.store.serverFlags.updateStatus('edge-01', null)).toEqual({
        hostName: 'edge-01',
        hostId: 2,
        status: 'REPORTED',
        updPending: true,
        revalPending: false,
        parentPending: false,
        parentRevalPending: false,
      });
      expect(await h.store.serverFlags.updateStatus('mid-01', [4])).toMatchObject({ hostId: 1, parentPending: false });
      expect(await h.store.serverFlags.updateStatus('edge-02', [4])).toBeNull();
      expect(await h.store.serverFlags.updateStatus('nope', null)).toBeNull();
    });

    it('updateStatuses answers every server as updateStatus does, in one read (issue 32)', async () => {
      const all = await h.store.serverFlags.updateStatuses();
      const names = all.map((s) => s.hostName).sort();
      expect(names.length).toBeGreaterThan(2);
      for (const status of all) expect(await h.store.serverFlags.updateStatus(status.hostName, null)).toEqual(status);
    });
  });

  describe('server writes', () => {
    let h: OpenedStore;
    beforeAll(async () => {
      h = await loaded(kind.open);
    }, 30_000);
    afterAll(() => h.close());

    it('insert answers the new id, null for a taken host name', async () => {
      const id = await h.store.servers.insert(fields(), T0 + 1);
      expect(id).toBe(4);
      expect(await h.store.servers.byId(4, null)).toMatchObject({
        ...fields(),
        id: 4,
        type: 'EDGE',
        lastUpdated: T0 + 1,
        updPending: false,
      });
      expect(await h.store.servers.insert(fields({ ipAddress: '192.0.2.99' }), T0 + 2)).toBeNull();
      expect((await h.store.servers.byId(4, null))?.ipAddress).toBe('192.0.2.30');
    });

    it("update changes every write field, false for another server's host name", async () => {
      expect(
        await h.store.servers.update(4, fields({ hostName: 'edge-04', status: 'ONLINE', tcpPort: null }), T0 + 3),
      ).toBe(true);
      expect(await h.store.servers.byId(4, null)).toMatchObject({
        hostName: 'edge-04',
        status: 'ONLINE',
        tcpPort: null,
        lastUpdated: T0 + 3,
      });
      expect(await h.store.servers.update(4, fields({ hostName: 'mid-01' }), T0 + 4)).toBe(false);
      expect((await h.store.servers.byId(4, null))?.hostName).toBe('edge-04');
    });

    it('host names sort by bytes (capitals first), as SQLite sorts them', async () => {
      // A refused insert drew no id: the next ones follow on.
      expect(await h.store.servers.insert(fields({ hostName: 'Zeta', ipAddress: '192.0.2.41' }), T0)).toBe(5);
      expect(await h.store.servers.insert(fields({ hostName: 'alpha', ipAddress: '192.0.2.42' }), T0)).toBe(6);
      const names = (await h.store.servers.list({ cdn: 2 }, null)).map((s) => s.hostName);
      expect(names).toEqual(['Zeta', 'alpha', 'edge-01', 'edge-02', 'edge-04', 'mid-01']);
    });

    it("assignToDeliveryService replaces the service's servers (duplicates once)", async () => {
      await h.store.servers.assignToDeliveryService(1, [4, 2, 4]);
      expect(await h.store.servers.deliveryServiceIds(4)).toEqual([1]);
      expect(await h.store.servers.deliveryServiceIds(3)).toEqual([]);
      expect(await h.store.servers.list({ dsId: 1 }, null).then((l) => l.map((s) => s.id))).toEqual([2, 4]);
      await h.store.servers.assignToDeliveryService(1, []);
      expect(await h.store.servers.list({ dsId: 1 }, null)).toEqual([]);
    });

    it('delete removes the server', async () => {
      await h.store.servers.delete(4);
      expect(await h.store.servers.byId(4, null)).toBeNull();
      await h.store.servers.delete(4);
    });
  });

  describe('flag writes', () => {
    let h: OpenedStore;
    beforeAll(async () => {
      h = await loaded(kind.open);
    }, 30_000);
    afterAll(() => h.close());
    const flags = async () =>
      Object.fromEntries(
        (await h.store.servers.list({}, null)).map((s) => [s.hostName, [s.updPending, s.updPendingSince]]),
      );

    it("setUpdPending queues the visible matching servers, answers their names, keeps a flag's time", async () => {
      expect(await h.store.serverFlags.setUpdPending({ cdn: 2 }, [4], true, T0 + 1)).toEqual(['mid-01']);
      expect(await h.store.serverFlags.setUpdPending({ cdn: 2 }, null, true, T0 + 2)).toEqual([
        'edge-01',
        'edge-02',
        'mid-01',
      ]);
      expect(await flags()).toEqual({ 'edge-01': [true, null], 'edge-02': [true, T0 + 2], 'mid-01': [true, T0 + 1] });
    });

    it('a queue of servers already pending changes no flag or time and logs none, but counts as a new raise', async () => {
      const changed: string[][] = [];
      const change = (hosts: string[]) => (changed.push(hosts), null);
      expect(await h.store.serverFlags.setUpdPending({ cachegroup: 2 }, null, true, T0 + 3, change)).toEqual([
        'edge-01',
        'edge-02',
      ]);
      expect(changed).toEqual([[]]);
      expect(await flags()).toEqual({ 'edge-01': [true, null], 'edge-02': [true, T0 + 2], 'mid-01': [true, T0 + 1] });
      // A pass that read before this raise does not lower the flag (issues 32/33); one that read after it does.
      await h.store.serverFlags.checkIn(3, { updated: false, revalStartedAt: T0 + 2 }, T0 + 3);
      expect((await flags())['edge-02']).toEqual([true, T0 + 2]);
      await h.store.serverFlags.checkIn(3, { updated: false, revalStartedAt: T0 + 3 }, T0 + 3);
      expect((await flags())['edge-02']).toEqual([true, T0 + 2]);
      await h.store.serverFlags.setUpdPending({ id: 3 }, null, true, T0 + 3);
    });

    it('setUpdPending(false) dequeues, clearing the time', async () => {
      expect(await h.store.serverFlags.setUpdPending({ cachegroup: 2 }, null, false, T0 + 4)).toEqual([
        'edge-01',
        'edge-02',
      ]);
      expect(await flags()).toEqual({ 'edge-01': [false, null], 'edge-02': [false, null], 'mid-01': [true, T0 + 1] });
      const version = await h.store.dataVersion(['servers']);
      expect(await h.store.serverFlags.setUpdPending({ id: 3 }, null, false, T0 + 5)).toEqual(['edge-02']);
      expect(await h.store.dataVersion(['servers'])).toBe(version);
      expect(await h.store.serverFlags.setUpdPending({ hostName: 'nope' }, null, true, T0 + 5)).toEqual([]);
    });

    it("a parent cache in service with a flag up makes its children's parent flags true", async () => {
      expect(await h.store.serverFlags.updateStatus('edge-01', null)).toMatchObject({
        updPending: false,
        parentPending: true,
        parentRevalPending: false,
      });
      await h.store.serverFlags.checkIn(1, { updated: false, revalUpdated: true }, T0 + 6);
      expect(await h.store.serverFlags.updateStatus('edge-01', null)).toMatchObject({
        parentPending: false,
        parentRevalPending: true,
      });
      expect((await h.store.serverFlags.updateStatuses()).find((s) => s.hostName === 'edge-01')).toMatchObject({
        parentPending: false,
        parentRevalPending: true,
      });
    });

    it("setStatus sets status and reason; with queueChildren it queues the child cache groups' servers", async () => {
      await h.store.serverFlags.setStatus(1, 'ADMIN_DOWN', 'ops: maintenance', false, T0 + 7);
      expect(await h.store.servers.byId(1, null)).toMatchObject({
        status: 'ADMIN_DOWN',
        offlineReason: 'ops: maintenance',
        lastUpdated: T0 + 7,
      });
      expect((await flags())['edge-01']).toEqual([false, null]);
      // ADMIN_DOWN still counts as a parent.
      expect(await h.store.serverFlags.updateStatus('edge-02', null)).toMatchObject({ parentRevalPending: true });
      await h.store.serverFlags.setStatus(1, 'OFFLINE', 'ops: gone', true, T0 + 8);
      expect(await flags()).toEqual({ 'edge-01': [true, T0 + 8], 'edge-02': [true, T0 + 8], 'mid-01': [false, null] });
      expect(await h.store.serverFlags.updateStatus('edge-01', null)).toMatchObject({
        parentPending: false,
        parentRevalPending: false,
      });
      await h.store.serverFlags.setStatus(99, 'ONLINE', null, true, T0 + 9);
    });

    it("checkIn records the agent's failure reason with its time, keeps it when not sent, clears it on null (issue 32)", async () => {
      await h.store.serverFlags.checkIn(3, { updated: true, agentError: 'remap.config refused' }, T0 + 20);
      expect(await h.store.servers.byId(3, null)).toMatchObject({
        updPending: true,
        agentError: 'remap.config refused',
        agentErrorAt: T0 + 20,
      });
      await h.store.serverFlags.checkIn(3, { updated: true }, T0 + 21);
      expect(await h.store.servers.byId(3, null)).toMatchObject({
        agentError: 'remap.config refused',
        agentErrorAt: T0 + 20,
      });
      await h.store.serverFlags.checkIn(3, { updated: false, agentError: null }, T0 + 22);
      expect(await h.store.servers.byId(3, null)).toMatchObject({
        updPending: false,
        agentError: null,
        agentErrorAt: null,
      });
    });

    it('checkIn changes only the flags sent and always records the time', async () => {
      await h.store.serverFlags.checkIn(2, {}, T0 + 10);
      expect(await h.store.servers.byId(2, null)).toMatchObject({
        updPending: true,
        updPendingSince: T0 + 8,
        lastCheckIn: T0 + 10,
      });
      await h.store.serverFlags.checkIn(2, { revalUpdated: true }, T0 + 11);
      expect(await h.store.servers.byId(2, null)).toMatchObject({
        updPending: true,
        revalPending: true,
        revalPendingSince: T0 + 11,
        revalAppliedAt: null,
      });
      await h.store.serverFlags.checkIn(2, { updated: false, revalUpdated: false }, T0 + 12);
      expect(await h.store.servers.byId(2, null)).toMatchObject({
        updPending: false,
        updPendingSince: null,
        revalPending: false,
        revalPendingSince: null,
        revalAppliedAt: T0 + 12,
        lastCheckIn: T0 + 12,
      });
      await h.store.serverFlags.checkIn(2, { updated: true }, T0 + 13);
      expect(await h.store.servers.byId(2, null)).toMatchObject({
        updPending: true,
        updPendingSince: T0 + 13,
        revalAppliedAt: T0 + 12,
      });
    });

    it('checkIn records the reported pass start as revalAppliedAt, never later than now and never backwards', async () => {
      await h.store.serverFlags.checkIn(2, { revalUpdated: false, revalStartedAt: T0 + 20 }, T0 + 25);
      expect((await h.store.servers.byId(2, null))!.revalAppliedAt).toBe(T0 + 20);
      await h.store.serverFlags.checkIn(2, { revalUpdated: false, revalStartedAt: T0 + 15 }, T0 + 26);
      expect((await h.store.servers.byId(2, null))!.revalAppliedAt).toBe(T0 + 20);
      await h.store.serverFlags.checkIn(2, { revalUpdated: false, revalStartedAt: T0 + 99 }, T0 + 27);
      expect((await h.store.servers.byId(2, null))!.revalAppliedAt).toBe(T0 + 27);
      await h.store.serverFlags.checkIn(2, { revalUpdated: true, revalStartedAt: T0 + 30 }, T0 + 31);
      expect((await h.store.servers.byId(2, null))!.revalAppliedAt).toBe(T0 + 27);
    });

    it('checkIn with a read time lowers a flag only when the pass read after its last raise (issues 32/33)', async () => {
      const state = async () => {
        const s = (await h.store.servers.byId(2, null))!;
        return [s.updPending, s.updPendingSince, s.revalPending, s.revalPendingSince, s.revalAppliedAt];
      };
      await h.store.serverFlags.checkIn(2, { updated: false, revalUpdated: false }, T0 + 40);
      await h.store.jobs.insertPurge({
        assetUrl: 'http://x.test/raise-1',
        ttlHours: 1,
        startTime: T0,
        enteredTime: T0 + 41,
        userId: 2,
        deliveryServiceId: 1,
      });
      await h.store.serverFlags.setUpdPending({ id: 2 }, null, true, T0 + 41);
      // A pass reads at T0+42; a second job and queue come at T0+43, while the flag is already up.
      await h.store.jobs.insertPurge({
        assetUrl: 'http://x.test/raise-2',
        ttlHours: 1,
        startTime: T0,
        enteredTime: T0 + 43,
        userId: 2,
        deliveryServiceId: 1,
      });
      await h.store.serverFlags.setUpdPending({ id: 2 }, null, true, T0 + 43);
      await h.store.serverFlags.checkIn(2, { updated: false, revalUpdated: false, revalStartedAt: T0 + 42 }, T0 + 44);
      // Both stay up with their first times; the jobs entered before the read count as applied.
      expect(await state()).toEqual([true, T0 + 41, true, T0 + 41, T0 + 42]);
      // A pass that read in the raise's own millisecond may have read before it: still up.
      await h.store.serverFlags.checkIn(2, { updated: false, revalUpdated: false, revalStartedAt: T0 + 43 }, T0 + 45);
      expect(await state()).toEqual([true, T0 + 41, true, T0 + 41, T0 + 43]);
      // A read time later than the check-in counts as the check-in's time.
      await h.store.serverFlags.checkIn(2, { updated: false, revalUpdated: false, revalStartedAt: T0 + 99 }, T0 + 46);
      expect(await state()).toEqual([false, null, false, null, T0 + 46]);
    });

    it('checkIn without a read time lowers whatever was raised (Traffic Ops, ORT); a flag sent true is a raise', async () => {
      await h.store.serverFlags.setUpdPending({ id: 2 }, null, true, T0 + 50);
      await h.store.serverFlags.checkIn(2, { updated: false }, T0 + 49);
      expect((await h.store.servers.byId(2, null))!.updPending).toBe(false);
      // Set up again by a check-in at T0+52: a pass that read at T0+51 does not lower it.
      await h.store.serverFlags.checkIn(2, { updated: true }, T0 + 52);
      await h.store.serverFlags.checkIn(2, { updated: false, revalStartedAt: T0 + 51 }, T0 + 53);
      expect((await h.store.servers.byId(2, null))!).toMatchObject({ updPending: true, updPendingSince: T0 + 52 });
      await h.store.serverFlags.checkIn(2, { updated: false, revalStartedAt: T0 + 53 }, T0 + 54);
      expect((await h.store.servers.byId(2, null))!).toMatchObject({ updPending: false, updPendingSince: null });
    });

    it("type names match EDGE/MID whatever their case, as SQLite's LIKE does", async () => {
      await h.exec(`INSERT INTO types (id, name, description, use_in_table) VALUES (20, 'mid_small', 'small mid', 'server');
        INSERT INTO servers (id, host_name, domain_name, type_id, status, cachegroup_id, cdn_id, profile_id, upd_pending, reval_pending, last_updated)
        VALUES (20, 'mid-02', 'example.net', 20, 'ONLINE', 1, 2, 3, 1, 0, ${T0})`);
      expect(await h.store.serverFlags.updateStatus('edge-01', null)).toMatchObject({ parentPending: true });
      expect((await h.store.servers.list({}, [4])).map((s) => s.hostName)).toEqual(['mid-01', 'mid-02']);
      await h.store.jobs.insertPurge({
        assetUrl: 'http://x.test/a',
        ttlHours: 1,
        startTime: T0,
        enteredTime: T0 + 14,
        userId: 2,
        deliveryServiceId: 1,
      });
      expect(await h.store.servers.byId(20, null)).toMatchObject({ revalPending: true, revalPendingSince: T0 + 14 });
    });
  });
});
