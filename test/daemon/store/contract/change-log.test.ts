import { afterEach, beforeEach, expect, it } from 'vitest';
import type { LogQuery } from '../../../../daemon/store/change-log.js';
import { CONTRACT_FIXTURE, T0 } from './fixture.js';
import { describeEachStore, type OpenedStore } from './stores.js';

describeEachStore('the change log', (kind) => {
  let h: OpenedStore;
  beforeEach(async () => {
    h = await kind.open();
    await h.exec(CONTRACT_FIXTURE);
    const log = h.store.changeLog;
    await log.append({ message: 'everyone sees this', user: 1, at: T0 + 1 });
    await log.append({ level: 'LOGIN', message: 'ops in', user: 2, at: T0 + 2, ticketNum: 7 });
    await log.append({ message: 'acme only', user: 2, tenants: [2, 2], at: T0 + 3 });
    await log.append({ message: 'acme and video', user: 3, tenants: [2, 3], at: T0 + 3 });
    await log.append({ message: 'globex', user: { name: 'import' }, tenants: [4], at: T0 + 4 });
    await log.append({ message: 'gone user', user: 99, at: T0 + 5 });
  });
  afterEach(() => h.close());

  const q = (over: Partial<LogQuery>): LogQuery => ({
    since: T0,
    limit: 100,
    visibleTenantIds: null,
    username: null,
    ...over,
  });

  it('list: newest first (ties by id), with the username as written, the ticket, the level', async () => {
    const all = await h.store.changeLog.list(q({}));
    expect(all.map((e) => e.message)).toEqual([
      'gone user',
      'globex',
      'acme and video',
      'acme only',
      'ops in',
      'everyone sees this',
    ]);
    expect(all.map((e) => e.user)).toEqual(['?', 'import', 'viewer', 'ops', 'ops', 'admin']);
    expect(all[4]).toEqual({
      id: all[4]!.id,
      level: 'LOGIN',
      message: 'ops in',
      user: 'ops',
      ticketNum: 7,
      lastUpdated: T0 + 2,
    });
    expect(all[5]).toMatchObject({ level: 'APICHANGE', ticketNum: null });
    expect(all[2]!.id).toBeGreaterThan(all[3]!.id);
  });

  it('list: since, limit, username, and tenancy (an entry shows when the caller sees all its tenants)', async () => {
    const messages = async (over: Partial<LogQuery>) => (await h.store.changeLog.list(q(over))).map((e) => e.message);
    expect(await messages({ since: T0 + 3 })).toEqual(['gone user', 'globex']);
    expect(await messages({ limit: 2 })).toEqual(['gone user', 'globex']);
    expect(await messages({ username: 'ops' })).toEqual(['acme only', 'ops in']);
    expect(await messages({ visibleTenantIds: [2] })).toEqual([
      'gone user',
      'acme only',
      'ops in',
      'everyone sees this',
    ]);
    expect(await messages({ visibleTenantIds: [2, 3] })).toEqual([
      'gone user',
      'acme and video',
      'acme only',
      'ops in',
      'everyone sees this',
    ]);
    expect(await messages({ visibleTenantIds: [] })).toEqual(['gone user', 'ops in', 'everyone sees this']);
    expect(await messages({ visibleTenantIds: [3], username: 'viewer' })).toEqual([]);
    expect(await messages({ visibleTenantIds: [2, 3, 4], username: 'import', limit: 1 })).toEqual(['globex']);
  });

  it('countSince counts what the caller sees', async () => {
    expect(await h.store.changeLog.countSince(T0, null)).toBe(6);
    expect(await h.store.changeLog.countSince(T0 + 2, null)).toBe(4);
    expect(await h.store.changeLog.countSince(T0, [2])).toBe(4);
    expect(await h.store.changeLog.countSince(T0 + 2, [4])).toBe(2);
    expect(await h.store.changeLog.countSince(T0 + 5, null)).toBe(0);
  });
});
