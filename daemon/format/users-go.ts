import type { GoUser, GoUserCurrent, GoUserGet, GoUserProfile } from '../../shared/contract/go-users.js';
import { formatTimestampTz } from '../../shared/time.js';
import type { User } from '../store/users.js';

/**
 * The user records of API 1.4/1.5 in the Go server's shapes and key order (reference/traffic-ops-1.4-1.5-types.md
 * §1). `gid`/`uid` are always null there (the Go server never selected them).
 */

const goTime = (ms: number | null): string | null => (ms === null ? null : formatTimestampTz(ms));

/** tc.User from addressLine1 on: the fields every 1.4/1.5 user record ends with. */
function profile(u: User): GoUserProfile {
  return {
    addressLine1: u.addressLine1,
    addressLine2: u.addressLine2,
    city: u.city,
    company: u.company,
    country: u.country,
    email: u.email,
    fullName: u.fullName,
    gid: null,
    id: u.id,
    newUser: u.newUser,
    phoneNumber: u.phoneNumber,
    postalCode: u.postalCode,
    publicSshKey: u.publicSshKey,
    role: u.roleId,
    stateOrProvince: u.stateOrProvince,
    tenant: u.tenantName,
    tenantId: u.tenantId,
    uid: null,
    lastUpdated: formatTimestampTz(u.lastUpdated),
  };
}

/** GET users, users/:id. */
export const goUserGet = (u: User): GoUserGet => ({
  rolename: u.roleName,
  username: u.username,
  registrationSent: goTime(u.registrationSent),
  ...profile(u),
});

/**
 * POST users, PUT user/current. The Go server echoed a sent `confirmLocalPasswd` in plain text; we never answer a
 * password (BEHAVIOR.md §4), and the key is `omitempty` there, so its absence is a shape the Go client reads.
 */
export const goUser = (u: User): GoUser => ({
  username: u.username,
  registrationSent: goTime(u.registrationSent),
  roleName: u.roleName,
  ...profile(u),
});

/** GET user/current. */
export const goUserCurrent = (u: User): GoUserCurrent => ({
  username: u.username,
  localUser: u.localPasswd !== null,
  roleName: u.roleName,
  ...profile(u),
});
