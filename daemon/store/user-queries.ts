import { type User } from './user-rows.js';

/** The record keys GET users may order by, and the column each sorts on. */
export const USER_ORDER_COLUMNS = {
  id: 'u.id',
  username: 'u.username',
  email: 'u.email',
  fullName: 'u.full_name',
  role: 'u.role_id',
  rolename: 'r.name',
  roleName: 'r.name',
  tenant: 't.name',
  tenantId: 'u.tenant_id',
  company: 'u.company',
  city: 'u.city',
  country: 'u.country',
  lastUpdated: 'u.last_updated',
} as const;
/** A key GET users may order by. */
export type UserOrderKey = keyof typeof USER_ORDER_COLUMNS;

/** What GET users may filter on; `tenantIds` are the tenants the caller may see (always applied). */
export interface UserFilter {
  tenantIds: readonly number[];
  id?: number;
  username?: string;
  roleName?: string;
  tenantId?: number;
  tenantName?: string;
  orderBy?: UserOrderKey;
  descending?: boolean;
  /** At most this many rows; absent means all. */
  limit?: number;
  offset?: number;
}

/** The reads of the users API beyond single-user lookups. */
export interface UserQueryStore {
  /** Users matching the filter, in the asked order (default username), ties broken by id. */
  query(filter: UserFilter): Promise<User[]>;
  /**
   * The same users as GET users answers them, as the bytes to send: the JSON array of their read records
   * (UserReadRecord, with `tenant` and `tenantId` when `withTenant`) between `before` and `after`, each record
   * rendered by SQLite straight from its row, never reading the hash.
   */
  queryJson(filter: UserFilter, withTenant: boolean, before?: string, after?: string): Promise<Buffer>;
}

// The unary plus keeps SQLite from reading users through their tenant index (then sorting them all in a
// temporary B-tree): it walks the index of the order column instead and tests each row's tenant.
const FILTER = `WHERE +u.tenant_id IN (SELECT value FROM json_each(@tenants))
    AND (@id IS NULL OR u.id = @id)
    AND (@username IS NULL OR u.username = @username)
    AND (@role_name IS NULL OR r.name = @role_name)
    AND (@tenant_id IS NULL OR u.tenant_id = @tenant_id)
    AND (@tenant_name IS NULL OR t.name = @tenant_name)`;

export interface QueryParams {
  tenants: string;
  /** The envelope around a JSON list (queryJson only). */
  before?: string;
  after?: string;
  id: number | null;
  username: string | null;
  role_name: string | null;
  tenant_id: number | null;
  tenant_name: string | null;
  limit: number;
  offset: number;
}

/** The SQL of one list: the selected columns, then the filter and the order (from USER_ORDER_COLUMNS only). */
export function userListSql(select: string, key: UserOrderKey, descending: boolean): string {
  const dir = descending ? 'DESC' : 'ASC';
  return `${select} ${FILTER} ORDER BY ${USER_ORDER_COLUMNS[key]} ${dir}, u.id ${dir} LIMIT @limit OFFSET @offset`;
}
