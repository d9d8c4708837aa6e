// The records of the read-only catalog (CDNs, tenants, roles, federations), shared by the daemon's formatters
// and the CLI client.

/** A CDN: id an int, `dnssecEnabled` a boolean. */
export interface CdnRecord {
  dnssecEnabled: boolean;
  domainName: string;
  id: number;
  lastUpdated: string;
  name: string;
}

/** A tenant: ids as ints, the parent by id and name (null for `root`). */
export interface TenantRecord {
  active: boolean;
  id: number;
  lastUpdated: string;
  name: string;
  parentId: number | null;
  parentName: string | null;
}

/** A role with its privilege level. */
export interface RoleRecord {
  id: number;
  name: string;
  description: string;
  privLevel: number;
}

/** A federation: its CNAME record, the CDN it belongs to and the xmlIds of its delivery services. */
export interface FederationRecord {
  id: number;
  cname: string;
  ttl: number;
  description: string | null;
  cdnName: string | null;
  lastUpdated: string;
  deliveryServices: string[];
}

/** A user assigned to a federation (GET federations/:id/users); `role` is the role's name. */
export interface FederationUserRecord {
  id: number;
  username: string;
  company: string | null;
  role: string;
  email: string;
  fullName: string;
}

/** A tenant at 1.4/1.5 (TenantNullable): Go key order, `parentName` absent for root. */
export interface GoTenantRecord {
  id: number;
  name: string;
  active: boolean;
  lastUpdated: string;
  parentId: number | null;
  parentName?: string;
}

/** A role at 1.4/1.5: with its capabilities (`[]` when it has none). */
export interface GoRoleRecord extends RoleRecord {
  capabilities: string[];
}
