import { afterAll, beforeAll, expect, it } from 'vitest';
import { CONTRACT_FIXTURE, T0 } from './fixture.js';
import { describeEachStore, type OpenedStore } from './stores.js';

/* ServerAgentStore (issue 28): which logins speak for which cache, on each backend. */

describeEachStore('server agents', (kind) => {
  let h: OpenedStore;
  beforeAll(async () => {
    h = await kind.open();
    await h.exec(CONTRACT_FIXTURE);
  }, 30_000);
  afterAll(() => h.close());

  it('starts with no agents; replace binds, answers whether it changed, and logs only a change', async () => {
    expect(await h.store.serverAgents.usernames(1)).toEqual([]);
    expect(await h.store.serverAgents.isBound(1, 2)).toBe(false);
    const change = { message: 'SERVER: mid-01, ACTION: agents set', user: 1, at: T0 + 1 };
    expect(await h.store.serverAgents.replace(1, [4, 2, 2], change)).toBe(true);
    expect(await h.store.serverAgents.usernames(1)).toEqual(['gx', 'ops']);
    expect(await h.store.serverAgents.isBound(1, 2)).toBe(true);
    expect(await h.store.serverAgents.isBound(2, 2)).toBe(false);
    expect(await h.store.serverAgents.replace(1, [2, 4], { ...change, at: T0 + 2 })).toBe(false);
    const logged = (await h.store.changeLog.list({ since: 0, limit: 10, visibleTenantIds: null, username: null })).map(
      (e) => e.lastUpdated,
    );
    expect(logged).toEqual([T0 + 1]);
    expect(await h.store.serverAgents.replace(1, [])).toBe(true);
    expect(await h.store.serverAgents.usernames(1)).toEqual([]);
  });

  it('forgets a binding with its server', async () => {
    await h.store.serverAgents.replace(3, [3]);
    expect(await h.store.serverAgents.isBound(3, 3)).toBe(true);
    await h.exec('DELETE FROM servers WHERE id = 3');
    expect(await h.store.serverAgents.isBound(3, 3)).toBe(false);
  });

  it('logs an admin check-in in the same write', async () => {
    await h.store.serverFlags.checkIn(2, { updated: false }, T0 + 5, {
      message: 'SERVER: edge-01, ACTION: check-in by an admin',
      user: 1,
      at: T0 + 5,
    });
    expect(await h.store.servers.byId(2, null)).toMatchObject({ updPending: false, lastCheckIn: T0 + 5 });
    const messages = (
      await h.store.changeLog.list({ since: 0, limit: 10, visibleTenantIds: null, username: null })
    ).map((e) => e.message);
    expect(messages).toContain('SERVER: edge-01, ACTION: check-in by an admin');
  });
});
