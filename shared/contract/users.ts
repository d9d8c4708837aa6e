// The user records of the API, shared by the daemon (its response schemas) and the CLI client (the types). Reads
// carry ids as digit strings, writes answer them as ints (the seed's create example); tenant keys appear from 1.2.
import { bool, int, nullableInt, nullableText, record, text, type FromSchema } from './schema.js';

/** The profile fields every user record shares, in Traffic Ops' key order. */
const profileProperties = {
  addressLine1: nullableText,
  addressLine2: nullableText,
  city: nullableText,
  company: nullableText,
  country: nullableText,
  email: text,
  fullName: text,
  phoneNumber: nullableText,
  postalCode: nullableText,
  publicSshKey: nullableText,
  stateOrProvince: nullableText,
  username: text,
} as const;
export const userProfileSchema = record(profileProperties);
export type UserProfileRecord = FromSchema<typeof userProfileSchema>;

const digits = text;
const nullableDigits = nullableText;
/** Up to 1.1 a user record has no tenant keys; from 1.2 it has both. */
const tenantProperties = { tenant: text, tenantId: int } as const;

/** The caller's own record (GET user/current): `localUser`, the role name under `roleName`. */
export const currentUserSchema = record(
  {
    ...profileProperties,
    id: digits,
    role: digits,
    roleName: text,
    gid: nullableDigits,
    uid: nullableDigits,
    localUser: bool,
    newUser: bool,
    lastUpdated: text,
    ...tenantProperties,
  },
  ['tenant', 'tenantId'],
);
export type CurrentUserRecord = FromSchema<typeof currentUserSchema>;

/** A user as GET users and users/:id answer it: the role name under `rolename`. */
export const userReadSchema = record(
  {
    ...profileProperties,
    id: digits,
    role: digits,
    rolename: text,
    gid: nullableDigits,
    uid: nullableDigits,
    newUser: bool,
    registrationSent: bool,
    lastUpdated: text,
    ...tenantProperties,
  },
  ['tenant', 'tenantId'],
);
export type UserReadRecord = FromSchema<typeof userReadSchema>;

/** A user as a create or update answers it: ids as ints, the role name under `roleName`, always its tenant. */
export const userWriteSchema = record({
  ...profileProperties,
  id: int,
  role: int,
  roleName: text,
  gid: nullableInt,
  uid: nullableInt,
  newUser: bool,
  registrationSent: bool,
  lastUpdated: text,
  ...tenantProperties,
});
export type UserWriteRecord = FromSchema<typeof userWriteSchema>;
