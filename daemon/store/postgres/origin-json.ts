/**
 * GET origins' records rendered by PostgreSQL as JSON text, byte for byte what SQLite's ORIGIN_JSON_COLUMNS
 * (daemon/store/origin-json.ts) renders: the same keys in the same order, no whitespace, strings escaped as
 * SQLite's json_object escapes them (to_json escapes the same characters: `"`, `\`, and control characters),
 * `lastUpdated` as `YYYY-MM-DD hh:mm:ss+00`. PostgreSQL's json_build_object would add spaces around `:` and
 * `,`, so the text is joined from its parts. The FROM clause is the one of the SQLite store's SELECT.
 */
const text = (expr: string) => `coalesce(to_json(${expr})::text, 'null')`;
const integer = (expr: string) => `coalesce((${expr})::text, 'null')`;
const LAST_UPDATED = `'"' || to_char(to_timestamp(o.last_updated / 1000) AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') || '+00"'`;

const FIELDS: [key: string, value: string][] = [
  ['cachegroup', text('cg.name')],
  ['cachegroupId', integer('o.cachegroup_id')],
  ['coordinate', text('co.name')],
  ['coordinateId', integer('o.coordinate_id')],
  ['deliveryService', text('ds.xml_id')],
  ['deliveryServiceId', integer('o.deliveryservice_id')],
  ['fqdn', text('o.fqdn')],
  ['id', integer('o.id')],
  ['ip6Address', text('o.ip6_address')],
  ['ipAddress', text('o.ip_address')],
  ['isPrimary', `CASE o.is_primary WHEN 1 THEN 'true' ELSE 'false' END`],
  ['lastUpdated', LAST_UPDATED],
  ['name', text('o.name')],
  ['port', integer('o.port')],
  ['profile', text('pr.name')],
  ['profileId', integer('o.profile_id')],
  ['protocol', text('o.protocol')],
  ['tenant', text('t.name')],
  ['tenantId', integer('o.tenant_id')],
];

/** One origin's record as JSON text (an SQL expression over the store's FROM clause). */
export const ORIGIN_JSON_RECORD = `'{' || ${FIELDS.map(([key, value]) => `'"${key}":' || ${value}`).join(` || ',' || `)} || '}'`;
