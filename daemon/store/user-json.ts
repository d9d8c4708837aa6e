/**
 * GET users' read records (UserReadRecord of src/contract/users.ts, daemon/format/users.ts's userReadRecord)
 * rendered by SQLite as JSON, one text per row: a list of 100,000 users then costs no JavaScript object per row
 * or per record, and never reads the password hash. Keys in Traffic Ops' order; ids as digit strings; times as
 * `YYYY-MM-DD hh:mm:ss` UTC. A test holds every record to userReadRecord's.
 */
const COMMON = `'addressLine1', u.address_line1, 'addressLine2', u.address_line2, 'city', u.city, 'company', u.company,
    'country', u.country, 'email', u.email, 'fullName', u.full_name, 'phoneNumber', u.phone_number,
    'postalCode', u.postal_code, 'publicSshKey', u.public_ssh_key, 'stateOrProvince', u.state_or_province,
    'username', u.username, 'id', CAST(u.id AS TEXT), 'role', CAST(u.role_id AS TEXT), 'rolename', r.name,
    'gid', CAST(u.gid AS TEXT), 'uid', CAST(u.uid AS TEXT),
    'newUser', json(CASE u.new_user WHEN 1 THEN 'true' ELSE 'false' END),
    'registrationSent', json(CASE WHEN u.registration_sent IS NULL THEN 'false' ELSE 'true' END),
    'lastUpdated', strftime('%Y-%m-%d %H:%M:%S', u.last_updated / 1000, 'unixepoch')`;

const FROM = 'FROM users u JOIN roles r ON r.id = u.role_id JOIN tenants t ON t.id = u.tenant_id';

/** The record of API 1.1 (no tenant keys). */
export const USER_JSON_SELECT_1_1 = `SELECT json_object(${COMMON}) AS record ${FROM}`;

/** The record of API 1.2 and later. */
export const USER_JSON_SELECT_1_2 = `SELECT json_object(${COMMON}, 'tenant', t.name, 'tenantId', u.tenant_id) AS record ${FROM}`;
