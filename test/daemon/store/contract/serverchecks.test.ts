import { afterAll, beforeAll, expect, it } from 'vitest';
import type { NewToExtension } from '../../../../daemon/store/serverchecks.js';
import { CONTRACT_FIXTURE, T0 } from './fixture.js';
import { describeEachStore, type OpenedStore } from './stores.js';

const ext = (over: Partial<NewToExtension> = {}): NewToExtension => ({
  name: 'ping_check',
  version: '1.0.0',
  infoUrl: 'http://checks.example.test/ping',
  scriptFile: 'ping.pl',
  isActive: true,
  additionalConfigJson: '{"check_name":"PING"}',
  description: null,
  servercheckShortName: 'PING',
  typeId: 8,
  ...over,
});

describeEachStore('server checks store', (kind) => {
  let h: OpenedStore;
  beforeAll(async () => {
    h = await kind.open();
    await h.exec(CONTRACT_FIXTURE);
  }, 30_000);
  afterAll(() => h.close());

  it('insertExtension answers the new id, or which of name and short name is taken (name first)', async () => {
    expect(await h.store.serverChecks.insertExtension(ext(), T0 + 1)).toEqual({ id: 1 });
    expect(
      await h.store.serverChecks.insertExtension(
        ext({ isActive: false, servercheckShortName: null, name: 'notes', description: 'd' }),
        T0 + 2,
      ),
    ).toEqual({ id: 2 });
    expect(await h.store.serverChecks.insertExtension(ext({ servercheckShortName: 'OTHER' }), T0)).toEqual({
      taken: 'name',
    });
    expect(await h.store.serverChecks.insertExtension(ext({ name: 'other' }), T0)).toEqual({
      taken: 'servercheck_short_name',
    });
    expect(await h.store.serverChecks.insertExtension(ext(), T0)).toEqual({ taken: 'name' });
    expect(
      await h.store.serverChecks.insertExtension(ext({ name: 'more', servercheckShortName: null }), T0 + 3),
    ).toEqual({ id: 3 });
  });

  it('extensions answers every extension by id with its type name; extensionByShortName one', async () => {
    const all = await h.store.serverChecks.extensions();
    expect(all.map((e) => e.id)).toEqual([1, 2, 3]);
    expect(all[0]).toEqual({
      id: 1,
      name: 'ping_check',
      version: '1.0.0',
      infoUrl: 'http://checks.example.test/ping',
      scriptFile: 'ping.pl',
      isActive: true,
      additionalConfigJson: '{"check_name":"PING"}',
      description: null,
      servercheckShortName: 'PING',
      type: 'CHECK_EXTENSION_BOOL',
      lastUpdated: T0 + 1,
    });
    expect(all[1]).toMatchObject({ isActive: false, servercheckShortName: null, description: 'd' });
    expect(await h.store.serverChecks.extensionByShortName('PING')).toEqual(all[0]);
    expect(await h.store.serverChecks.extensionByShortName('ping')).toBeNull();
  });

  it('record keeps one value per server and short name (the last), results answers them by server', async () => {
    await h.store.serverChecks.record([], T0);
    await h.store.serverChecks.record(
      [
        { serverId: 2, shortName: 'PING', value: 0 },
        { serverId: 1, shortName: 'b', value: null },
        { serverId: 1, shortName: 'PING', value: 5 },
        { serverId: 2, shortName: 'PING', value: 1 },
      ],
      T0 + 10,
    );
    await h.store.serverChecks.record([{ serverId: 1, shortName: 'PING', value: 9_007_199_254 }], T0 + 11);
    expect([...(await h.store.serverChecks.results())]).toEqual([
      [
        1,
        [
          { serverId: 1, shortName: 'PING', value: 9_007_199_254, lastUpdated: T0 + 11 },
          { serverId: 1, shortName: 'b', value: null, lastUpdated: T0 + 10 },
        ],
      ],
      [2, [{ serverId: 2, shortName: 'PING', value: 1, lastUpdated: T0 + 10 }]],
    ]);
  });

  it('deleteExtension drops the extension and its stored values; false for none', async () => {
    expect(await h.store.serverChecks.deleteExtension(1)).toBe(true);
    expect(await h.store.serverChecks.extensionByShortName('PING')).toBeNull();
    expect([...(await h.store.serverChecks.results())]).toEqual([
      [1, [{ serverId: 1, shortName: 'b', value: null, lastUpdated: T0 + 10 }]],
    ]);
    expect(await h.store.serverChecks.deleteExtension(2)).toBe(true);
    expect(await h.store.serverChecks.deleteExtension(1)).toBe(false);
    expect((await h.store.serverChecks.extensions()).map((e) => e.id)).toEqual([3]);
  });
});
