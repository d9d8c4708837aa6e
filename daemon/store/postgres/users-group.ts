import type { Store } from '../index.js';
import { pgChangeLog } from './change-log.js';
import { pgLoginFailures } from './login-failures.js';
import type { PgPool } from './pool.js';
import { pgResetRequests } from './reset-requests.js';
import { pgRoles } from './roles.js';
import { pgSessions } from './sessions.js';
import { pgTenants } from './tenants.js';
import { pgTokens } from './tokens.js';
import { pgUsers } from './users.js';

export type UsersGroup = Pick<
  Store,
  'roles' | 'tenants' | 'users' | 'sessions' | 'loginFailures' | 'tokens' | 'changeLog' | 'resetRequests'
>;

/** Users, tenants, roles, sign-in bookkeeping, the change log and reset requests on PostgreSQL. */
export function pgUsersGroup(pool: PgPool): UsersGroup {
  return {
    roles: pgRoles(pool),
    tenants: pgTenants(pool),
    users: pgUsers(pool),
    sessions: pgSessions(pool),
    loginFailures: pgLoginFailures(pool),
    tokens: pgTokens(pool),
    changeLog: pgChangeLog(pool),
    resetRequests: pgResetRequests(pool),
  };
}
