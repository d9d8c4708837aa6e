import type { QueryResultRow } from 'pg';
import {
  COLUMNS,
  COLUMNS_SELECTED,
  FILTER_KEYS,
  FROM,
  WRITABLE,
  fieldParams,
  toOrigin,
  type OriginFields,
  type OriginFilterKey,
  type OriginListQuery,
  type OriginRow,
  type OriginStore,
} from '../origins.js';
import { loggedWritePg } from './change-append.js';
import { isUniqueViolation } from './faults.js';
import { ORIGIN_COLUMNS } from '../origin-record.js';
import { jsonTextSql } from './json-record.js';
import type { PgClient, PgPool } from './pool.js';
import { statement, type PgStatement } from './statement.js';

// An origin is visible when its delivery service's tenant is, and its own tenant (when it has one) is too.
const tenancy = (n: number) =>
  `ds.tenant_id = ANY($${n}::bigint[]) AND (o.tenant_id IS NULL OR o.tenant_id = ANY($${n}::bigint[]))`;

/** The sort keys that may be NULL: SQLite sorts NULL before every value, PostgreSQL after. */
const NULLABLE: ReadonlySet<OriginFilterKey> = new Set(['cachegroup', 'coordinate', 'profileId', 'tenant']);

/**
 * SQLite's order over the sort key `key` and the id `id`: names compare as bytes (COLLATE "C"), NULL sorts before
 * every value (NULLS FIRST ascending, NULLS LAST descending), ties by id ascending. Keys that are never NULL get
 * no NULLS clause, so the primary key's index still serves ORDER BY id.
 */
function orderSql(orderBy: OriginFilterKey, descending: boolean, key: string, id: string): string {
  const nulls = NULLABLE.has(orderBy) ? (descending ? ' NULLS LAST' : ' NULLS FIRST') : '';
  const direction = `${descending ? 'DESC' : 'ASC'}${nulls}`;
  if (orderBy === 'id') return `${id} ${direction}`;
  return `${key}${orderBy === 'name' ? ' COLLATE "C"' : ''} ${direction}, ${id}`;
}

/**
 * The SQL of one list shape, parameters in this order: the present filters' values, the visible tenants (with
 * tenancy), limit (negative: none, as on SQLite), offset. With `json`, each row is one record's JSON text.
 */
export function pgOriginListSql(
  keys: readonly OriginFilterKey[],
  orderBy: OriginFilterKey,
  descending: boolean,
  withTenancy: boolean,
  json: boolean,
): string {
  const where = keys.map((k, i) => `${COLUMNS[k]} = $${i + 1}::${k === 'name' ? 'text' : 'bigint'}`);
  let n = keys.length;
  if (withTenancy) where.push(tenancy(++n));
  const limit = `$${++n}::bigint`;
  const page = ` LIMIT CASE WHEN ${limit} < 0 THEN NULL ELSE ${limit} END OFFSET greatest($${++n}::bigint, 0)`;
  const filter = where.length ? ` WHERE ${where.join(' AND ')}` : '';
  const order = orderSql(orderBy, descending, COLUMNS[orderBy], 'o.id');
  return `${json ? `SELECT ${jsonTextSql(ORIGIN_COLUMNS)} AS record` : COLUMNS_SELECTED}${FROM}${filter} ORDER BY ${order}${page}`;
}

// One named statement per list shape, made on first use and shared by every store in the process.
const shapes = new Map<string, PgStatement<unknown[], QueryResultRow>>();

function listStatement(query: OriginListQuery, json: boolean) {
  const keys = FILTER_KEYS.filter((k) => query.filters[k] !== undefined);
  const withTenancy = query.visibleTenantIds !== null;
  const mask = FILTER_KEYS.reduce((m, k, i) => (query.filters[k] !== undefined ? m | (1 << i) : m), 0);
  const name = `origins_list_${mask.toString(16)}_${FILTER_KEYS.indexOf(query.orderBy)}_${query.descending ? 'd' : 'a'}${withTenancy ? 't' : ''}${json ? 'j' : ''}`;
  let found = shapes.get(name);
  if (!found) {
    found = statement<unknown[], QueryResultRow>(
      name,
      pgOriginListSql(keys, query.orderBy, query.descending, withTenancy, json),
    );
    shapes.set(name, found);
  }
  const params: unknown[] = keys.map((k) => {
    const value = query.filters[k];
    return typeof value === 'boolean' ? (value ? 1 : 0) : value;
  });
  if (withTenancy) params.push(query.visibleTenantIds);
  params.push(query.limit, query.offset);
  return { statement: found, params };
}

