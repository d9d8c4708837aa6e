import type { UserReadRecord } from '../../shared/contract/users.js';
import type { RecordColumns } from './record-columns.js';

type UserReadRecord11 = Omit<UserReadRecord, 'tenant' | 'tenantId'>;

/**
 * GET users' read record (UserReadRecord of shared/contract/users.ts) of API 1.1, as columns of USER_JSON_FROM,
 * in Traffic Ops' key order: ids as digit strings, times as `YYYY-MM-DD hh:mm:ss` UTC, never the password hash.
 * Both adapters render their JSON from it; a test holds every record to daemon/format/users.ts's userReadRecord.
 */
export const USER_COLUMNS_1_1: RecordColumns<UserReadRecord11> = {
  addressLine1: { sql: 'u.address_line1', kind: 'text' },
  addressLine2: { sql: 'u.address_line2', kind: 'text' },
  city: { sql: 'u.city', kind: 'text' },
  company: { sql: 'u.company', kind: 'text' },
  country: { sql: 'u.country', kind: 'text' },
  email: { sql: 'u.email', kind: 'text' },
  fullName: { sql: 'u.full_name', kind: 'text' },
  phoneNumber: { sql: 'u.phone_number', kind: 'text' },
  postalCode: { sql: 'u.postal_code', kind: 'text' },
  publicSshKey: { sql: 'u.public_ssh_key', kind: 'text' },
  stateOrProvince: { sql: 'u.state_or_province', kind: 'text' },
  username: { sql: 'u.username', kind: 'text' },
  id: { sql: 'u.id', kind: 'digits' },
  role: { sql: 'u.role_id', kind: 'digits' },
  rolename: { sql: 'r.name', kind: 'text' },
  gid: { sql: 'u.gid', kind: 'digits' },
  uid: { sql: 'u.uid', kind: 'digits' },
  newUser: { sql: 'u.new_user', kind: 'flag' },
  registrationSent: { sql: 'u.registration_sent', kind: 'present' },
  lastUpdated: { sql: 'u.last_updated', kind: 'time' },
};

/** The record of API 1.2 and later: 1.1's and the tenant keys. */
export const USER_COLUMNS_1_2: RecordColumns<UserReadRecord> = {
  ...USER_COLUMNS_1_1,
  tenant: { sql: 't.name', kind: 'text' },
  tenantId: { sql: 'u.tenant_id', kind: 'integer' },
};

/** The FROM clause the user columns read. */
export const USER_JSON_FROM = 'FROM users u JOIN roles r ON r.id = u.role_id JOIN tenants t ON t.id = u.tenant_id';
