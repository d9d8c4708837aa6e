import type {
  CdnRecord,
  FederationRecord,
  GoRoleRecord,
  GoTenantRecord,
  RoleRecord,
  TenantRecord,
} from '../../shared/contract/catalog.js';
import { formatTimestamp, formatTimestampTz } from '../../shared/time.js';
import { goShapes, type ApiVersion } from '../versions.js';
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

/** A tenant: ids as ints, the parent by id and name (null for `root`); from 1.4 the Go server's TenantNullable. */
export function tenantRecord(t: Tenant, version: ApiVersion): TenantRecord | GoTenantRecord {
  if (goShapes(version)) {
    const record: GoTenantRecord = {
      id: t.id,
      name: t.name,
      active: t.active,
      lastUpdated: formatTimestampTz(t.lastUpdated),
      parentId: t.parentId,
    };
    return t.parentName === null ? record : { ...record, parentName: t.parentName };
  }
  return {
    active: t.active,
    id: t.id,
    lastUpdated: formatTimestamp(t.lastUpdated),
    name: t.name,
    parentId: t.parentId,
    parentName: t.parentName,
  };
}

/** A role with its privilege level; from 1.4 with its capabilities (`[]` when it has none). */
export function roleRecord(r: Role, version: ApiVersion, capabilities: string[] = []): RoleRecord | GoRoleRecord {
  const record = { id: r.id, name: r.name, description: r.description, privLevel: r.privLevel };
  return goShapes(version) ? { ...record, capabilities } : record;
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
