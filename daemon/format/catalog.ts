import type { CdnRecord, FederationRecord, RoleRecord, TenantRecord } from '../../src/contract/catalog.js';
import { formatTimestamp } from '../../src/time.js';
import type { Cdn } from '../store/cdns.js';
import type { Federation } from '../store/federations.js';
import type { Role } from '../store/roles.js';
import type { Tenant } from '../store/tenants.js';

/** A CDN as Traffic Ops 1.x served it: id an int, `dnssecEnabled` a boolean. */
export function cdnRecord(c: Cdn): CdnRecord {
  return {
    dnssecEnabled: c.dnssecEnabled,
    domainName: c.domainName,
    id: c.id,
    lastUpdated: formatTimestamp(c.lastUpdated),
    name: c.name,
  };
}

/** A tenant: ids as ints, the parent by id and name (null for `root`). */
export function tenantRecord(t: Tenant): TenantRecord {
  return {
    active: t.active,
    id: t.id,
    lastUpdated: formatTimestamp(t.lastUpdated),
    name: t.name,
    parentId: t.parentId,
    parentName: t.parentName,
  };
}

/** A role with its privilege level. */
export function roleRecord(r: Role): RoleRecord {
  return { id: r.id, name: r.name, description: r.description, privLevel: r.privLevel };
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
