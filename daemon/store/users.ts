import type { Db } from './db.js';
import { guardWrite } from './faults.js';

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

/** Users: the lookups authentication needs; the users API adds its own. */
export interface UserStore {
  byId(id: number): Promise<User | null>;
  byUsername(username: string): Promise<User | null>;
  byEmail(email: string): Promise<User | null>;
  list(): Promise<User[]>;
  /** Inserts a user and answers its id. */
  insert(fields: UserFields, now: number): Promise<number>;
  /** Replaces every writable column of user `id`. */
  update(id: number, fields: UserFields, now: number): Promise<void>;
  setPassword(id: number, hash: string, now: number): Promise<void>;
}

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

export const USER_SELECT = `SELECT u.*, r.name AS role_name, r.priv_level AS priv_level, t.name AS tenant_name
  FROM users u JOIN roles r ON r.id = u.role_id JOIN tenants t ON t.id = u.tenant_id`;

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

export const USER_COLUMNS = [
  'username', 'email', 'full_name', 'local_passwd', 'role_id', 'tenant_id', 'company', 'address_line1',
  'address_line2', 'city', 'state_or_province', 'postal_code', 'country', 'phone_number', 'public_ssh_key',
  'gid', 'uid', 'new_user', 'registration_sent', 'last_updated',
] as const;

export function sqliteUsers(db: Db): UserStore {
  const byId = db.prepare<[number], UserRow>(`${USER_SELECT} WHERE u.id = ?`);
  const byUsername = db.prepare<[string], UserRow>(`${USER_SELECT} WHERE u.username = ?`);
  const byEmail = db.prepare<[string], UserRow>(`${USER_SELECT} WHERE u.email = ? COLLATE NOCASE`);
  const list = db.prepare<[], UserRow>(`${USER_SELECT} ORDER BY u.username`);
  const insert = db.prepare(
    `INSERT INTO users (${USER_COLUMNS.join(', ')}) VALUES (${USER_COLUMNS.map((c) => `@${c}`).join(', ')})`,
  );
  const update = db.prepare(
    `UPDATE users SET ${USER_COLUMNS.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`,
  );
  const setPassword = db.prepare('UPDATE users SET local_passwd = ?, last_updated = ? WHERE id = ?');
  return {
    async byId(id) {
      const row = byId.get(id);
      return row ? toUser(row) : null;
    },
    async byUsername(username) {
      const row = byUsername.get(username);
      return row ? toUser(row) : null;
    },
    async byEmail(email) {
      const row = byEmail.get(email);
      return row ? toUser(row) : null;
    },
    async list() {
      return list.all().map(toUser);
    },
    async insert(fields, now) {
      return Number(guardWrite(() => insert.run(userParams(fields, now))).lastInsertRowid);
    },
    async update(id, fields, now) {
      guardWrite(() => update.run({ ...userParams(fields, now), id }));
    },
    async setPassword(id, hash, now) {
      guardWrite(() => setPassword.run(hash, now, id));
    },
  };
}
