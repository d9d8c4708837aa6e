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
