import type { OriginRecord } from '../../shared/contract/origins.js';
import type { RecordColumns } from './record-columns.js';

/**
 * GET origins' record (OriginRecord of shared/contract/origins.ts) as columns of the origins FROM clause (o, its
 * delivery service ds, cache group cg, coordinate co, profile pr, tenant t), in Traffic Ops' key order. Both
 * adapters render their JSON from it; a test holds every record to daemon/format/origins.ts's originRecord.
 */
export const ORIGIN_COLUMNS: RecordColumns<OriginRecord> = {
  cachegroup: { sql: 'cg.name', kind: 'text' },
  cachegroupId: { sql: 'o.cachegroup_id', kind: 'integer' },
  coordinate: { sql: 'co.name', kind: 'text' },
  coordinateId: { sql: 'o.coordinate_id', kind: 'integer' },
  deliveryService: { sql: 'ds.xml_id', kind: 'text' },
  deliveryServiceId: { sql: 'o.deliveryservice_id', kind: 'integer' },
  fqdn: { sql: 'o.fqdn', kind: 'text' },
  id: { sql: 'o.id', kind: 'integer' },
  ip6Address: { sql: 'o.ip6_address', kind: 'text' },
  ipAddress: { sql: 'o.ip_address', kind: 'text' },
  isPrimary: { sql: 'o.is_primary', kind: 'flag' },
  lastUpdated: { sql: 'o.last_updated', kind: 'time+00' },
  name: { sql: 'o.name', kind: 'text' },
  port: { sql: 'o.port', kind: 'integer' },
  profile: { sql: 'pr.name', kind: 'text' },
  profileId: { sql: 'o.profile_id', kind: 'integer' },
  protocol: { sql: 'o.protocol', kind: 'text' },
  tenant: { sql: 't.name', kind: 'text' },
  tenantId: { sql: 'o.tenant_id', kind: 'integer' },
};
