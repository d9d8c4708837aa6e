import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ChangeEntry } from '../../../../daemon/store/change-log.js';
import { CONTRACT_FIXTURE, T0 } from './fixture.js';
import { describeEachStore, type OpenedStore } from './stores.js';

// Names whose byte order differs from a linguistic one, and a parameter of config file `global`.
const EXTRA = `
INSERT INTO divisions (id, name, last_updated) VALUES (1, 'east', ${T0}), (2, 'West', ${T0}), (3, 'central', ${T0});
INSERT INTO regions (id, name, division_id, last_updated) VALUES (1, 'mountain', 2, ${T0 + 1});
INSERT INTO phys_locations (id, name, short_name, address, city, state, zip, poc, phone, email, comments, region_id, last_updated)
  VALUES (1, 'denver', 'den', '1 Main St', 'Denver', 'CO', '80202', NULL, NULL, NULL, 'rack row 4', 1, ${T0});
INSERT INTO asns (id, asn, cachegroup_id, last_updated) VALUES (1, 64512, 2, ${T0}), (2, 100, 1, ${T0});
INSERT INTO parameters (id, name, config_file, value, secure, last_updated) VALUES
  (10, 'tm.url', 'global', 'https://tm.example.net/', 0, ${T0}), (11, 'tm.toolname', 'global', 'cdnctl', 0, ${T0}),
  (12, 'Tm.secret', 'global', 'hush', 1, ${T0});
`;

const entry = (message: string): ChangeEntry => ({ message, user: { name: 'contract' }, at: T0 });

