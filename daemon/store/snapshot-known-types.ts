// What validation knows of the database (snapshot-types.ts re-exports it).

/** What the database already holds, by name: references in a snapshot may point at these as well. */
export interface KnownRecords {
  /** Tenant name → parent name (null for root). */
  tenants: Map<string, string | null>;
  cdns: Set<string>;
  coordinates: Set<string>;
  cachegroups: Set<string>;
  /** Cache-group name → its type name and parents' names (fallback and ancestor rules). */
  cachegroupInfo: Map<string, { type: string; parents: [string | null, string | null] }>;
  profiles: Set<string>;
  roles: Set<string>;
  deliveryServiceTypes: Set<string>;
  cachegroupTypes: Set<string>;
  serverTypes: Set<string>;
  /** xmlId → its CDN's name. */
  deliveryServiceCdns: Map<string, string>;
  /** Username → email. */
  users: Map<string, string>;
  /** xmlId → the primary origin's URL, or null when it has none. */
  deliveryServices: Map<string, string | null>;
  /** Origin name → its delivery service's xmlId and whether it is the primary origin. */
  origins: Map<string, { deliveryService: string; isPrimary: boolean }>;
  /** Job id → its delivery service's xmlId. */
  jobs: Map<number, string>;
  /** The small tables of issue 30, by name: divisions, regions, statuses. */
  divisions: Set<string>;
  regions: Set<string>;
  statuses: Set<string>;
  /** Physical location name → its short name (unique too). */
  physLocations: Map<string, string>;
  /** `<useInTable>/<name>` of every type. */
  types: Set<string>;
  /** Server host name → what the ip+profile rule needs (issue 30). */
  serverAddresses: Map<string, { id: number; ipAddress: string | null; profile: string }>;
  /** Profile name → id (the API's ip+profile text names the profile by id). */
  profileIds: Map<string, number>;
}
