// The records of the read-only catalog (CDNs, tenants, roles, federations), shared by the daemon (its response
// schemas) and the CLI client (the types).
import { bool, int, nullableInt, nullableText, record, text, textList, type FromSchema } from './schema.js';

/** A CDN: id an int, `dnssecEnabled` a boolean. */
export const cdnSchema = record({ dnssecEnabled: bool, domainName: text, id: int, lastUpdated: text, name: text });
export type CdnRecord = FromSchema<typeof cdnSchema>;

/** A tenant: ids as ints, the parent by id and name (null for `root`). */
export const tenantSchema = record({
  active: bool,
  id: int,
  lastUpdated: text,
  name: text,
  parentId: nullableInt,
  parentName: nullableText,
});
export type TenantRecord = FromSchema<typeof tenantSchema>;

/** A role with its privilege level. */
const roleProperties = { id: int, name: text, description: text, privLevel: int } as const;
export const roleSchema = record(roleProperties);
export type RoleRecord = FromSchema<typeof roleSchema>;

/** A federation: its CNAME record, the CDN it belongs to and the xmlIds of its delivery services. */
export const federationSchema = record({
  id: int,
  cname: text,
  ttl: int,
  description: nullableText,
  cdnName: nullableText,
  lastUpdated: text,
  deliveryServices: textList,
});
export type FederationRecord = FromSchema<typeof federationSchema>;

/** A user assigned to a federation (GET federations/:id/users); `role` is the role's name. */
export const federationUserSchema = record({
  id: int,
  username: text,
  company: nullableText,
  role: text,
  email: text,
  fullName: text,
});
export type FederationUserRecord = FromSchema<typeof federationUserSchema>;

/** A tenant at 1.4/1.5 (TenantNullable): Go key order, `parentName` absent for root. */
export const goTenantSchema = record(
  { id: int, name: text, active: bool, lastUpdated: text, parentId: nullableInt, parentName: text },
  ['parentName'],
);
export type GoTenantRecord = FromSchema<typeof goTenantSchema>;

/** A role at 1.4/1.5: with its capabilities (`[]` when it has none). */
export const goRoleSchema = record({ ...roleProperties, capabilities: textList });
export type GoRoleRecord = FromSchema<typeof goRoleSchema>;
