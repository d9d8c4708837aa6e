import { afterAll, beforeAll, expect, it } from 'vitest';
import { CONTRACT_FIXTURE, T0 } from './fixture.js';
import { describeEachStore, type OpenedStore } from './stores.js';

/*
 * OriginTransitionStore (issue 32, finding 1): a delivery service's previous origin is kept until every cache in
 * service assigned to it has applied an update it read after the change. In the fixture, ds-acme (1) is on edge-01
 * (REPORTED, an update queued) and edge-02 (OFFLINE: it does not count); ds-video (2) on edge-01; ds-globex (3) on
 * none.
 */

describeEachStore('origin transitions', (kind) => {
  let h: OpenedStore;
  beforeAll(async () => {
    h = await kind.open();
    await h.exec(CONTRACT_FIXTURE);
  }, 30_000);
  afterAll(() => h.close());

  const acme = { deliveryServiceId: 1, origin: 'http://old.acme.test', changedAt: T0 + 10 };
  const video = { deliveryServiceId: 2, origin: 'http://old.video.test:8080', changedAt: T0 + 20 };

  it('begin keeps each previous origin of a CDN with the latest time it was left', async () => {
    await h.store.originTransitions.begin(2, video.origin, T0 + 20);
    await h.store.originTransitions.begin(1, acme.origin, T0 + 10);
    await h.store.originTransitions.begin(1, acme.origin, T0 + 5);
    expect(await h.store.originTransitions.ofCdn(2)).toEqual([acme, video]);
    expect(await h.store.originTransitions.ofCdn(1)).toEqual([]);
  });

  it('nothing ends before the caches in service have applied an update read after the change', async () => {
    expect(await h.store.originTransitions.settle()).toEqual([]);
    // edge-01's pass read before the change: applied, but not the change.
    await h.store.serverFlags.checkIn(2, { updated: false, revalStartedAt: T0 + 9 }, T0 + 12);
    expect(await h.store.originTransitions.settle()).toEqual([]);
  });

  it('a check-in that clears the update after reading past the change ends it; edge-02 (OFFLINE) does not count', async () => {
    await h.store.serverFlags.setUpdPending({ id: 2 }, null, true, T0 + 13);
    await h.store.serverFlags.checkIn(2, { updated: false, revalStartedAt: T0 + 14 }, T0 + 15);
    expect(await h.store.originTransitions.settle()).toEqual([acme]);
    expect(await h.store.originTransitions.ofCdn(2)).toEqual([video]);
  });

  it('a check-in that lowers nothing, or whose pass read before the last queue, applies nothing', async () => {
    await h.store.serverFlags.checkIn(2, { updated: false, revalStartedAt: T0 + 25 }, T0 + 26);
    expect(await h.store.originTransitions.settle()).toEqual([]);
    await h.store.serverFlags.setUpdPending({ id: 2 }, null, true, T0 + 30);
    await h.store.serverFlags.checkIn(2, { updated: false, revalStartedAt: T0 + 29 }, T0 + 31);
    expect(await h.store.originTransitions.settle()).toEqual([]);
    await h.store.serverFlags.checkIn(2, { updated: false, revalStartedAt: T0 + 32 }, T0 + 33);
    expect(await h.store.originTransitions.settle()).toEqual([video]);
    expect(await h.store.originTransitions.ofCdn(2)).toEqual([]);
  });

  it('a delivery service on no cache in service ends at once; a transition goes with its delivery service', async () => {
    await h.store.originTransitions.begin(3, 'http://globex.test', T0 + 40);
    await h.store.originTransitions.begin(1, acme.origin, T0 + 40);
    expect(await h.store.originTransitions.settle()).toEqual([
      { deliveryServiceId: 3, origin: 'http://globex.test', changedAt: T0 + 40 },
    ]);
    await h.exec('DELETE FROM deliveryservice_servers WHERE deliveryservice_id = 1');
    await h.exec('DELETE FROM origins WHERE deliveryservice_id = 1');
    await h.exec('DELETE FROM jobs WHERE deliveryservice_id = 1');
    await h.exec('DELETE FROM deliveryservice_users WHERE deliveryservice_id = 1');
    await h.exec('DELETE FROM deliveryservices WHERE id = 1');
    expect(await h.store.originTransitions.ofCdn(2)).toEqual([]);
  });
});
