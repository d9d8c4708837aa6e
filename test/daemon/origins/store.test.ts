import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bootstrap } from '../../../daemon/services/auth/bootstrap.js';
import { openDatabase, type Db } from '../../../daemon/store/sqlite/db.js';
import type { OriginFields, OriginListQuery, OriginStore } from '../../../daemon/store/origins.js';
import { originListSql } from '../../../daemon/store/sqlite/origins.js';
import { sqliteOrigins } from '../../../daemon/store/sqlite/origins.js';
import { loadFixtures, type Fixture } from './fixtures.js';

let db: Db;
let store: OriginStore;
let f: Fixture;
const NOW = Date.parse('2026-11-21T12:00:00Z');

beforeEach(async () => {
  db = openDatabase(':memory:');
  await bootstrap(db, NOW, 'Adm1nPassw0rd!');
  f = await loadFixtures(db, NOW);
  store = sqliteOrigins(db);
});
afterEach(() => db.close());

const query = (change: Partial<OriginListQuery> = {}): OriginListQuery => ({
  filters: {},
  orderBy: 'id',
  descending: false,
  limit: -1,
  offset: 0,
  visibleTenantIds: null,
  ...change,
});
const fields = (change: Partial<OriginFields> = {}): OriginFields => ({
  name: 'extra',
  fqdn: 'extra.example.test',
  protocol: 'https',
  port: 8443,
  ipAddress: null,
  ip6Address: null,
  deliveryServiceId: f.ds1,
  cachegroupId: f.cg1,
  coordinateId: f.coord1,
  profileId: f.orgProfile,
  tenantId: f.rootTenant,
  ...change,
});
const plan = (sql: string) =>
  (
    db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all({ deliveryservice: 1, tenants: '[1]', limit: -1, offset: 0 }) as {
      detail: string;
    }[]
  )
    .map((r) => r.detail)
    .join('\n');

describe('origin store', () => {
  it('answers origins with the names of their delivery service, cache group, coordinate, profile and tenant', async () => {
    const id = (await store.insert(fields(), NOW))!;
    expect(await store.get(id)).toEqual({
      id,
      name: 'extra',
      fqdn: 'extra.example.test',
      protocol: 'https',
      isPrimary: false,
      port: 8443,
      ipAddress: null,
      ip6Address: null,
      deliveryServiceId: f.ds1,
      deliveryService: 'ds1',
      deliveryServiceTenantId: f.rootTenant,
      cachegroupId: f.cg1,
      cachegroup: 'org-cg1',
      coordinateId: f.coord1,
      coordinate: 'coord1',
      profileId: f.orgProfile,
      profile: 'ORG_PROFILE1',
      tenantId: f.rootTenant,
      tenant: 'root',
      lastUpdated: NOW,
    });
  });

  it('lists by id by default and orders, limits and offsets by request', async () => {
    await store.insert(fields({ name: 'a-extra', deliveryServiceId: f.ds3 }), NOW);
    expect((await store.list(query())).map((o) => o.name)).toEqual(['ds1', 'ds2', 'ds3', 'a-extra']);
    expect((await store.list(query({ orderBy: 'name' }))).map((o) => o.name)).toEqual(['a-extra', 'ds1', 'ds2', 'ds3']);
    expect((await store.list(query({ orderBy: 'id', descending: true, limit: 2 }))).map((o) => o.name)).toEqual([
      'a-extra',
      'ds3',
    ]);
    expect((await store.list(query({ limit: 2, offset: 1 }))).map((o) => o.name)).toEqual(['ds2', 'ds3']);
    expect((await store.list(query({ orderBy: 'deliveryservice', descending: true }))).map((o) => o.name)).toEqual([
      'ds3',
      'a-extra',
      'ds2',
      'ds1',
    ]);
  });

  it('filters on every key, and on the tenants the caller may see', async () => {
    const extra = (await store.insert(fields({ deliveryServiceId: f.ds2, tenantId: f.tenantA }), NOW))!;
    const names = async (change: Partial<OriginListQuery>) => (await store.list(query(change))).map((o) => o.name);
    expect(await names({ filters: { deliveryservice: f.ds2 } })).toEqual(['ds2', 'extra']);
    expect(await names({ filters: { primary: false } })).toEqual(['extra']);
    expect(await names({ filters: { primary: true, tenant: f.tenantA } })).toEqual(['ds2']);
    expect(
      await names({ filters: { cachegroup: f.cg1, coordinate: f.coord1, profileId: f.orgProfile, id: extra } }),
    ).toEqual(['extra']);
    expect(await names({ filters: { name: 'ds3' } })).toEqual(['ds3']);
    expect(await names({ visibleTenantIds: [f.tenantA] })).toEqual(['ds2', 'extra']);
    expect(await names({ visibleTenantIds: [] })).toEqual([]);
  });

  it('hides an origin whose own tenant is invisible even when its delivery service is visible', async () => {
    await store.insert(fields({ deliveryServiceId: f.ds2, tenantId: f.rootTenant }), NOW);
    expect((await store.list(query({ visibleTenantIds: [f.tenantA] }))).map((o) => o.name)).toEqual(['ds2']);
  });

  it('refuses a taken name on insert and update, and changes nothing then', async () => {
    expect(await store.insert(fields({ name: 'ds1' }), NOW)).toBeNull();
    const id = (await store.insert(fields(), NOW))!;
    expect(await store.update(id, fields({ name: 'ds2' }), NOW + 1)).toBe(false);
    expect((await store.get(id))!.name).toBe('extra');
    expect(await store.update(id, fields({ name: 'extra', port: 81 }), NOW + 1)).toBe(true);
    expect(await store.get(id)).toMatchObject({ port: 81, lastUpdated: NOW + 1 });
  });

  it('never deletes a primary origin', async () => {
    expect(await store.delete(f.primary.ds1)).toBe(false);
    expect(await store.get(f.primary.ds1)).not.toBeNull();
    const id = (await store.insert(fields(), NOW))!;
    expect(await store.delete(id)).toBe(true);
    expect(await store.get(id)).toBeNull();
  });

  it('looks up cache groups and coordinates by id', async () => {
    expect(await store.hasCachegroup(f.cg1)).toBe(true);
    expect(await store.hasCachegroup(999)).toBe(false);
    expect(await store.hasCoordinate(f.coord1)).toBe(true);
    expect(await store.hasCoordinate(999)).toBe(false);
  });

  it('reads ?deliveryservice= through the origins_deliveryservice index, with or without tenancy, without sorting', () => {
    for (const tenancy of [false, true]) {
      const p = plan(originListSql(['deliveryservice'], 'id', false, tenancy));
      expect(p).toContain('USING INDEX origins_deliveryservice (deliveryservice_id=?)');
      expect(p).not.toMatch(/SCAN o\b/);
      expect(p).not.toContain('TEMP B-TREE');
    }
  });

  it('builds SQL only from its own column names', () => {
    const sql = originListSql(['name', 'primary'], 'profileId', true, false);
    expect(sql).toContain('o.name = @name AND o.is_primary = @primary');
    expect(sql).toContain('ORDER BY o.profile_id DESC, o.id LIMIT @limit OFFSET @offset');
  });
});
