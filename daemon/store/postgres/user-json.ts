/**
 * GET users' read records rendered by PostgreSQL, the bytes SQLite's daemon/store/user-json.ts renders:
 * row_to_json writes a row compactly (no spaces), its keys in the order of the columns, strings escaped as
 * SQLite's json_object escapes them. Keys in Traffic Ops' order; ids as digit strings; times as
 * `YYYY-MM-DD hh:mm:ss` UTC; the password hash is never read. The contract test compares the bytes.
 */
const COMMON = `u.address_line1 AS "addressLine1", u.address_line2 AS "addressLine2", u.city AS "city",
    u.company AS "company", u.country AS "country", u.email AS "email", u.full_name AS "fullName",
    u.phone_number AS "phoneNumber", u.postal_code AS "postalCode", u.public_ssh_key AS "publicSshKey",
    u.state_or_province AS "stateOrProvince", u.username AS "username", u.id::text AS "id",
    u.role_id::text AS "role", r.name AS "rolename", u.gid::text AS "gid", u.uid::text AS "uid",
    u.new_user = 1 AS "newUser", u.registration_sent IS NOT NULL AS "registrationSent",
    to_char(to_timestamp(u.last_updated / 1000) AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS "lastUpdated"`;

/** The columns of the record of API 1.1 (no tenant keys). */
export const PG_USER_RECORD_1_1 = COMMON;

/** The columns of the record of API 1.2 and later. */
export const PG_USER_RECORD_1_2 = `${COMMON}, t.name AS "tenant", u.tenant_id AS "tenantId"`;
