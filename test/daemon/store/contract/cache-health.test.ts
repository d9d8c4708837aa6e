import { afterAll, beforeAll, expect, it } from 'vitest';
import { CONTRACT_FIXTURE, T0 } from './fixture.js';
import { describeEachStore, type OpenedStore } from './stores.js';

/*
 * Issue 35: the health monitors' published judgements (cacheHealth.report), the availability they put on the
 * server records, and the parent computation of update_status that no longer waits for a parent reported down.
 */
describeEachStore('cache health', (kind) => {
  let h: OpenedStore;
  beforeAll(async () => {
    h = await kind.open();
    await h.exec(CONTRACT_FIXTURE);
    // mid-01 (edge-01's primary parent cache group) has a purge pending.
    await h.exec('UPDATE servers SET reval_pending = 1, upd_pending = 1 WHERE id = 1');
  }, 30_000);
  afterAll(() => h.close());
  const available = async () =>
    Object.fromEntries((await h.store.servers.list({}, null)).map((s) => [s.hostName, s.available]));

  it('a server no monitor judged has availability null', async () => {
    expect(await available()).toEqual({ 'edge-01': null, 'edge-02': null, 'mid-01': null });
  });

  it('report records the named caches of the CDN only, sorted, and puts their availability on the servers', async () => {
    const recorded = await h.store.cacheHealth.report(
      2,
      'mon-01',
      [
        { hostName: 'mid-01', available: false },
        { hostName: 'edge-01', available: true },
        { hostName: 'nope', available: false },
      ],
      T0 + 1000,
    );
    expect(recorded).toEqual(['edge-01', 'mid-01']);
    expect(await available()).toEqual({ 'edge-01': true, 'edge-02': null, 'mid-01': false });
    expect(await h.store.cacheHealth.report(1, 'mon-01', [{ hostName: 'edge-02', available: false }], T0)).toEqual([]);
    expect((await available())['edge-02']).toBeNull();
  });

  it('a parent reported unavailable holds no child back; reported available again, it does', async () => {
    const down = await h.store.serverFlags.updateStatus('edge-01', null);
    expect(down).toMatchObject({ parentPending: false, parentRevalPending: false });
    await h.store.cacheHealth.report(2, 'mon-02', [{ hostName: 'mid-01', available: true }], T0 + 2000);
    expect((await available())['mid-01']).toBe(true);
    const up = await h.store.serverFlags.updateStatus('edge-01', null);
    expect(up).toMatchObject({ parentPending: true, parentRevalPending: true });
  });

  it('a report changes the version of cache_health', async () => {
    const before = await h.store.dataVersion(['cache_health']);
    await h.store.cacheHealth.report(2, 'mon-01', [{ hostName: 'edge-01', available: false }], T0 + 3000);
    expect(await h.store.dataVersion(['cache_health'])).not.toBe(before);
  });

  it('expire forgets judgements made before a time: those caches are unjudged again (monitors stopped)', async () => {
    await h.store.cacheHealth.report(2, 'mon-01', [{ hostName: 'mid-01', available: false }], T0 + 5000);
    await h.store.cacheHealth.report(2, 'mon-01', [{ hostName: 'edge-01', available: false }], T0 + 9000);
    expect(await h.store.cacheHealth.expire(T0 + 6000)).toBe(1);
    expect(await available()).toEqual({ 'edge-01': false, 'edge-02': null, 'mid-01': null });
    const up = await h.store.serverFlags.updateStatus('edge-01', null);
    expect(up).toMatchObject({ parentPending: true, parentRevalPending: true });
    expect(await h.store.cacheHealth.expire(T0 + 6000)).toBe(0);
  });
});