// Ids travel as bigint: an id beyond integer's range finds nothing, as on SQLite, instead of failing the query.
const get = statement<[number], OriginRow>('origins_get', `${COLUMNS_SELECTED}${FROM} WHERE o.id = $1::bigint`);
const placeholders = WRITABLE.map((_, i) => `$${i + 1}`).join(', ');
// A name another origin has (even one committed a moment ago by another daemon) inserts nothing.
const insert = statement<unknown[], { id: number }>(
  'origins_insert',
  `INSERT INTO origins (${WRITABLE.join(', ')}) VALUES (${placeholders}) ON CONFLICT (name) DO NOTHING RETURNING id`,
);
const update = statement<unknown[]>(
  'origins_update',
  `UPDATE origins SET ${WRITABLE.map((c, i) => `${c} = $${i + 1}`).join(', ')} WHERE id = $${WRITABLE.length + 1}::bigint`,
);
const nameOwner = statement<[string], { id: number }>('origins_name_owner', 'SELECT id FROM origins WHERE name = $1');
const remove = statement<[number]>('origins_delete', 'DELETE FROM origins WHERE id = $1::bigint AND is_primary = 0');
const cachegroup = statement<[number], { id: number }>(
  'origins_has_cachegroup',
  'SELECT id FROM cachegroups WHERE id = $1::bigint',
);
const coordinate = statement<[number], { id: number }>(
  'origins_has_coordinate',
  'SELECT id FROM coordinates WHERE id = $1::bigint',
);

const values = (fields: OriginFields, now: number): unknown[] => {
  const named = fieldParams(fields, now);
  return WRITABLE.map((c) => named[c]);
};

/** The unique constraint on origins.name: "another origin has that name". */
const isNameTaken = (err: unknown) =>
  isUniqueViolation(err) && (err as { constraint?: string }).constraint === 'origins_name_key';

/** Updates origin `id` unless another origin has the name; the savepoint keeps the transaction usable for the log. */
async function updateUnlessNameTaken(
  client: PgClient,
  id: number,
  fields: OriginFields,
  now: number,
): Promise<boolean> {
  await client.query('SAVEPOINT origin_update');
  try {
    if ((await update.run(client, ...values(fields, now), id)) > 0) return true;
    // No such origin: SQLite's answer still depends on whether another origin has the name.
    return (await nameOwner.get(client, fields.name)) === undefined;
  } catch (err) {
    if (!isNameTaken(err)) throw err;
    await client.query('ROLLBACK TO SAVEPOINT origin_update');
    return false;
  }
}

/** Origins on PostgreSQL: the same answers as sqliteOrigins, listJson's bytes included. */
export function pgOrigins(pool: PgPool): OriginStore {
  return {
    async list(query) {
      const { statement: list, params } = listStatement(query, false);
      return ((await list.all(pool, ...params)) as OriginRow[]).map(toOrigin);
    },
    async listJson(query, before = '', after = '') {
      // The records come in the list's order (the query's own ORDER BY) and are joined here, where SQLite's
      // group_concat joins them: an ordered aggregate in PostgreSQL 15 would sort them all once more.
      const { statement: list, params } = listStatement(query, true);
      const rows = (await list.all(pool, ...params)) as { record: string }[];
      return Buffer.from(`${before}[${rows.map((r) => r.record).join(',')}]${after}`, 'utf8');
    },
    async get(id) {
      const row = await get.get(pool, id);
      return row ? toOrigin(row) : null;
    },
    async insert(fields, now, change) {
      return loggedWritePg(
        pool,
        async (client) => (await insert.get(client, ...values(fields, now)))?.id ?? null,
        change,
      );
    },
    async update(id, fields, now, change) {
      return loggedWritePg(pool, (client) => updateUnlessNameTaken(client, id, fields, now), change);
    },
    async delete(id, change) {
      return loggedWritePg(pool, async (client) => (await remove.run(client, id)) > 0, change);
    },
    async hasCachegroup(id) {
      return (await cachegroup.get(pool, id)) !== undefined;
    },
    async hasCoordinate(id) {
      return (await coordinate.get(pool, id)) !== undefined;
    },
  };
}
