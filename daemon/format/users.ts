import type { GoUser, GoUserCurrent, GoUserGet } from '../../shared/contract/go-users.js';
import type {
  CurrentUserRecord,
  UserProfileRecord,
  UserReadRecord,
  UserWriteRecord,
} from '../../shared/contract/users.js';
import { formatTimestamp } from '../../shared/time.js';
import type { User } from '../store/users.js';
import { atLeast, seedShape, type ApiVersion } from '../versions.js';
import { goUser, goUserCurrent, goUserGet } from './users-go.js';

const digits = (n: number | null): string | null => (n === null ? null : String(n));

/** The fields every user shape shares, in Traffic Ops' key order. */
function common(u: User): UserProfileRecord {
  return {
    addressLine1: u.addressLine1,
    addressLine2: u.addressLine2,
    city: u.city,
    company: u.company,
    country: u.country,
    email: u.email,
    fullName: u.fullName,
    phoneNumber: u.phoneNumber,
    postalCode: u.postalCode,
    publicSshKey: u.publicSshKey,
    stateOrProvince: u.stateOrProvince,
    username: u.username,
  };
}

/**
 * The current-user record (GET user/current): at 1.1/1.2 the seed's (ids as digit strings, `localUser`,
 * `roleName`; tenant at 1.2), at every other version the Go server's.
 */
export function currentUserRecord(u: User, version: ApiVersion): CurrentUserRecord | GoUserCurrent {
  if (!seedShape('user', version)) return goUserCurrent(u);
  return {
    ...common(u),
    id: String(u.id),
    role: String(u.roleId),
    roleName: u.roleName,
    gid: digits(u.gid),
    uid: digits(u.uid),
    localUser: u.localPasswd !== null,
    newUser: u.newUser,
    lastUpdated: formatTimestamp(u.lastUpdated),
    ...(atLeast(version, '1.2') ? { tenant: u.tenantName, tenantId: u.tenantId } : {}),
  };
}

/**
 * The read record of GET users and users/:id: at 1.1/1.2 the seed's (ids as digit strings, the key `rolename`,
 * tenant at 1.2); at every other version the Go server's (numbers, `registrationSent` a time or null).
 */
export function userReadRecord(u: User, version: ApiVersion): UserReadRecord | GoUserGet {
  if (!seedShape('user', version)) return goUserGet(u);
  return {
    ...common(u),
    id: String(u.id),
    role: String(u.roleId),
    rolename: u.roleName,
    gid: digits(u.gid),
    uid: digits(u.uid),
    newUser: u.newUser,
    registrationSent: u.registrationSent !== null,
    lastUpdated: formatTimestamp(u.lastUpdated),
    ...(atLeast(version, '1.2') ? { tenant: u.tenantName, tenantId: u.tenantId } : {}),
  };
}

/**
 * The record a create or update answers: at 1.2 ids as ints and the key `roleName` (the seed's create example),
 * at every other version the Go server's tc.User.
 */
export function userWriteRecord(u: User, version: ApiVersion): UserWriteRecord | GoUser {
  if (!seedShape('userCreate', version)) return goUser(u);
  return {
    ...common(u),
    id: u.id,
    role: u.roleId,
    roleName: u.roleName,
    gid: u.gid,
    uid: u.uid,
    newUser: u.newUser,
    registrationSent: u.registrationSent !== null,
    lastUpdated: formatTimestamp(u.lastUpdated),
    tenant: u.tenantName,
    tenantId: u.tenantId,
  };
}