describeEachStore('places store (issue 30)', (kind) => {
  let h: OpenedStore;
  beforeAll(async () => {
    h = await kind.open();
    // A linguistic collation on PostgreSQL: the byte order must come from the store's own queries.
    if (kind.name === 'postgres')
      await h.exec('ALTER TABLE divisions ALTER COLUMN name TYPE text COLLATE "en-US-x-icu"');
    await h.exec(CONTRACT_FIXTURE + EXTRA);
  });
  afterAll(() => h.close());
  const places = () => h.store.places;

  it('lists in byte order of name (ASNs by number), with the names they refer to joined in', async () => {
    expect((await places().divisions.list()).map((d) => d.name)).toEqual(['West', 'central', 'east']);
    expect(await places().regions.list()).toEqual([
      { id: 1, name: 'mountain', division: 2, divisionName: 'West', lastUpdated: T0 + 1 },
    ]);
    expect(await places().physLocations.get(1)).toEqual({
      id: 1,
      name: 'denver',
      shortName: 'den',
      address: '1 Main St',
      city: 'Denver',
      state: 'CO',
      zip: '80202',
      poc: null,
      phone: null,
      email: null,
      comments: 'rack row 4',
      regionId: 1,
      region: 'mountain',
      lastUpdated: T0,
    });
    expect(await places().asns.list()).toEqual([
      { id: 2, asn: 100, cachegroupId: 1, cachegroup: 'mid-den', lastUpdated: T0 },
      { id: 1, asn: 64512, cachegroupId: 2, cachegroup: 'edge-den', lastUpdated: T0 },
    ]);
    expect(await places().coordinates.get(1)).toEqual({
      id: 1,
      name: 'coord-den',
      latitude: 39.7,
      longitude: -104.9,
      lastUpdated: T0,
    });
    expect(await places().types.get(6)).toEqual({
      id: 6,
      name: 'EDGE',
      description: 'EDGE cache',
      useInTable: 'server',
      lastUpdated: 0,
    });
    expect((await places().statuses.list()).map((s) => s.name)).toEqual([
      'ADMIN_DOWN',
      'OFFLINE',
      'ONLINE',
      'PRE_PROD',
      'REPORTED',
    ]);
  });

  it('get answers null for an unknown id, also beyond the integer range', async () => {
    expect(await places().divisions.get(99)).toBeNull();
    expect(await places().statuses.get(2 ** 40)).toBeNull();
  });

  it('insert answers the new id, or the unique key another row holds, logging only what it wrote', async () => {
    const created = await places().divisions.insert({ name: 'north' }, T0 + 5, (r) =>
      r.ok ? entry(`made ${r.id}`) : null,
    );
    expect(created).toEqual({ ok: true, id: expect.any(Number) });
    const id = (created as { id: number }).id;
    expect(await places().divisions.get(id)).toEqual({ id, name: 'north', lastUpdated: T0 + 5 });
    expect(await places().divisions.insert({ name: 'north' }, T0, (r) => (r.ok ? entry('never') : null))).toEqual({
      ok: false,
      taken: 'name',
    });
    expect(await places().types.insert({ name: 'EDGE', description: 'x', useInTable: 'server' }, T0)).toEqual({
      ok: false,
      taken: 'name, use_in_table',
    });
    expect((await places().types.insert({ name: 'EDGE', description: 'x', useInTable: 'profile' }, T0)).ok).toBe(true);
    const short = {
      name: 'boulder',
      shortName: 'den',
      address: 'a',
      city: 'b',
      state: 'c',
      zip: 'd',
      poc: null,
      phone: null,
      email: null,
      comments: null,
      regionId: 1,
    };
    expect(await places().physLocations.insert(short, T0)).toEqual({ ok: false, taken: 'short_name' });
    expect(await places().asns.insert({ asn: 100, cachegroupId: 2 }, T0)).toEqual({ ok: false, taken: 'asn' });
    const log = await h.store.changeLog.list({ since: 0, limit: 100, visibleTenantIds: null, username: null });
    expect(log.map((e) => e.message)).toEqual([`made ${id}`]);
  });

  it('update answers missing, taken, a guard refusing it, or the id', async () => {
    expect(await places().divisions.update(999, { name: 'x' }, T0)).toEqual({ ok: false, missing: true });
    expect(await places().divisions.update(1, { name: 'West' }, T0)).toEqual({ ok: false, taken: 'name' });
    expect(await places().divisions.update(1, { name: 'east' }, T0 + 9)).toEqual({ ok: true, id: 1 });
    expect((await places().divisions.get(1))?.lastUpdated).toBe(T0 + 9);
    const reported = (await places().statuses.list()).find((s) => s.name === 'REPORTED')!;
    expect(await places().statuses.update(reported.id, { name: 'SEEN', description: null }, T0)).toEqual({
      ok: false,
      usedBy: 'server',
      changing: 'name',
    });
    expect(await places().statuses.update(reported.id, { name: 'REPORTED', description: 'kept' }, T0)).toEqual({
      ok: true,
      id: reported.id,
    });
    expect(
      await places().types.update(6, { name: 'EDGE', description: 'x', useInTable: 'cachegroup' }, T0),
    ).toMatchObject({
      ok: false,
      changing: 'use_in_table',
    });
  });

  it('delete answers missing, the table of a row using it, or the id', async () => {
    expect(await places().divisions.delete(999)).toEqual({ ok: false, missing: true });
    expect(await places().divisions.delete(2)).toEqual({ ok: false, usedBy: 'region' });
    expect(await places().regions.delete(1)).toEqual({ ok: false, usedBy: 'phys_location' });
    expect(await places().coordinates.delete(1)).toEqual({ ok: false, usedBy: 'cachegroup' });
    expect(await places().types.delete(6)).toEqual({ ok: false, usedBy: 'server' });
    const offline = (await places().statuses.list()).find((s) => s.name === 'OFFLINE')!;
    expect(await places().statuses.delete(offline.id)).toEqual({ ok: false, usedBy: 'server' });
    const online = (await places().statuses.list()).find((s) => s.name === 'ONLINE')!;
    expect(await places().statuses.delete(online.id, entry('gone'))).toEqual({ ok: true, id: online.id });
    expect(await places().statuses.get(online.id)).toBeNull();
    expect(await places().asns.delete(2)).toEqual({ ok: true, id: 2 });
  });

  it('parametersOf answers a config file’s parameters by name in byte order, with secure flags', async () => {
    expect(await places().parametersOf('global')).toEqual([
      { name: 'Tm.secret', value: 'hush', secure: true },
      { name: 'tm.toolname', value: 'cdnctl', secure: false },
      { name: 'tm.url', value: 'https://tm.example.net/', secure: false },
    ]);
    expect(await places().parametersOf('nothing')).toEqual([]);
  });
});
