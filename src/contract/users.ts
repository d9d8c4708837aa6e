// The user records of the API, shared by the daemon's formatters and the CLI client. Reads carry ids as digit
// strings, writes answer them as ints (the seed's create example); tenant keys appear from 1.2.

/** The profile fields every user record shares. */
export interface UserProfileRecord {
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  company: string | null;
  country: string | null;
  email: string;
  fullName: string;
  phoneNumber: string | null;
  postalCode: string | null;
  publicSshKey: string | null;
  stateOrProvince: string | null;
  username: string;
}

/** The caller's own record (GET user/current): `localUser`, the role name under `roleName`. */
export interface CurrentUserRecord extends UserProfileRecord {
  id: string;
  role: string;
  roleName: string;
  gid: string | null;
  uid: string | null;
  localUser: boolean;
  newUser: boolean;
  lastUpdated: string;
  tenant?: string;
  tenantId?: number;
}

/** A user as GET users and users/:id answer it: the role name under `rolename`. */
export interface UserReadRecord extends UserProfileRecord {
  id: string;
  role: string;
  rolename: string;
  gid: string | null;
  uid: string | null;
  newUser: boolean;
  registrationSent: boolean;
  lastUpdated: string;
  tenant?: string;
  tenantId?: number;
}

/** A user as a create or update answers it: ids as ints, the role name under `roleName`, always its tenant. */
export interface UserWriteRecord extends UserProfileRecord {
  id: number;
  role: number;
  roleName: string;
  gid: number | null;
  uid: number | null;
  newUser: boolean;
  registrationSent: boolean;
  lastUpdated: string;
  tenant: string;
  tenantId: number;
}
