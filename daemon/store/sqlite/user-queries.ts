import type { Db } from './db.js';
import { jsonArraySql } from './json-array.js';
import { USER_COLUMNS_1_1, USER_COLUMNS_1_2, USER_JSON_FROM } from '../user-record.js';
import { jsonObjectSql } from './json-record.js';
import { USER_SELECT, toUser, type UserRow } from '../user-rows.js';
import { userListSql, type QueryParams, type UserFilter, type UserQueryStore } from '../user-queries.js';

/** The users API's reads over SQLite. */
export function sqliteUserQueries(db: Db): UserQueryStore {
  // One statement per shape, order column and direction, prepared on first use.
  const statements = new Map<string, ReturnType<typeof db.prepare<[QueryParams], unknown>>>();
  function statement(select: string, f: UserFilter, json: boolean) {
    const key = f.orderBy ?? 'username';
    const descending = f.descending ?? false;
    const cacheKey = `${key}:${descending}:${select}`;
    let stmt = statements.get(cacheKey);
    if (!stmt) {
      const sql = userListSql(select, key, descending);
      stmt = db.prepare<[QueryParams], unknown>(json ? jsonArraySql(sql) : sql);
      if (json) stmt.pluck();
      statements.set(cacheKey, stmt);
    }
    return stmt;
  }
  return {
    async query(f) {
      return (statement(USER_SELECT, f, false).all(params(f)) as UserRow[]).map(toUser);
    },
    async queryJson(f, withTenant, before = '', after = '') {
      const select = withTenant ? USER_JSON_SELECT_1_2 : USER_JSON_SELECT_1_1;
      return statement(select, f, true).get({ ...params(f), before, after }) as Buffer;
    },
  };
}

const params = (f: UserFilter): QueryParams => ({
  tenants: JSON.stringify(f.tenantIds),
  id: f.id ?? null,
  username: f.username ?? null,
  role_name: f.roleName ?? null,
  tenant_id: f.tenantId ?? null,
  tenant_name: f.tenantName ?? null,
  limit: f.limit ?? -1,
  offset: f.offset ?? 0,
});

/** GET users' records as JSON texts (daemon/store/user-record.ts), API 1.1 and 1.2 on. */
export const USER_JSON_SELECT_1_1 = `SELECT ${jsonObjectSql(USER_COLUMNS_1_1)} AS record ${USER_JSON_FROM}`;
export const USER_JSON_SELECT_1_2 = `SELECT ${jsonObjectSql(USER_COLUMNS_1_2)} AS record ${USER_JSON_FROM}`;
