import type { OriginFields } from '../../../shared/rules/origins/validate.js';
import type { Statement } from 'better-sqlite3';
import { loggedWrite } from './change-log.js';
import type { Db } from './db.js';
import { guardWrite } from '../faults.js';
import { ORIGIN_COLUMNS } from '../origin-record.js';
import {
  COLUMNS,
  COLUMNS_SELECTED,
  FILTER_KEYS,
  FROM,
  WRITABLE,
  fieldParams,
  toOrigin,
  type OriginFilterKey,
  type OriginListQuery,
  type OriginRow,
  type OriginStore,
} from '../origins.js';
import { jsonArraySql } from './json-array.js';
import { jsonObjectSql } from './json-record.js';

export function sqliteOrigins(db: Db): OriginStore {
  // One prepared statement per list shape, made on first use (at most 2^8 filter sets x 8 orders x 2 directions x 2).
  const shapes = new Map<string, Statement<Record<string, unknown>, unknown>>();
  const statementFor = (query: OriginListQuery, json: boolean) => {
    const keys = FILTER_KEYS.filter((k) => query.filters[k] !== undefined);
    const tenancy = query.visibleTenantIds !== null;
    const shape = `${keys.join(',')}|${query.orderBy}|${query.descending ? 'd' : 'a'}|${tenancy ? 't' : ''}|${json ? 'j' : ''}`;
    let statement = shapes.get(shape);
    if (!statement) {
      statement = db.prepare<Record<string, unknown>, unknown>(
        originListSql(keys, query.orderBy, query.descending, tenancy, json),
      );
      if (json) statement.pluck();
      shapes.set(shape, statement);
    }
    return { statement, params: listParams(query, keys) };
  };
  const get = db.prepare<[number], OriginRow>(`${SELECT} WHERE o.id = ?`);
  const nameOwner = db.prepare<[string], { id: number }>('SELECT id FROM origins WHERE name = ?');
  const insert = db.prepare(
    `INSERT INTO origins (${WRITABLE.join(', ')}) VALUES (${WRITABLE.map((c) => `@${c}`).join(', ')})`,
  );
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
const SELECT = `${COLUMNS_SELECTED}${FROM}`;

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
  const order =
    orderBy === 'id' ? `o.id${descending ? ' DESC' : ''}` : `${COLUMNS[orderBy]}${descending ? ' DESC' : ''}, o.id`;
  const select = `${json ? `SELECT ${jsonObjectSql(ORIGIN_COLUMNS)} AS record` : COLUMNS_SELECTED}${FROM}`;
  const sql = `${select}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY ${order} LIMIT @limit OFFSET @offset`;
  return json ? jsonArraySql(sql) : sql;
}
