import type {
  CdnRecord,
  FederationRecord,
  GoRoleRecord,
  GoTenantRecord,
  RoleRecord,
} from '../../shared/contract/catalog.js';
import { formatTimestamp, formatTimestampTz } from '../../shared/time.js';
import { atLeast, type ApiVersion } from '../versions.js';
import type { Cdn } from '../store/cdns.js';
import type { Federation } from '../store/federations.js';
import type { Role } from '../store/roles.js';
import type { Tenant } from '../store/tenants.js';

/**
 * A CDN as Traffic Ops' Go server served it at every version (CDNs are outside the seed, BEHAVIOR.md §1): id an int,
 * `dnssecEnabled` a boolean, `lastUpdated` `YYYY-MM-DD hh:mm:ss+00` (the Go client reads CDNs at 1.3).
 */
export function cdnRecord(c: Cdn): CdnRecord {
  return {
    dnssecEnabled: c.dnssecEnabled,
    domainName: c.domainName,
    id: c.id,
    lastUpdated: formatTimestampTz(c.lastUpdated),
    name: c.name,
  };
}

/**
 * A tenant as Traffic Ops served it at every 1.x version (TenantNullable; tenants are outside the seed): the
 * parent by id (null for `root`) and by name (absent for `root`), `lastUpdated` `YYYY-MM-DD hh:mm:ss+00`.
 */
export function tenantRecord(t: Tenant): GoTenantRecord {
  const record: GoTenantRecord = {
    id: t.id,
    name: t.name,
    active: t.active,
    lastUpdated: formatTimestampTz(t.lastUpdated),
    parentId: t.parentId,
  };
  return t.parentName === null ? record : { ...record, parentName: t.parentName };
}

/** A role with its privilege level; from 1.3 with its capabilities (`[]` when it has none), as Traffic Ops sent it. */
export function roleRecord(r: Role, version: ApiVersion, capabilities: string[] = []): RoleRecord | GoRoleRecord {
  const record = { id: r.id, name: r.name, description: r.description, privLevel: r.privLevel };
  return atLeast(version, '1.3') ? { ...record, capabilities } : record;
}

/** A federation: its CNAME record, the CDN it belongs to and the xmlIds of its delivery services. */
export function federationRecord(f: Federation): FederationRecord {
  return {
    id: f.id,
    cname: f.cname,
    ttl: f.ttl,
    description: f.description,
    cdnName: f.cdnName,
    lastUpdated: formatTimestamp(f.lastUpdated),
    deliveryServices: f.deliveryServices.map((ds) => ds.xmlId),
  };
}
