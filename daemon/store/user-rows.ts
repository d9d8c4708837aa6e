/** Users as rows and records: the row type, its mapping to the record routes use, and the writable columns. */

/** A user as the store knows it, with its role and tenant joined. */
export interface User {
  id: number;
  username: string;
  email: string;
  fullName: string;
  localPasswd: string | null;
  roleId: number;
  roleName: string;
  privLevel: number;
  tenantId: number;
  tenantName: string;
  company: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  stateOrProvince: string | null;
  postalCode: string | null;
  country: string | null;
  phoneNumber: string | null;
  publicSshKey: string | null;
  gid: number | null;
  uid: number | null;
  newUser: boolean;
  registrationSent: number | null;
  lastUpdated: number;
}

/** The writable columns of a user, as `User` names them. */
export type UserFields = Omit<User, 'id' | 'roleName' | 'privLevel' | 'tenantName' | 'lastUpdated'>;

/** A row of the users table joined with its role and tenant names. */
export interface UserRow {
  id: number;
  username: string;
  email: string;
  full_name: string;
  local_passwd: string | null;
  role_id: number;
  role_name: string;
  priv_level: number;
  tenant_id: number;
  tenant_name: string;
  company: string | null;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  state_or_province: string | null;
  postal_code: string | null;
  country: string | null;
  phone_number: string | null;
  public_ssh_key: string | null;
  gid: number | null;
  uid: number | null;
  new_user: number;
  registration_sent: number | null;
  last_updated: number;
}

/** The SELECT every user lookup starts from (users joined with roles and tenants). */
export const USER_SELECT = `SELECT u.*, r.name AS role_name, r.priv_level AS priv_level, t.name AS tenant_name
  FROM users u JOIN roles r ON r.id = u.role_id JOIN tenants t ON t.id = u.tenant_id`;

/** Maps a joined row to the record routes use. */
export function toUser(r: UserRow): User {
  return {
    id: r.id,
    username: r.username,
    email: r.email,
    fullName: r.full_name,
    localPasswd: r.local_passwd,
    roleId: r.role_id,
    roleName: r.role_name,
    privLevel: r.priv_level,
    tenantId: r.tenant_id,
    tenantName: r.tenant_name,
    company: r.company,
    addressLine1: r.address_line1,
    addressLine2: r.address_line2,
    city: r.city,
    stateOrProvince: r.state_or_province,
    postalCode: r.postal_code,
    country: r.country,
    phoneNumber: r.phone_number,
    publicSshKey: r.public_ssh_key,
    gid: r.gid,
    uid: r.uid,
    newUser: r.new_user === 1,
    registrationSent: r.registration_sent,
    lastUpdated: r.last_updated,
  };
}

/** Named parameters for the writable columns. */
export function userParams(f: UserFields, now: number) {
  return {
    username: f.username,
    email: f.email,
    full_name: f.fullName,
    local_passwd: f.localPasswd,
    role_id: f.roleId,
    tenant_id: f.tenantId,
    company: f.company,
    address_line1: f.addressLine1,
    address_line2: f.addressLine2,
    city: f.city,
    state_or_province: f.stateOrProvince,
    postal_code: f.postalCode,
    country: f.country,
    phone_number: f.phoneNumber,
    public_ssh_key: f.publicSshKey,
    gid: f.gid,
    uid: f.uid,
    new_user: f.newUser ? 1 : 0,
    registration_sent: f.registrationSent,
    last_updated: now,
  };
}

/** The writable columns, in the order INSERT and UPDATE name them. */
export const USER_COLUMNS = [
  'username',
  'email',
  'full_name',
  'local_passwd',
  'role_id',
  'tenant_id',
  'company',
  'address_line1',
  'address_line2',
  'city',
  'state_or_province',
  'postal_code',
  'country',
  'phone_number',
  'public_ssh_key',
  'gid',
  'uid',
  'new_user',
  'registration_sent',
  'last_updated',
] as const;

/** The writable columns of a stored user, to change some and write all back. */
export function fieldsOf(u: User): UserFields {
  return {
    username: u.username,
    email: u.email,
    fullName: u.fullName,
    localPasswd: u.localPasswd,
    roleId: u.roleId,
    tenantId: u.tenantId,
    company: u.company,
    addressLine1: u.addressLine1,
    addressLine2: u.addressLine2,
    city: u.city,
    stateOrProvince: u.stateOrProvince,
    postalCode: u.postalCode,
    country: u.country,
    phoneNumber: u.phoneNumber,
    publicSshKey: u.publicSshKey,
    gid: u.gid,
    uid: u.uid,
    newUser: u.newUser,
    registrationSent: u.registrationSent,
  };
}
