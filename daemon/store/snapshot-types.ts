import type { ServerExtras } from './server-rows.js';
import type { DeliveryService, PrimaryOrigin } from './deliveryservices.js';
import type { User } from './user-rows.js';
import type {
  AsnModel,
  DivisionModel,
  PhysLocationModel,
  RegionModel,
  StatusModel,
  TypeModel,
} from './snapshot-place-types.js';

import type { KnownRecords } from './snapshot-known-types.js';

export type { KnownRecords };
export type { AsnModel, DivisionModel, PhysLocationModel, RegionModel, StatusModel, TypeModel };

/*
 * Two views of one snapshot. The *document* is the JSON file: sections keyed by the API's field names, records
 * referring to each other by name, numbers of the delivery-service table written as strings as the seed types
 * them. The *model* is what validation makes of a document (numbers, booleans, nulls, resolved URLs) and what
 * the store reads back for export; import writes a model and export formats one.
 */

/** The sections of a snapshot, in the order import writes them (each refers only to earlier ones). */
export const SECTIONS = [
  'cdns',
  'tenants',
  'types',
  'statuses',
  'divisions',
  'regions',
  'physLocations',
  'coordinates',
  'cachegroups',
  'asns',
  'profiles',
  'users',
  'deliveryServices',
  'origins',
  'servers',
  'federations',
  'jobs',
] as const;
export type SectionName = (typeof SECTIONS)[number];

export interface CdnModel {
  name: string;
  domainName: string;
  dnssecEnabled: boolean;
}

export interface TenantModel {
  name: string;
  parentName: string;
  active: boolean;
}

export interface CoordinateModel {
  name: string;
  latitude: number;
  longitude: number;
}

export interface CachegroupModel {
  name: string;
  shortName: string;
  type: string;
  coordinate: string | null;
  parentCachegroup: string | null;
  secondaryParentCachegroup: string | null;
  /** Left out when true (the default). */
  fallbackToClosest?: boolean;
  /** CZ, DEEP_CZ, GEO; left out when none. */
  localizationMethods?: string[];
  /** Fallback cache groups' names, in order; left out when none. */
  fallbacks?: string[];
}

/** A cache (issue 15); its running state (pending flags, check-ins) is not part of a snapshot. */
export interface ServerModel extends ServerExtras {
  hostName: string;
  domainName: string;
  tcpPort: number | null;
  httpsPort: number | null;
  interfaceName: string;
  interfaceMtu: number;
  ipAddress: string | null;
  ipNetmask: string | null;
  ipGateway: string | null;
  ip6Address: string | null;
  ip6Gateway: string | null;
  type: string;
  status: 'ONLINE' | 'OFFLINE' | 'REPORTED' | 'ADMIN_DOWN' | 'PRE_PROD';
  offlineReason: string | null;
  cachegroup: string;
  cdnName: string;
  profile: string;
  /** The physical location's name; null: none. */
  physLocation: string | null;
  /** xmlIds of the delivery services an EDGE serves (replaces its assignments). */
  deliveryServices: string[];
  /** Usernames of the logins that speak for the cache, its agents (issue 28; replaces them). */
  agents: string[];
}

export interface ParameterModel {
  name: string;
  configFile: string;
  value: string;
}

export interface ProfileModel {
  name: string;
  description: string;
  type: string;
  cdnName: string;
  params: ParameterModel[];
}

/** The contact and identity columns of a user that a snapshot carries as they are. */
export type UserContact = Pick<
  User,
  | 'company'
  | 'addressLine1'
  | 'addressLine2'
  | 'city'
  | 'stateOrProvince'
  | 'postalCode'
  | 'country'
  | 'phoneNumber'
  | 'publicSshKey'
  | 'gid'
  | 'uid'
>;

export interface UserModel extends UserContact {
  username: string;
  email: string;
  fullName: string;
  role: string;
  tenant: string;
  newUser: boolean;
  /** A plain password to hash, a stored SCRYPT hash, or null: keep the existing one (none for a new user). */
  password: { plain: string } | { hash: string } | null;
}

/** The columns of a delivery service a snapshot sets directly (everything but ids, joins and timestamps). */
export type DeliveryServiceSettings = Omit<
  DeliveryService,
  | 'id'
  | 'xmlId'
  | 'tenantId'
  | 'tenantName'
  | 'cdnId'
  | 'cdnName'
  | 'cdnDomain'
  | 'typeId'
  | 'typeName'
  | 'profileId'
  | 'profileName'
  | 'profileDescription'
  | 'lastUpdated'
  | 'primaryOrigin'
