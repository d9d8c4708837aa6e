import { badRequest } from '../http/errors.js';
import { parseIntegerParam, toInteger } from '../services/params.js';
import { USER_ORDER_COLUMNS, type UserFilter, type UserOrderKey } from '../store/user-queries.js';

/** The query string of GET users. */
export interface UsersQuery {
  id?: string;
  username?: string;
  role?: string;
  tenant?: string;
  orderby?: string;
  sortOrder?: string;
  limit?: string;
  offset?: string;
  page?: string;
}

/**
 * Turns GET users' query into a store filter (without the tenancy part). `tenant` is honoured from 1.2 on (a
 * number is a tenant id, anything else a tenant name); `role` is a role name; an unknown `orderby` falls back to
 * username, as Traffic Ops did. Bad numbers → 400 with Traffic Ops' texts.
 */
export function usersFilter(q: UsersQuery, withTenant: boolean): Omit<UserFilter, 'tenantIds'> {
  const filter: Omit<UserFilter, 'tenantIds'> = {};
  if (q.id !== undefined) filter.id = parseIntegerParam(q.id, 'id');
  if (q.username !== undefined) filter.username = q.username;
  if (q.role !== undefined) filter.roleName = q.role;
  if (withTenant && q.tenant !== undefined) {
    const id = toInteger(q.tenant);
    if (id !== null) filter.tenantId = id;
    else filter.tenantName = q.tenant;
  }
  if (q.orderby !== undefined && Object.hasOwn(USER_ORDER_COLUMNS, q.orderby))
    filter.orderBy = q.orderby as UserOrderKey;
  if (q.sortOrder !== undefined) filter.descending = q.sortOrder.toLowerCase() === 'desc';
  Object.assign(filter, pagination(q));
  return filter;
}

/** `limit` (≤ 0 or -1 means all), then `offset` or `page` (which count only with a limit). */
function pagination(q: UsersQuery): { limit?: number; offset?: number } {
  if (q.limit === undefined) return {};
  const limit = toInteger(q.limit);
  if (limit === null || limit < -1) throw badRequest('limit parameter must be bigger than -1');
  if (limit <= 0) return {};
  if (q.offset !== undefined) {
    const offset = toInteger(q.offset);
    if (offset === null || offset < 0) throw badRequest('offset parameter must be a positive integer');
    return { limit, offset };
  }
  if (q.page !== undefined) {
    const page = toInteger(q.page);
    if (page === null || page < 1) throw badRequest('page parameter must be a positive integer');
    return { limit, offset: (page - 1) * limit };
  }
  return { limit };
}
