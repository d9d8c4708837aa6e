import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ProfileFilters } from '../../../../daemon/store/profiles.js';
import { CONTRACT_FIXTURE, T0 } from './fixture.js';
import { linguisticCollation, openReference } from './reference.js';
import { describeEachStore, type OpenedStore } from './stores.js';

// Parameters whose names and config files sort differently as bytes than linguistically, a repeated name and
// config file (the newest id wins profileValue), and a profile without parameters.
const EXTRA = `
INSERT INTO profiles (id, name, description, type, cdn_id, routing_disabled, last_updated) VALUES
  (4, 'empty', 'no parameters', 'ATS_PROFILE', 1, 1, ${T0 + 5});
INSERT INTO parameters (id, name, config_file, value, secure, last_updated) VALUES
  (10, 'location', 'Remap.config', '/opt/', 0, ${T0}),
  (11, 'Location', 'remap.config', '/usr/', 1, ${T0 + 1}),
  (12, 'location', 'remap.config', '/srv/', 0, ${T0 + 2}),
  (13, 'loc_ation', 'remap.config', 'x', 0, ${T0}),
  (14, 'loc-ation', 'remap.config', 'y', 0, ${T0});
INSERT INTO profile_parameters (profile_id, parameter_id) VALUES (2, 10), (2, 11), (2, 12), (2, 13), (2, 14), (3, 12);
`;

const FILTERS: ProfileFilters[] = [
  {},
  { id: 2 },
  { id: 99 },
  { name: 'MID_ATS' },
  { name: 'mid_ats' },
  { cdnId: 2 },
  { cdnId: 1, name: 'empty' },
  { id: 1, cdnId: 2 },
  { id: 2 ** 40 },
  { cdnId: 2 ** 40 },
];

describeEachStore('profiles and parameters stores', (kind) => {
  let h: OpenedStore;
  let reference: Awaited<ReturnType<typeof openReference>>;
  beforeAll(async () => {
    h = await kind.open();
    await linguisticCollation(h, kind);
    await h.exec(CONTRACT_FIXTURE + EXTRA);
    reference = await openReference(CONTRACT_FIXTURE + EXTRA);
  });
  afterAll(async () => {
    await h.close();
    await reference.close();
  });

  it('profiles.list filters by id, name and CDN, ordered by id', async () => {
    expect(await h.store.profiles.list({})).toEqual([
      {
        id: 1,
        name: 'GLOBAL',
        description: 'Global profile',
        type: 'UNK_PROFILE',
        cdnId: 1,
        cdnName: 'ALL',
        routingDisabled: false,
        lastUpdated: T0,
      },
      {
        id: 2,
        name: 'EDGE_ATS',
        description: 'edge caches',
        type: 'ATS_PROFILE',
        cdnId: 2,
        cdnName: 'cdn1',
        routingDisabled: false,
        lastUpdated: T0,
      },
      {
        id: 3,
        name: 'MID_ATS',
        description: 'mid caches',
        type: 'ATS_PROFILE',
        cdnId: 2,
        cdnName: 'cdn1',
        routingDisabled: false,
        lastUpdated: T0,
      },
      {
        id: 4,
        name: 'empty',
        description: 'no parameters',
        type: 'ATS_PROFILE',
        cdnId: 1,
        cdnName: 'ALL',
        routingDisabled: true,
        lastUpdated: T0 + 5,
      },
    ]);
    expect((await h.store.profiles.list({ cdnId: 2 })).map((p) => p.id)).toEqual([2, 3]);
    expect(await h.store.profiles.list({ name: 'mid_ats' })).toEqual([]);
    for (const filters of FILTERS)
      expect(await h.store.profiles.list(filters)).toEqual(await reference.store.profiles.list(filters));
  });

  it('profiles.get answers one profile or null', async () => {
    expect(await h.store.profiles.get(4)).toMatchObject({ name: 'empty', routingDisabled: true });
    expect(await h.store.profiles.get(99)).toBeNull();
    expect(await h.store.profiles.get(2 ** 40)).toBeNull();
  });

  it('parameters.ofProfile orders by name and config file as bytes, then id; null for no such profile', async () => {
    const edge = await h.store.parameters.ofProfile('EDGE_ATS');
    expect(edge?.map((p) => p.id)).toEqual([3, 11, 14, 13, 10, 2, 12]);
    expect(edge?.find((p) => p.id === 11)).toEqual({
      id: 11,
      name: 'Location',
      configFile: 'remap.config',
      value: '/usr/',
      secure: true,
      lastUpdated: T0 + 1,
    });
    expect(await h.store.parameters.ofProfile('empty')).toEqual([]);
    expect(await h.store.parameters.ofProfile('nobody')).toBeNull();
    for (const name of ['GLOBAL', 'EDGE_ATS', 'MID_ATS', 'empty', 'edge_ats']) {
      expect(await h.store.parameters.ofProfile(name)).toEqual(await reference.store.parameters.ofProfile(name));
    }
  });

  it('parameters.profileValue answers the newest matching value, matching names exactly', async () => {
    expect(await h.store.parameters.profileValue('EDGE_ATS', 'location', 'remap.config')).toBe('/srv/');
    expect(await h.store.parameters.profileValue('MID_ATS', 'location', 'remap.config')).toBe('/srv/');
    expect(await h.store.parameters.profileValue('EDGE_ATS', 'Location', 'remap.config')).toBe('/usr/');
    expect(await h.store.parameters.profileValue('EDGE_ATS', 'location', 'Remap.config')).toBe('/opt/');
    expect(await h.store.parameters.profileValue('GLOBAL', 'maxRevalDurationDays', 'regex_revalidate.config')).toBe(
      '90',
    );
    expect(await h.store.parameters.profileValue('GLOBAL', 'location', 'remap.config')).toBeNull();
    expect(await h.store.parameters.profileValue('nobody', 'location', 'remap.config')).toBeNull();
  });
});
