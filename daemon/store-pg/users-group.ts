import type { Store } from '../store/index.js';
import { pending } from './pending.js';
import type { PgPool } from './pool.js';

export type UsersGroup = Pick<Store, 'roles' | 'tenants' | 'users' | 'sessions' | 'loginFailures' | 'tokens' | 'changeLog' | 'resetRequests'>;

/** Users, tenants, roles, sign-in bookkeeping, the change log and reset requests on PostgreSQL. */
export function pgUsersGroup(_pool: PgPool): UsersGroup {
  return {
    roles: pending('roles'),
    tenants: pending('tenants'),
    users: pending('users'),
    sessions: pending('sessions'),
    loginFailures: pending('loginFailures'),
    tokens: pending('tokens'),
    changeLog: pending('changeLog'),
    resetRequests: pending('resetRequests'),
  };
}
