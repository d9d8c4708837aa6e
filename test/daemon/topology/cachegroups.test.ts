import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSnapshot } from '../../../daemon/services/snapshot/export.js';
import { eachStore } from '../../helpers/store-kinds.js';
import { errors, topologyApp, type TopologyApp } from './helpers.js';

interface Group {
  id: number;
  name: string;
  shortName: string;
  latitude: number | null;
  longitude: number | null;
  parentCachegroupId: number | null;
  parentCachegroupName: string | null;
  secondaryParentCachegroupId: number | null;
  secondaryParentCachegroupName: string | null;
  fallbackToClosest: boolean;
  localizationMethods: string[];
  fallbacks: string[];
  typeId: number;
  typeName: string;
}

eachStore((kind) => {
  let t: TopologyApp;
  let edge: number;
  let mid: number;
  let groupOf: (name: string) => Promise<Group>;
  beforeAll(async () => {
    t = await topologyApp(kind);
    edge = await t.typeId('cachegroup', 'EDGE_LOC');
    mid = await t.typeId('cachegroup', 'MID_LOC');
    groupOf = async (name) =>
      (await t.call('ro_user', 'GET', `/api/1.5/cachegroups?name=${name}`)).body.response![0 as never] as Group;
  }, 180_000);
  afterAll(async () => t?.close());

  const body = (over: Record<string, unknown> = {}) => ({ name: 'edge-new', shortName: 'enew', typeId: edge, ...over });
  const post = (over: Record<string, unknown> = {}) => t.call('ops_user', 'POST', '/api/1.3/cachegroups', body(over));

  describe('reads', () => {
    it('GET cachegroups answers the whole 1.x record, with the new fields', async () => {
      const g = await groupOf('edge-cg1');
      expect(g).toMatchObject({
        name: 'edge-cg1',
        shortName: 'edge1',
        parentCachegroupName: 'mid-cg',
        secondaryParentCachegroupId: null,
        fallbackToClosest: true,
        localizationMethods: [],
        fallbacks: [],
        typeName: 'EDGE_LOC',
      });
      const byShort = await t.call('ro_user', 'GET', '/api/1.1/cachegroups?shortName=edge1');
      expect((byShort.body.response as Group[]).map((c) => c.name)).toEqual(['edge-cg1']);
    });

    it('GET cachegroups/:id and trimmed, deprecated', async () => {
      const res = await t.call('ro_user', 'GET', `/api/1.1/cachegroups/${t.ids.cachegroup}`);
      expect(res.body.alerts).toEqual([
        {
          text: 'This endpoint is deprecated, please use GET /cachegroups with query parameter id instead',
          level: 'warning',
        },
      ]);
      expect((res.body.response as Group[]).map((g) => g.name)).toEqual(['edge-cg2']);
      const bad = await t.call('ro_user', 'GET', '/api/1.1/cachegroups/x');
      expect([bad.status, errors(bad)]).toEqual([400, ['id cannot parse to integer']]);
      const trimmed = await t.call('ro_user', 'GET', '/api/1.5/cachegroups/trimmed');
      expect(trimmed.body.alerts).toEqual([
        { text: "This endpoint is deprecated, please use '/cachegroups' instead", level: 'warning' },
      ]);
      expect(trimmed.body.response).toContainEqual({ name: 'mid-cg' });
    });
  });

  describe('POST cachegroups', () => {
    it('stores every field, the coordinate from_cachegroup_<name>, methods and fallbacks; logs it', async () => {
      const fb = (await post({ name: 'edge-fb', shortName: 'efb' })).body.response as Group;
      const midGroup = await groupOf('mid-cg');
      const res = await post({
        latitude: 39.5,
        longitude: -104.5,
        parentCachegroupId: midGroup.id,
        secondaryParentCachegroupId: fb.id,
        fallbackToClosest: false,
        localizationMethods: ['geo', 'CZ'],
        fallbacks: ['edge-fb', 'edge-cg1'],
      });
      expect(res.status).toBe(200);
      expect(res.body.alerts).toEqual([{ text: 'cachegroup was created.', level: 'success' }]);
      const g = res.body.response as Group;
      expect(g).toMatchObject({
        name: 'edge-new',
        shortName: 'enew',
        latitude: 39.5,
        longitude: -104.5,
        parentCachegroupId: midGroup.id,
        parentCachegroupName: 'mid-cg',
        secondaryParentCachegroupName: 'edge-fb',
        fallbackToClosest: false,
        localizationMethods: ['CZ', 'GEO'],
        fallbacks: ['edge-fb', 'edge-cg1'],
        typeName: 'EDGE_LOC',
        typeId: edge,
      });
      expect(await groupOf('edge-new')).toEqual(g);
      expect((await t.changes())[0]).toBe(
        `CACHEGROUP: edge-new, ID: ${g.id}, ACTION: Created cachegroup, keys: { id:${g.id} }`,
      );
      const exported = await exportSnapshot(t.kind === 'sqlite' ? t.db : t.store);
      expect(exported.coordinates).toContainEqual(
        expect.objectContaining({ name: 'from_cachegroup_edge-new', latitude: 39.5, longitude: -104.5 }),
      );
    });

    it.each([
      [{ typeId: undefined }, "missing property: 'typeId'"],
      [{ typeId: 99999 }, 'type not found'],
      [{ localizationMethods: ['CZ', 'NOPE'] }, 'NOPE is not a LocalizationMethod'],
      [{ localizationMethods: ['CZ', 'cz'] }, "'localizationMethods' must not repeat a method"],
      [
        { name: 'x y', shortName: '' },
        "'name' invalid characters found - Use alphanumeric . or - or _ ., 'shortName' cannot be blank",
      ],
      [
        { latitude: 91, longitude: 181 },
        "'latitude' Must be a floating point number within the range +-90, 'longitude' Must be a floating point number within the range +-180",
      ],
      [{ parentCachegroupId: 0 }, "'parentCacheGroupID' must be no less than 1"],
      [{ secondaryParentCachegroupId: -1 }, "'secondaryParentCachegroupID' must be no less than 1"],
      [{ name: 'mid-cg' }, "cachegroup name 'mid-cg' already exists."],
      [{ shortName: 'mid' }, "cachegroup short_name 'mid' already exists."],
      [
        { fallbacks: ['mid-cg'] },
        'the cache group mid-cg is not valid as a fallback.  It must exist as a cache group and be of type EDGE_LOC.',
      ],
      [
        { fallbacks: ['nowhere'] },
        'the cache group nowhere is not valid as a fallback.  It must exist as a cache group and be of type EDGE_LOC.',
      ],
    ])('refuses %j with 400: %s', async (over, text) => {
      const before = (await t.store.cachegroups.list({})).length;
      const res = await post({ name: 'edge-bad', shortName: 'ebad', ...over });
      expect([res.status, errors(res)]).toEqual([400, [text]]);
      expect((await t.store.cachegroups.list({})).length).toBe(before);
    });

    it('refuses a type of another table, fallbacks on a non-EDGE group, and an unknown parent (404)', async () => {
      const serverType = await t.typeId('server', 'EDGE');
      const wrong = await post({ name: 'x1', shortName: 'x1', typeId: serverType });
      expect([wrong.status, errors(wrong)]).toEqual([400, ['type is not a valid cachegroup type']]);
      const midFb = await post({ name: 'mid-x', shortName: 'midx', typeId: mid, fallbacks: ['edge-cg1'] });
      expect(errors(midFb)).toEqual([
        'the cache group mid-x is not allowed to have fallbacks.  It must be of type EDGE_LOC.',
      ]);
      const parent = await post({ name: 'x2', shortName: 'x2', parentCachegroupId: 99999 });
      expect([parent.status, errors(parent)]).toEqual([404, ['cachegroup not found']]);
    });

    it('needs operations (20)', async () => {
      for (const who of ['ro_user', 'portal_user'] as const) {
        expect((await t.call(who, 'POST', '/api/1.3/cachegroups', body({ name: 'p1', shortName: 'p1' }))).status).toBe(
          403,
        );
        expect((await t.call(who, 'PUT', `/api/1.3/cachegroups/${t.ids.cachegroup}`, body())).status).toBe(403);
        expect((await t.call(who, 'DELETE', `/api/1.3/cachegroups/${t.ids.cachegroup}`)).status).toBe(403);
      }
      expect(await t.store.cachegroups.list({ name: 'p1' })).toEqual([]);
    });
  });

  describe('PUT cachegroups/:id', () => {
    it("a new parent queues updates on exactly the group's caches and its children's, and is logged", async () => {
      await t.store.serverFlags.setUpdPending({}, null, false, t.clock.now());
      const cg2 = await groupOf('edge-cg2');
      const mid2 = (await post({ name: 'mid-two', shortName: 'mid2', typeId: mid })).body.response as Group;
      const res = await t.call('ops_user', 'PUT', `/api/1.3/cachegroups/${cg2.id}`, {
        ...cg2,
        secondaryParentCachegroupId: mid2.id,
      });
      expect(res.status).toBe(200);
      expect(res.body.alerts).toEqual([{ text: 'cachegroup was updated.', level: 'success' }]);
      expect(res.body.response).toMatchObject({ secondaryParentCachegroupName: 'mid-two' });
      const pending = (await t.store.servers.list({}, null)).filter((s) => s.updPending).map((s) => s.hostName);
      expect(pending.sort()).toEqual(['edge2a', 'edge2b', 'edge2c']);
      expect((await t.changes())[0]).toBe(
        `CACHEGROUP: edge-cg2, ID: ${cg2.id}, ACTION: Updated cachegroup, keys: { id:${cg2.id} }`,
      );

      await t.store.serverFlags.setUpdPending({}, null, false, t.clock.now());
      const midGroup = await groupOf('mid-cg');
      const moved = await t.call('ops_user', 'PUT', `/api/1.3/cachegroups/${midGroup.id}`, {
        ...midGroup,
        parentCachegroupId: mid2.id,
      });
      expect(moved.status).toBe(200);
      const queued = (await t.store.servers.list({}, null)).filter((s) => s.updPending).map((s) => s.hostName);
      expect(queued.sort()).toEqual(['edge1a', 'edge1b', 'edge2a', 'edge2b', 'edge2c', 'mid1', 'mid2']);

      await t.store.serverFlags.setUpdPending({}, null, false, t.clock.now());
      await t.call('ops_user', 'PUT', `/api/1.3/cachegroups/${midGroup.id}`, {
        ...midGroup,
        parentCachegroupId: mid2.id,
        shortName: 'mid',
      });
      expect((await t.store.servers.list({}, null)).some((s) => s.updPending)).toBe(false);
    });

    it('moving an EDGE group to another parent also queues the MIDs it leaves and joins (their remap carries it)', async () => {
      const cg2 = await groupOf('edge-cg2');
      const other = (await post({ name: 'mid-other', shortName: 'mido', typeId: mid })).body.response as Group;
      await t.store.serverFlags.setUpdPending({}, null, false, t.clock.now());
      const away = await t.call('ops_user', 'PUT', `/api/1.3/cachegroups/${cg2.id}`, {
        ...cg2,
        parentCachegroupId: other.id,
        secondaryParentCachegroupId: null,
      });
      expect(away.status, JSON.stringify(away.body)).toBe(200);
      const pending = async () =>
        (await t.store.servers.list({}, null))
          .filter((s) => s.updPending)
          .map((s) => s.hostName)
          .sort();
      // mid1 and mid2 (mid-cg) carried ds3 for edge-cg2; edge-cg1's caches are untouched.
      expect(await pending()).toEqual(['edge2a', 'edge2b', 'edge2c', 'mid1', 'mid2']);
      await t.store.serverFlags.setUpdPending({}, null, false, t.clock.now());
      const back = await t.call('ops_user', 'PUT', `/api/1.3/cachegroups/${cg2.id}`, { ...cg2 });
      expect(back.status).toBe(200);
      expect(await pending()).toEqual(['edge2a', 'edge2b', 'edge2c', 'mid1', 'mid2']);
    });

    it('refuses a group that would be its own ancestor, through parents or secondary parents', async () => {
      const midGroup = await groupOf('mid-cg');
      const cg1 = await groupOf('edge-cg1');
      const self = await t.call('ops_user', 'PUT', `/api/1.3/cachegroups/${midGroup.id}`, {
        ...midGroup,
        parentCachegroupId: midGroup.id,
      });
      expect([self.status, errors(self)]).toEqual([
        400,
        ['the cache group mid-cg cannot be its own ancestor: mid-cg -> mid-cg'],
      ]);
      const loop = await t.call('ops_user', 'PUT', `/api/1.3/cachegroups/${midGroup.id}`, {
        ...midGroup,
        parentCachegroupId: null,
        secondaryParentCachegroupId: cg1.id,
      });
      expect([loop.status, errors(loop)]).toEqual([
        400,
        ['the cache group mid-cg cannot be its own ancestor: mid-cg -> edge-cg1 -> mid-cg'],
      ]);
      expect((await groupOf('mid-cg')).secondaryParentCachegroupId).toBe(midGroup.secondaryParentCachegroupId);
    });

    it('moves, keeps or drops the coordinate with latitude and longitude', async () => {
      const g = (await post({ name: 'edge-coord', shortName: 'ecoord', latitude: 1, longitude: 2 })).body
        .response as Group;
      const renamed = await t.call('ops_user', 'PUT', `/api/1.3/cachegroups/${g.id}`, {
        ...g,
        name: 'edge-coord2',
        latitude: 3,
      });
      expect(renamed.body.response).toMatchObject({ name: 'edge-coord2', latitude: 3, longitude: 2 });
      const dropped = await t.call('ops_user', 'PUT', `/api/1.3/cachegroups/${g.id}`, {
        ...g,
        name: 'edge-coord2',
        latitude: null,
      });
      expect(dropped.body.response).toMatchObject({ latitude: null, longitude: null });
      const snapshot = await t.call('admin', 'GET', `/api/1.3/cachegroups/${g.id}`);
      expect((snapshot.body.response as Group[])[0]).toMatchObject({ latitude: null });
    });

    it('answers 404 for an unknown id, 400 for a bad one', async () => {
      const missing = await t.call(
        'ops_user',
        'PUT',
        '/api/1.3/cachegroups/99999',
        body({ name: 'zz', shortName: 'zz' }),
      );
      expect([missing.status, errors(missing)]).toEqual([404, ['no cachegroup found with this id']]);
      const bad = await t.call('ops_user', 'PUT', '/api/1.3/cachegroups/q', body());
      expect([bad.status, errors(bad)]).toEqual([400, ['failed to parse key: id']]);
    });
  });

  describe('DELETE cachegroups/:id', () => {
    it.each([
      ['edge-cg1', 'cachegroup is in use by one or more servers'],
      ['mid-two', 'cachegroup is in use as a parent cachegroup'],
    ])('refuses %s: %s', async (name, text) => {
      const g = await groupOf(name);
      const res = await t.call('ops_user', 'DELETE', `/api/1.3/cachegroups/${g.id}`);
      expect([res.status, errors(res)]).toEqual([400, [text]]);
    });

    it('refuses a secondary parent, answers 404 for none, deletes an unused group and logs it', async () => {
      const a = (await post({ name: 'sec-a', shortName: 'seca', typeId: mid })).body.response as Group;
      await post({ name: 'sec-b', shortName: 'secb', secondaryParentCachegroupId: a.id });
      const used = await t.call('ops_user', 'DELETE', `/api/1.3/cachegroups/${a.id}`);
      expect(errors(used)).toEqual(['cachegroup is in use as a secondary parent cachegroup']);
      const missing = await t.call('ops_user', 'DELETE', '/api/1.3/cachegroups/99999');
      expect([missing.status, errors(missing)]).toEqual([404, ['no cachegroup with that id found']]);
      const b = await groupOf('sec-b');
      const del = await t.call('ops_user', 'DELETE', `/api/1.3/cachegroups/${b.id}`);
      expect([del.status, del.body]).toEqual([
        200,
        { alerts: [{ text: 'cachegroup was deleted.', level: 'success' }] },
      ]);
      expect((await t.changes())[0]).toBe(
        `CACHEGROUP: sec-b, ID: ${b.id}, ACTION: Deleted cachegroup, keys: { id:${b.id} }`,
      );
      expect(await t.store.cachegroups.byId(b.id)).toBeNull();
    });
  });
});
