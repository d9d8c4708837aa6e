import type { OriginFields } from '../../shared/rules/origins/validate.js';
import type { Statement } from 'better-sqlite3';
import { loggedWrite, type Change } from './change-log.js';
import type { Db } from './sqlite/db.js';
import { guardWrite } from './faults.js';
import { jsonArraySql } from './json-array.js';
import { ORIGIN_JSON_COLUMNS } from './origin-json.js';

/** An origin with the names of what it refers to joined in. */
export interface Origin {
  id: number;
  name: string;
  fqdn: string;
  protocol: string;
  isPrimary: boolean;
  port: number | null;
  ipAddress: string | null;
  ip6Address: string | null;
  deliveryServiceId: number;
  /** The delivery service's xmlId. */
  deliveryService: string;
  /** The delivery service's tenant: tenancy of an origin also depends on it. */
  deliveryServiceTenantId: number;
  cachegroupId: number | null;
  cachegroup: string | null;
  coordinateId: number | null;
  coordinate: string | null;
  profileId: number | null;
  profile: string | null;
  tenantId: number | null;
  tenant: string | null;
  lastUpdated: number;
}

export type { OriginFields };

/** The query keys GET origins filters and orders by. */
export type OriginFilterKey =
  | 'cachegroup'
  | 'coordinate'
  | 'deliveryservice'
  | 'id'
  | 'name'
  | 'profileId'
  | 'primary'
  | 'tenant';

/** A parsed GET origins query: every value already validated. */
export interface OriginListQuery {
  filters: Partial<Record<OriginFilterKey, number | string | boolean>>;
  orderBy: OriginFilterKey;
  descending: boolean;
  /** -1: no limit. */
  limit: number;
  offset: number;
  /** Tenants whose origins the caller may see; null when it may see every tenant. */
  visibleTenantIds: number[] | null;
}

/** Origins, and the narrow cache-group and coordinate lookups their writes need. */
export interface OriginStore {
  list(query: OriginListQuery): Promise<Origin[]>;
  /**
   * The same origins as GET origins answers them, rendered by SQLite: the JSON array of their records between
   * `before` and `after` (the envelope), as the bytes to send.
   */
  listJson(query: OriginListQuery, before?: string, after?: string): Promise<Buffer>;
  get(id: number): Promise<Origin | null>;
  /** Inserts an origin; answers its id, or null when another origin has that name. */
  insert(fields: OriginFields, now: number, change?: Change<number | null>): Promise<number | null>;
  /** Replaces the writable columns of origin `id`; answers false when another origin has that name. */
  update(id: number, fields: OriginFields, now: number, change?: Change<boolean>): Promise<boolean>;
  /** Deletes a non-primary origin; answers false when there was none to delete. */
  delete(id: number, change?: Change<boolean>): Promise<boolean>;
  hasCachegroup(id: number): Promise<boolean>;
  hasCoordinate(id: number): Promise<boolean>;
}

export interface OriginRow {
  id: number;
  name: string;
  fqdn: string;
  protocol: string;
  is_primary: number;
  port: number | null;
  ip_address: string | null;
  ip6_address: string | null;
  deliveryservice_id: number;
  ds_xml_id: string;
  ds_tenant_id: number;
  cachegroup_id: number | null;
  cachegroup_name: string | null;
  coordinate_id: number | null;
  coordinate_name: string | null;
  profile_id: number | null;
  profile_name: string | null;
  tenant_id: number | null;
  tenant_name: string | null;
  last_updated: number;
}

export const toOrigin = (r: OriginRow): Origin => ({
  id: r.id,
  name: r.name,
  fqdn: r.fqdn,
  protocol: r.protocol,
  isPrimary: r.is_primary === 1,
  port: r.port,
  ipAddress: r.ip_address,
  ip6Address: r.ip6_address,
  deliveryServiceId: r.deliveryservice_id,
  deliveryService: r.ds_xml_id,
  deliveryServiceTenantId: r.ds_tenant_id,
  cachegroupId: r.cachegroup_id,
  cachegroup: r.cachegroup_name,
  coordinateId: r.coordinate_id,
  coordinate: r.coordinate_name,
  profileId: r.profile_id,
  profile: r.profile_name,
  tenantId: r.tenant_id,
  tenant: r.tenant_name,
  lastUpdated: r.last_updated,
});

export const fieldParams = (f: OriginFields, now: number) => ({
  name: f.name,
  fqdn: f.fqdn,
  protocol: f.protocol,
  port: f.port,
  ip_address: f.ipAddress,
  ip6_address: f.ip6Address,
  deliveryservice_id: f.deliveryServiceId,
  cachegroup_id: f.cachegroupId,
  coordinate_id: f.coordinateId,
  profile_id: f.profileId,
  tenant_id: f.tenantId,
  last_updated: now,
});

export const WRITABLE = [
  'name', 'fqdn', 'protocol', 'port', 'ip_address', 'ip6_address', 'deliveryservice_id', 'cachegroup_id',
  'coordinate_id', 'profile_id', 'tenant_id', 'last_updated',
] as const;

export const COLUMNS_SELECTED = `SELECT o.id, o.name, o.fqdn, o.protocol, o.is_primary, o.port, o.ip_address, o.ip6_address,
    o.deliveryservice_id, ds.xml_id AS ds_xml_id, ds.tenant_id AS ds_tenant_id,
    o.cachegroup_id, cg.name AS cachegroup_name, o.coordinate_id, co.name AS coordinate_name,
    o.profile_id, pr.name AS profile_name, o.tenant_id, t.name AS tenant_name, o.last_updated`;
