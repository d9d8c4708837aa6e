// The user records of API 1.4 and 1.5, as the Traffic Ops Go server emitted them (reference/traffic-ops-1.4-1.5-types.md
// §1): ids as JSON numbers, times as `YYYY-MM-DD hh:mm:ss+00`, every pointer field present (null when unset).
import { bool, int, nullableBool, nullableInt, nullableText, record, text, type FromSchema } from './schema.js';

/** The profile fields of tc.User, in its key order (addressLine1 … stateOrProvince, tenant). */
const goProfileProperties = {
  addressLine1: nullableText,
  addressLine2: nullableText,
  city: nullableText,
  company: nullableText,
  country: nullableText,
  email: nullableText,
  fullName: nullableText,
  gid: nullableInt,
  id: int,
  newUser: nullableBool,
  phoneNumber: nullableText,
  postalCode: nullableText,
  publicSshKey: nullableText,
  role: int,
  stateOrProvince: nullableText,
  tenant: nullableText,
  tenantId: int,
  uid: nullableInt,
  lastUpdated: text,
} as const;
export const goUserProfileSchema = record(goProfileProperties);
export type GoUserProfile = FromSchema<typeof goUserProfileSchema>;

/** GET users, users/:id: `rolename` (lowercase n) first. */
export const goUserGetSchema = record({
  rolename: nullableText,
  username: nullableText,
  registrationSent: nullableText,
  ...goProfileProperties,
});
export type GoUserGet = FromSchema<typeof goUserGetSchema>;

/**
 * POST users / users.json, PUT user/current: tc.User with `roleName`. The Go server echoed a sent
 * `confirmLocalPasswd`; this daemon never answers a password, so the key (omitempty there) is never written.
 */
export const goUserSchema = record({
  username: nullableText,
  registrationSent: nullableText,
  roleName: text,
  ...goProfileProperties,
});
export type GoUser = FromSchema<typeof goUserSchema>;

/** GET user/current: `localUser`, no `registrationSent`. */
export const goUserCurrentSchema = record({
  username: nullableText,
  localUser: bool,
  roleName: text,
  ...goProfileProperties,
});
export type GoUserCurrent = FromSchema<typeof goUserCurrentSchema>;