>;

export interface DeliveryServiceModel {
  xmlId: string;
  cdnName: string;
  type: string;
  tenant: string;
  profileName: string | null;
  settings: DeliveryServiceSettings;
  /** The primary origin; null leaves an existing one as it is. */
  orgServerFqdn: PrimaryOrigin | null;
  /** Usernames assigned to the delivery service (replaces the assignments). */
  users: string[];
}

export interface OriginModel {
  name: string;
  deliveryService: string;
  fqdn: string;
  protocol: string;
  port: number | null;
  ipAddress: string | null;
  ip6Address: string | null;
  cachegroup: string | null;
  coordinate: string | null;
  profile: string | null;
  /** The owning tenant; null means the delivery service's tenant. */
  tenant: string | null;
}

export interface FederationModel {
  cname: string;
  ttl: number;
  cdnName: string | null;
  description: string | null;
  deliveryServices: string[];
  users: string[];
}

export interface JobModel {
  /**
   * The job's id: its identity in a snapshot (the API stores the same purge twice, with a warning, so nothing else
   * tells two jobs apart). Null in a hand-written file: then the job matches on delivery service, asset URL and
   * start time.
   */
  id: number | null;
  deliveryService: string;
  username: string;
  assetUrl: string;
  ttl: number;
  startTime: number;
  /** Null: now for a new job, unchanged for an existing one. */
  enteredTime: number | null;
  status: string;
}

/** A validated snapshot, every section present (empty when the file left it out). */
export interface SnapshotModel {
  cdns: CdnModel[];
  tenants: TenantModel[];
  types: TypeModel[];
  statuses: StatusModel[];
  divisions: DivisionModel[];
  regions: RegionModel[];
  physLocations: PhysLocationModel[];
  coordinates: CoordinateModel[];
  cachegroups: CachegroupModel[];
  asns: AsnModel[];
  profiles: ProfileModel[];
  users: UserModel[];
  deliveryServices: DeliveryServiceModel[];
  origins: OriginModel[];
  servers: ServerModel[];
  federations: FederationModel[];
  jobs: JobModel[];
}

/** A user as export writes it: `localPasswordHash` only when asked for. */
export interface UserDocument extends Partial<Record<keyof UserContact, string | number>> {
  username: string;
  email: string;
  fullName: string;
  role: string;
  tenant: string;
  newUser?: true;
  localPassword?: string;
  localPasswordHash?: string;
}

/** A snapshot file as export writes it (import also accepts numbers where strings are written, and the reverse). */
export interface SnapshotDocument {
  cdns: CdnModel[];
  tenants: TenantModel[];
  types: TypeModel[];
  statuses: Array<Partial<StatusModel> & Pick<StatusModel, 'name'>>;
  divisions: DivisionModel[];
  regions: RegionModel[];
  physLocations: Array<Partial<PhysLocationModel> & Pick<PhysLocationModel, 'name' | 'shortName' | 'region'>>;
  coordinates: CoordinateModel[];
  cachegroups: Array<Partial<CachegroupModel> & Pick<CachegroupModel, 'name' | 'shortName' | 'type'>>;
  asns: AsnModel[];
  profiles: ProfileModel[];
  users: UserDocument[];
  deliveryServices: Array<Record<string, unknown>>;
  origins: Array<Record<string, unknown>>;
  servers: Array<Record<string, unknown>>;
  federations: Array<Record<string, unknown>>;
  jobs: Array<Record<string, unknown>>;
}

/** What each section of an import did. */
export type ImportSummary = Record<SectionName, { created: number; updated: number; unchanged: number }>;

/** A snapshot that cannot be imported: every problem found, each naming its section, record and field. */
export class SnapshotError extends Error {
  constructor(readonly errors: string[]) {
    super(errors.length === 1 ? errors[0] : `${errors.length} problems: ${errors.join('; ')}`);
    this.name = 'SnapshotError';
  }
}

/** A user ready to write: the password already hashed (null keeps the stored hash; a new user then has none). */
export type UserWrite = Omit<UserModel, 'password'> & { passwordHash: string | null };

/** A validated snapshot ready to write. */
export type SnapshotWrite = Omit<SnapshotModel, 'users'> & { users: UserWrite[] };
