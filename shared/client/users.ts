import type { CurrentUserRecord, UserReadRecord, UserWriteRecord } from '../contract/users.js';
import type { HttpClient } from './http.js';
import type { SeedDeliveryService } from './deliveryservices.js';
import { seedVersion, versionAtLeast, type ApiResult } from './types.js';

/** The versions the seed fixes the user records at (read, current user), and a user's delivery services. */
const USER_SEED = ['1.1', '1.2'] as const;
const USER_DS_SEED = ['1.2'] as const;

/** A user as GET users and users/:id answer it (ids as digit strings, the role name under `rolename`; `roleName` where a server spells it so). */
export type User = UserReadRecord & { roleName?: string };

/** The caller's own record (GET user/current). */
export type CurrentUser = CurrentUserRecord;

/** The body of POST users (1.2+). */
export interface NewUser {
  username: string;
  email: string;
  fullName: string;
  localPassword: string;
  confirmLocalPassword: string;
  role: number;
  tenantId?: number;
  newUser?: boolean;
  addressLine1?: string;
  addressLine2?: string;
  city?: string;
  company?: string;
  country?: string;
  phoneNumber?: string;
  postalCode?: string;
  publicSshKey?: string;
  stateOrProvince?: string;
}

/** The fields of `{user: {...}}` in a profile update; all optional. */
export type CurrentUserUpdate = Partial<Omit<CurrentUser, 'id' | 'localUser' | 'tenant' | 'lastUpdated'>> & {
  localPasswd?: string;
  confirmLocalPasswd?: string;
};

/** A delivery service not yet assigned to a user: `{id, displayName, xmlId}` at 1.2, `{xmlId, id}` at 1.1. */
export interface AvailableDeliveryService {
  id: string;
  xmlId: string;
  displayName?: string;
}

/** GET users, optionally `?tenant=` (1.2+). */
export function listUsers(http: HttpClient, query: { tenant?: string | number } = {}): Promise<ApiResult<User[]>> {
  return http.get('/users', query, seedVersion(http.version, USER_SEED));
}

/** GET users/:id (an array; empty when unknown). */
export function getUser(http: HttpClient, id: number): Promise<ApiResult<User[]>> {
  return http.get(`/users/${id}`, {}, seedVersion(http.version, USER_SEED));
}

/** POST users (1.2+). */
export function createUser(http: HttpClient, user: NewUser): Promise<ApiResult<UserWriteRecord>> {
  return http.post('/users', user);
}

/** POST users/register (1.2+): sends an invitation mail. */
export function registerUser(
  http: HttpClient,
  body: { email: string; role: number; tenantId: number },
): Promise<ApiResult<undefined>> {
  return http.post('/users/register', body);
}

/** GET users/:id/deliveryservices (1.2+). */
export function userDeliveryServices(http: HttpClient, id: number): Promise<ApiResult<SeedDeliveryService[]>> {
  return http.get(`/users/${id}/deliveryservices`, {}, seedVersion(http.version, USER_DS_SEED));
}

/** GET user/:id/deliveryservices/available (1.2) or `.../available.json` (1.1). */
export function availableDeliveryServices(
  http: HttpClient,
  id: number,
): Promise<ApiResult<AvailableDeliveryService[]>> {
  const suffix = versionAtLeast(http.version, '1.2') ? '' : '.json';
  return http.get(`/user/${id}/deliveryservices/available${suffix}`, {}, seedVersion(http.version, USER_SEED));
}

/** GET user/current. */
export function currentUser(http: HttpClient): Promise<ApiResult<CurrentUser>> {
  return http.get('/user/current', {}, seedVersion(http.version, USER_SEED));
}

/** PUT user/current at 1.2+, POST user/current/update at 1.1; the body is `{user: {...}}`. */
export function updateCurrentUser(
  http: HttpClient,
  user: CurrentUserUpdate,
): Promise<ApiResult<UserWriteRecord | undefined>> {
  return versionAtLeast(http.version, '1.2')
    ? http.put('/user/current', { user })
    : http.post('/user/current/update', { user });
}
