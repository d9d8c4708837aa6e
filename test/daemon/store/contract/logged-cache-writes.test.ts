import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Change, ChangeEntry } from '../../../../daemon/store/change-log.js';
import { NO_EXTRAS, type ServerFields } from '../../../../daemon/store/servers.js';
import { CONTRACT_FIXTURE, T0 } from './fixture.js';
import { describeEachStore, type OpenedStore } from './stores.js';

/**
 * Issue 28: the writes that change what a cache does take a `change` and append it in their own transaction,
 * passing it the write's answer; a change that throws rolls the write back.
 */

const entry = (message: string): ChangeEntry => ({ message, user: 2, tenants: [2], at: T0 + 1 });
const failing = () => {
  throw new Error('no entry');
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
  ip6Address: null,
  ip6Gateway: null,
  typeId: 6,
  status: 'PRE_PROD',
  offlineReason: null,
  cachegroupId: 2,
  cdnId: 2,
  profileId: 2,
  ...over,
});

describeEachStore('cache writes and the change log', (kind) => {
  let h: OpenedStore;
  beforeEach(async () => {
    h = await kind.open();
    await h.exec(CONTRACT_FIXTURE);
  });
  afterEach(() => h.close());

  const messages = async () =>
    (await h.store.changeLog.list({ since: 0, limit: 100, visibleTenantIds: null, username: null })).map(
      (e) => e.message,
    );
  /** A change that remembers the answer it was given and logs `message` (or nothing for a falsy answer). */
  function seeing<R>(message: string, seen: R[]): Change<R> {
    return (result) => (seen.push(result), result ? entry(message) : null);
  }

  it('setUpdPending and setStatus log with their answer; a failing entry leaves the flags and status as they were', async () => {
    // The change gets the servers whose flag changed (edge-01 was queued already); none for a queue that changes nothing.
    const hosts: string[][] = [];
    const queued = (changed: string[]) => (hosts.push(changed), changed.length > 0 ? entry('queued') : null);
    expect(await h.store.serverFlags.setUpdPending({ cdn: 2 }, null, true, T0 + 1, queued)).toEqual([
      'edge-01',
      'edge-02',
      'mid-01',
    ]);
    expect(await h.store.serverFlags.setUpdPending({ cdn: 2 }, null, true, T0 + 1, queued)).toEqual([
      'edge-01',
      'edge-02',
      'mid-01',
    ]);
    expect(hosts).toEqual([['edge-02', 'mid-01'], []]);
    await expect(h.store.serverFlags.setUpdPending({ cdn: 2 }, null, false, T0 + 2, failing)).rejects.toThrow(
      'no entry',
    );
    expect((await h.store.servers.list({}, null)).map((s) => s.updPending)).toEqual([true, true, true]);
    const found: boolean[] = [];
    expect(await h.store.serverFlags.setStatus(3, 'ONLINE', null, false, T0 + 3, seeing('online', found))).toBe(true);
    expect(await h.store.serverFlags.setStatus(99, 'ONLINE', null, false, T0 + 3, seeing('nobody', found))).toBe(false);
    expect(found).toEqual([true, false]);
    await expect(h.store.serverFlags.setStatus(1, 'OFFLINE', 'ops: x', true, T0 + 4, failing)).rejects.toThrow(
      'no entry',
    );
    expect(await h.store.servers.byId(1, null)).toMatchObject({ status: 'REPORTED', offlineReason: null });
    expect(await messages()).toEqual(['online', 'queued']);
  });

  it('reschedule and remove log with the job (null when gone); a failing entry keeps the job as it was', async () => {
    const jobs: unknown[] = [];
    const change = { assetUrl: 'http://video.acme.test/w/.*', ttlHours: 6, startTime: T0 + 5 * 3_600_000 };
    await expect(h.store.jobs.reschedule(2, change, T0 + 1, failing)).rejects.toThrow('no entry');
    expect(await h.store.jobs.byId(2)).toMatchObject({ assetUrl: 'http://video.acme.test/v/.*', ttlHours: 48 });
    expect(await h.store.jobs.reschedule(2, change, T0 + 1, seeing('changed', jobs))).toMatchObject({
      id: 2,
      ttlHours: 6,
    });
    expect(await h.store.jobs.reschedule(99, change, T0 + 1, seeing('x', jobs))).toBeNull();
    await expect(h.store.jobs.remove(1, T0 + 2, failing)).rejects.toThrow('no entry');
    expect(await h.store.jobs.byId(1)).not.toBeNull();
    expect(await h.store.jobs.remove(1, T0 + 2, seeing('deleted', jobs))).toMatchObject({ id: 1 });
    expect(await h.store.jobs.remove(1, T0 + 2, seeing('x', jobs))).toBeNull();
    expect(jobs.map((j) => (j as { id: number } | null)?.id ?? null)).toEqual([2, null, 1, null]);
    expect(await messages()).toEqual(['deleted', 'changed']);
  });

  it('server insert, update, delete and assignments log with their answer, or roll back with a failing entry', async () => {
    const answers: unknown[] = [];
    await expect(h.store.servers.insert(fields(), T0, failing)).rejects.toThrow('no entry');
    expect(await h.store.servers.byHostName('edge-03', null)).toBeNull();
    const id = (await h.store.servers.insert(fields(), T0, seeing('created', answers)))!;
    expect(await h.store.servers.insert(fields(), T0, seeing('x', answers))).toBeNull();
    await expect(h.store.servers.update(id, fields({ status: 'OFFLINE' }), T0, failing)).rejects.toThrow('no entry');
    expect(await h.store.servers.byId(id, null)).toMatchObject({ status: 'PRE_PROD' });
    expect(await h.store.servers.update(id, fields({ status: 'OFFLINE' }), T0, seeing('updated', answers))).toBe(true);
    expect(await h.store.servers.update(id, fields({ hostName: 'edge-01' }), T0, seeing('x', answers))).toBe(false);
    await expect(h.store.servers.assignToDeliveryService(1, [id], failing)).rejects.toThrow('no entry');
    expect(await h.store.servers.deliveryServiceIds(id)).toEqual([]);
    await h.store.servers.assignToDeliveryService(1, [id], entry('assigned'));
    expect(await h.store.servers.deliveryServiceIds(id)).toEqual([1]);
    await expect(h.store.servers.delete(id, failing)).rejects.toThrow('no entry');
    expect(await h.store.servers.byId(id, null)).not.toBeNull();
    expect(await h.store.servers.delete(id, seeing('deleted', answers))).toBe(true);
    expect(await h.store.servers.delete(id, seeing('x', answers))).toBe(false);
    // PostgreSQL finds a taken host name by its unique index, rolling back before the change is asked.
    expect(answers.filter((a) => a !== false)).toEqual([id, null, true, true]);
    expect(await messages()).toEqual(['deleted', 'assigned', 'updated', 'created']);
  });
});
