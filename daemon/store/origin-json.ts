/**
 * GET origins' records (OriginRecord of src/contract/origins.ts, daemon/format/origins.ts's originRecord) rendered
 * by SQLite as JSON, one text per row: a list of 100,000 origins then costs no JavaScript object per row or per
 * record. Keys in Traffic Ops' order; `lastUpdated` as `YYYY-MM-DD hh:mm:ss+00`. A test holds every record to
 * originRecord's. The FROM clause is the one of the store's SELECT.
 */
export const ORIGIN_JSON_COLUMNS = `SELECT json_object('cachegroup', cg.name, 'cachegroupId', o.cachegroup_id,
    'coordinate', co.name, 'coordinateId', o.coordinate_id, 'deliveryService', ds.xml_id,
    'deliveryServiceId', o.deliveryservice_id, 'fqdn', o.fqdn, 'id', o.id, 'ip6Address', o.ip6_address,
    'ipAddress', o.ip_address, 'isPrimary', json(CASE o.is_primary WHEN 1 THEN 'true' ELSE 'false' END),
    'lastUpdated', strftime('%Y-%m-%d %H:%M:%S+00', o.last_updated / 1000, 'unixepoch'), 'name', o.name,
    'port', o.port, 'profile', pr.name, 'profileId', o.profile_id, 'protocol', o.protocol, 'tenant', t.name,
    'tenantId', o.tenant_id)`;
