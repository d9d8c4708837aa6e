import type { UserFilter, UserOrderKey, UserQueryStore } from '../user-queries.js';
import { USER_SELECT, toUser, type UserRow } from '../user-rows.js';
import type { PgPool } from './pool.js';
import { statement, type PgStatement } from './statement.js';
import { USER_COLUMNS_1_1, USER_COLUMNS_1_2 } from '../user-record.js';
import { jsonTextSql } from './json-record.js';

/**
 * The column each order key sorts on, as SQLite sorts it: names byte by byte (COLLATE "C"), and NULL before
 * every value ascending (SQLite's rule; PostgreSQL's default is the opposite, see ORDER below).
 */
const ORDER_COLUMNS: Record<UserOrderKey, string> = {
  id: 'u.id',
  username: 'u.username COLLATE "C"',
  email: 'u.email COLLATE "C"',
  fullName: 'u.full_name COLLATE "C"',
  role: 'u.role_id',
  rolename: 'r.name COLLATE "C"',
  roleName: 'r.name COLLATE "C"',
  tenant: 't.name COLLATE "C"',
  tenantId: 'u.tenant_id',
  company: 'u.company COLLATE "C"',
  city: 'u.city COLLATE "C"',
  country: 'u.country COLLATE "C"',
  lastUpdated: 'u.last_updated',
};

const FROM = 'FROM users u JOIN roles r ON r.id = u.role_id JOIN tenants t ON t.id = u.tenant_id';
const FILTER = `WHERE u.tenant_id = ANY($1::int[])
    AND ($2::bigint IS NULL OR u.id = $2)
    AND ($3::text IS NULL OR u.username = $3)
    AND ($4::text IS NULL OR r.name = $4)
    AND ($5::bigint IS NULL OR u.tenant_id = $5)
    AND ($6::text IS NULL OR t.name = $6)`;

type FilterParams = [
  tenants: number[],
  id: number | null,
  username: string | null,
  roleName: string | null,
  tenantId: number | null,
  tenantName: string | null,
  limit: number | null,
  offset: number,
];
type JsonParams = [...FilterParams, before: string, after: string];

function order(key: UserOrderKey, descending: boolean): string {
  const dir = descending ? 'DESC NULLS LAST' : 'ASC NULLS FIRST';
  return `ORDER BY ${ORDER_COLUMNS[key]} ${dir}, u.id ${descending ? 'DESC' : 'ASC'}`;
}

/** The rows of one list, in the asked order. */
const rowsSql = (key: UserOrderKey, descending: boolean) =>
  `${USER_SELECT} ${FILTER} ${order(key, descending)} LIMIT $7 OFFSET $8`;

/** The records of one list joined into a JSON array between $9 and $10, in the asked order. */
const jsonSql = (record: string, key: UserOrderKey, descending: boolean) =>
  `SELECT $9::text || '[' || coalesce(string_agg(y.record, ',' ORDER BY y.n), '') || ']' || $10::text AS body FROM (
     SELECT ${record} AS record, row_number() OVER (${order(key, descending)}) AS n
       ${FROM} ${FILTER}
      ${order(key, descending)} LIMIT $7 OFFSET $8
   ) y`;

// One named statement per shape, order key and direction, made on first use (names are unique per program).
const statements = new Map<string, PgStatement<FilterParams, UserRow> | PgStatement<JsonParams, { body: string }>>();

function rowsStatement(key: UserOrderKey, descending: boolean): PgStatement<FilterParams, UserRow> {
  const name = `users_query_${key}_${descending ? 'desc' : 'asc'}`;
  let s = statements.get(name) as PgStatement<FilterParams, UserRow> | undefined;
  if (!s) statements.set(name, (s = statement<FilterParams, UserRow>(name, rowsSql(key, descending))));
  return s;
}

function jsonStatement(
  withTenant: boolean,
  key: UserOrderKey,
  descending: boolean,
): PgStatement<JsonParams, { body: string }> {
  const name = `users_query_json_${withTenant ? '1_2' : '1_1'}_${key}_${descending ? 'desc' : 'asc'}`;
  let s = statements.get(name) as PgStatement<JsonParams, { body: string }> | undefined;
  if (!s) {
    const record = jsonTextSql(withTenant ? USER_COLUMNS_1_2 : USER_COLUMNS_1_1);
    statements.set(name, (s = statement<JsonParams, { body: string }>(name, jsonSql(record, key, descending))));
  }
  return s;
}

const params = (f: UserFilter): FilterParams => [
  [...f.tenantIds],
  f.id ?? null,
  f.username ?? null,
  f.roleName ?? null,
  f.tenantId ?? null,
  f.tenantName ?? null,
  // SQLite reads a negative limit as "no limit"; PostgreSQL reads NULL so.
  f.limit === undefined || f.limit < 0 ? null : f.limit,
  f.offset ?? 0,
];

/** The users API's reads on PostgreSQL. */
export function pgUserQueries(pool: PgPool): UserQueryStore {
  return {
    async query(f) {
      const rows = await rowsStatement(f.orderBy ?? 'username', f.descending ?? false).all(pool, ...params(f));
      return rows.map(toUser);
    },
    async queryJson(f, withTenant, before = '', after = '') {
      const s = jsonStatement(withTenant, f.orderBy ?? 'username', f.descending ?? false);
      const row = await s.get(pool, ...params(f), before, after);
      return Buffer.from(row?.body ?? `${before}[]${after}`);
    },
  };
}
