import { afterAll, beforeAll, expect, it } from 'vitest';
import { exportSnapshot } from '../../../daemon/services/snapshot/export.js';
import { importSnapshot } from '../../../daemon/services/snapshot/import.js';
import { eachStore } from '../../helpers/store-kinds.js';
import { topologyApp, type TopologyApp } from './helpers.js';

/** Cache groups made through the API export with their new fields, import back the same, and the import refuses
 * what the API refuses with the same text (issue 30). */
eachStore((kind) => {
  let t: TopologyApp;
  beforeAll(async () => {
    t = await topologyApp(kind);
  }, 180_000);
  afterAll(async () => t?.close());
  const target = () => (t.kind === 'sqlite' ? t.db : t.store);

  it('exports fallbacks, localization methods and fallbackToClosest, and imports them back', async () => {
    const edge = await t.typeId('cachegroup', 'EDGE_LOC');
    const post = (body: Record<string, unknown>) => t.call('ops_user', 'POST', '/api/1.3/cachegroups', body);
    expect((await post({ name: 'snap-b', shortName: 'snapb', typeId: edge })).status).toBe(200);
    const a = await post({
      name: 'snap-a',
      shortName: 'snapa',
      typeId: edge,
      fallbackToClosest: false,
      localizationMethods: ['GEO', 'CZ'],
      fallbacks: ['snap-b', 'edge-cg1'],
    });
    expect(a.status).toBe(200);
    const doc = await exportSnapshot(target());
    const exported = doc.cachegroups.find((c) => c.name === 'snap-a');
    expect(exported).toMatchObject({
      fallbackToClosest: false,
      localizationMethods: ['CZ', 'GEO'],
      fallbacks: ['snap-b', 'edge-cg1'],
    });
    expect(doc.cachegroups.find((c) => c.name === 'snap-b')).not.toHaveProperty('fallbacks');

    await importSnapshot(
      target(),
      {
        cachegroups: [
          { ...exported, fallbacks: ['edge-cg1'], localizationMethods: ['deep_cz'], fallbackToClosest: true },
        ],
      },
      { now: t.clock.now() },
    );
    const group = (await t.store.cachegroups.list({ name: 'snap-a' }))[0];
    expect(group).toMatchObject({ fallbacks: ['edge-cg1'], localizationMethods: ['DEEP_CZ'], fallbackToClosest: true });
    await importSnapshot(target(), doc, { now: t.clock.now() });
    expect((await exportSnapshot(target())).cachegroups).toEqual(doc.cachegroups);
  });

  it("refuses an ancestor loop with the API's text", async () => {
    const mid = (await t.store.cachegroups.list({ name: 'mid-cg' }))[0];
    const res = await t.call('ops_user', 'PUT', `/api/1.3/cachegroups/${mid.id}`, {
      ...mid,
      parentCachegroupId: (await t.store.cachegroups.list({ name: 'edge-cg1' }))[0].id,
    });
    const apiText = res.body.alerts![0].text;
    expect(apiText).toBe('the cache group mid-cg cannot be its own ancestor: mid-cg -> edge-cg1 -> mid-cg');
    await expect(
      importSnapshot(
        target(),
        {
          cachegroups: [{ name: 'mid-cg', shortName: 'mid', type: 'MID_LOC', parentCachegroup: 'edge-cg1' }],
        },
        { now: t.clock.now() },
      ),
    ).rejects.toThrow(apiText);
  });
});
