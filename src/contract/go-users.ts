// The user records of API 1.4 and 1.5, as the Traffic Ops Go server emitted them (reference/traffic-ops-1.4-1.5-types.md
// §1): ids as JSON numbers, times as `YYYY-MM-DD hh:mm:ss+00`, every pointer field present (null when unset).

/** The profile fields of tc.User, in its key order (addressLine1 … stateOrProvince, tenant). */
export interface GoUserProfile {
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  company: string | null;
  country: string | null;
  email: string | null;
  fullName: string | null;
  gid: number | null;
  id: number;
  newUser: boolean | null;
  phoneNumber: string | null;
  postalCode: string | null;
  publicSshKey: string | null;
  role: number;
  stateOrProvince: string | null;
  tenant: string | null;
  tenantId: number;
  uid: number | null;
  lastUpdated: string;
}

/** GET users, users/:id: `rolename` (lowercase n) first. */
export interface GoUserGet extends GoUserProfile {
  rolename: string | null;
  username: string | null;
  registrationSent: string | null;
}

/** POST users / users.json, PUT user/current: tc.User with `roleName` (and the confirm password, if sent). */
export interface GoUser extends GoUserProfile {
  username: string | null;
  registrationSent: string | null;
  confirmLocalPasswd?: string;
  roleName: string;
}

/** GET user/current: `localUser`, no `registrationSent`. */
export interface GoUserCurrent extends GoUserProfile {
  username: string | null;
  localUser: boolean;
  roleName: string;
}