export const FROM = `
  FROM origins o
  JOIN deliveryservices ds ON ds.id = o.deliveryservice_id
  LEFT JOIN cachegroups cg ON cg.id = o.cachegroup_id
  LEFT JOIN coordinates co ON co.id = o.coordinate_id
  LEFT JOIN profiles pr ON pr.id = o.profile_id
  LEFT JOIN tenants t ON t.id = o.tenant_id`;
const SELECT = `${COLUMNS_SELECTED}${FROM}`;

/** The one place API keys meet column names: SQL is composed only from these constants, never from input. */
export const COLUMNS: Record<OriginFilterKey, string> = {
  cachegroup: 'o.cachegroup_id',
  coordinate: 'o.coordinate_id',
  deliveryservice: 'o.deliveryservice_id',
  id: 'o.id',
  name: 'o.name',
  profileId: 'o.profile_id',
  primary: 'o.is_primary',
  tenant: 'o.tenant_id',
};
export const FILTER_KEYS = Object.keys(COLUMNS) as OriginFilterKey[];

// An origin is visible when its delivery service's tenant is, and its own tenant (when it has one) is too.
const TENANCY = `ds.tenant_id IN (SELECT value FROM json_each(@tenants))
  AND (o.tenant_id IS NULL OR o.tenant_id IN (SELECT value FROM json_each(@tenants)))`;

/** The SQL of one list shape: which filters are present, the order, and whether tenancy restricts it. */
export function originListSql(
  keys: readonly OriginFilterKey[],
  orderBy: OriginFilterKey,
  descending: boolean,
  tenancy: boolean,
  json = false,
): string {
  const where = keys.map((k) => `${COLUMNS[k]} = @${k}`);
  if (tenancy) where.push(TENANCY);
  const order = orderBy === 'id' ? `o.id${descending ? ' DESC' : ''}` : `${COLUMNS[orderBy]}${descending ? ' DESC' : ''}, o.id`;
  const select = `${json ? `${ORIGIN_JSON_COLUMNS} AS record` : COLUMNS_SELECTED}${FROM}`;
  const sql = `${select}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY ${order} LIMIT @limit OFFSET @offset`;
  return json ? jsonArraySql(sql) : sql;
}

/** The named parameters of a list query. */
function listParams(query: OriginListQuery, keys: readonly OriginFilterKey[]): Record<string, unknown> {
  const params: Record<string, unknown> = { limit: query.limit, offset: query.offset };
  for (const k of keys) {
    const value = query.filters[k];
    params[k] = typeof value === 'boolean' ? (value ? 1 : 0) : value;
  }
  if (query.visibleTenantIds !== null) params.tenants = JSON.stringify(query.visibleTenantIds);
  return params;
}

export function sqliteOrigins(db: Db): OriginStore {
  // One prepared statement per list shape, made on first use (at most 2^8 filter sets x 8 orders x 2 directions x 2).
  const shapes = new Map<string, Statement<Record<string, unknown>, unknown>>();
  const statementFor = (query: OriginListQuery, json: boolean) => {
    const keys = FILTER_KEYS.filter((k) => query.filters[k] !== undefined);
    const tenancy = query.visibleTenantIds !== null;
    const shape = `${keys.join(',')}|${query.orderBy}|${query.descending ? 'd' : 'a'}|${tenancy ? 't' : ''}|${json ? 'j' : ''}`;
    let statement = shapes.get(shape);
    if (!statement) {
      statement = db.prepare<Record<string, unknown>, unknown>(originListSql(keys, query.orderBy, query.descending, tenancy, json));
      if (json) statement.pluck();
      shapes.set(shape, statement);
    }
    return { statement, params: listParams(query, keys) };
  };
  const get = db.prepare<[number], OriginRow>(`${SELECT} WHERE o.id = ?`);
  const nameOwner = db.prepare<[string], { id: number }>('SELECT id FROM origins WHERE name = ?');
  const insert = db.prepare(`INSERT INTO origins (${WRITABLE.join(', ')}) VALUES (${WRITABLE.map((c) => `@${c}`).join(', ')})`);
  const update = db.prepare(`UPDATE origins SET ${WRITABLE.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`);
  const remove = db.prepare<[number]>('DELETE FROM origins WHERE id = ? AND is_primary = 0');
  const cachegroup = db.prepare<[number], { id: number }>('SELECT id FROM cachegroups WHERE id = ?');
  const coordinate = db.prepare<[number], { id: number }>('SELECT id FROM coordinates WHERE id = ?');

  const logged = loggedWrite(db);
  const insertTx = db.transaction((fields: OriginFields, now: number): number | null => {
    if (nameOwner.get(fields.name)) return null;
    return Number(insert.run(fieldParams(fields, now)).lastInsertRowid);
  });
  const updateTx = db.transaction((id: number, fields: OriginFields, now: number): boolean => {
    const owner = nameOwner.get(fields.name);
    if (owner && owner.id !== id) return false;
    update.run({ ...fieldParams(fields, now), id });
    return true;
  });

  return {
    async list(query) {
      const { statement, params } = statementFor(query, false);
      return (statement.all(params) as OriginRow[]).map(toOrigin);
    },
    async listJson(query, before = '', after = '') {
      const { statement, params } = statementFor(query, true);
      return statement.get({ ...params, before, after }) as Buffer;
    },
    async get(id) {
      const row = get.get(id);
      return row ? toOrigin(row) : null;
    },
    async insert(fields, now, change) {
      return guardWrite(() => logged(() => insertTx(fields, now), change));
    },
    async update(id, fields, now, change) {
      return guardWrite(() => logged(() => updateTx(id, fields, now), change));
    },
    async delete(id, change) {
      return guardWrite(() => logged(() => remove.run(id).changes > 0, change));
    },
    async hasCachegroup(id) {
      return cachegroup.get(id) !== undefined;
    },
    async hasCoordinate(id) {
      return coordinate.get(id) !== undefined;
    },
  };
}
