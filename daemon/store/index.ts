import type { ChangeLogStore } from './change-log.js';
import type { JobStore } from './jobs.js';
import type { CdnStore } from './cdns.js';
import type { DeliveryServiceStore } from './deliveryservices.js';
import type { FederationStore } from './federations.js';
import type { FederationUserStore } from './federation-users.js';
import type { LoginFailureStore } from './login-failures.js';
import type { OriginStore } from './origins.js';
import type { ParameterStore } from './parameters.js';
import type { ProfileStore } from './profiles.js';
import type { ResetRequestStore } from './reset-requests.js';
import type { RoleStore } from './roles.js';
import type { SessionStore } from './sessions.js';
import type { TenantStore } from './tenants.js';
import type { TokenStore } from './tokens.js';
import type { UserStore } from './users.js';
import type { CachegroupStore } from './cachegroups.js';
import type { ServerCheckStore } from './serverchecks.js';
import type { ServerFlagStore } from './server-flags.js';
import type { ServerAgentStore } from './server-agents.js';
import type { ServerStore } from './servers.js';
import type { PropagationStore } from './propagation.js';
import type { TypeLookupStore } from './type-lookup.js';
import type { BootstrapStore, SnapshotStore } from './snapshot-store.js';
import type { CacheConfigStore } from './cache-config.js';
import type { DeliveryServiceWriteStore } from './deliveryservice-writes.js';
import type { PlaceStore } from './places.js';
import type { FederationResolverStore } from './federation-resolvers.js';
import type { FederationWriteStore } from './federation-writes.js';
import type { CdnSnapshotStore } from './cdn-snapshots.js';
import type { CacheHealthStore } from './cache-health.js';
import type { DsRequestStore } from './ds-requests.js';
import type { OriginTransitionStore } from './origin-transitions.js';

export type { BootstrapStore, SnapshotStore };

/**
 * Everything the routes may ask of persistence. Every method answers a promise, so a PostgreSQL store can
 * implement the same interface without touching a route; SQL never leaves the store modules.
 */
export interface Store {
  roles: RoleStore;
  tenants: TenantStore;
  users: UserStore;
  sessions: SessionStore;
  loginFailures: LoginFailureStore;
  tokens: TokenStore;
  parameters: ParameterStore;
  jobs: JobStore;
  cdns: CdnStore;
  deliveryServices: DeliveryServiceStore;
  federations: FederationStore;
  federationUsers: FederationUserStore;
  origins: OriginStore;
  profiles: ProfileStore;
  cachegroups: CachegroupStore;
  servers: ServerStore;
  serverFlags: ServerFlagStore;
  /** The logins bound to each cache (its agents, issue 28). */
  serverAgents: ServerAgentStore;
  serverChecks: ServerCheckStore;
  typeLookup: TypeLookupStore;
  propagation: PropagationStore;
  /**
   * The change log (GET logs). Store writes take an optional `change` argument that they append in their own
   * transaction; `changeLog.append` is for entries no other write carries.
   */
  changeLog: ChangeLogStore;
  /** Recorded password-reset requests, for the reset mail queue. */
  resetRequests: ResetRequestStore;
  /** Whole-database snapshot import and export (daemon/store/snapshot-store.ts). */
  snapshot: SnapshotStore;
  /** The fixed records every install has, and the first `admin`. */
  bootstrap: BootstrapStore;
  /** The scoped reads of the cache configuration files (issue 32). */
  cacheConfig: CacheConfigStore;
  /** Delivery-service writes, regexes and user links (issue 31). */
  deliveryServiceWrites: DeliveryServiceWriteStore;
  /** Federation resolvers, their links, and a federation user's own mappings (issue 31). */
  federationResolvers: FederationResolverStore;
  /** Federation create, update, delete and delivery-service links (issue 31). */
  federationWrites: FederationWriteStore;
  /** Checks that the database answers (for readiness). */
  ping(): Promise<void>;
  /**
   * A value that changes whenever the data of `tables` may have changed, by a write through this store, on its
   * connection, or a commit by another process (e.g. `cdnctl daemon import` beside the daemon). Without `tables`
   * (null): whenever any data but the sign-in bookkeeping (sessions, failed logins) may have. A name that is no
   * table's answers a value that moves with every write. The response cache keys its entries on it.
   */
  dataVersion(tables?: readonly string[] | null): Promise<string>;
  close(): Promise<void>;
  /** Divisions, regions, physical locations, coordinates, types, statuses and ASNs (issue 30). */
  places: PlaceStore;
  /** The published CRConfig and monitoring configuration of each CDN (issue 35). */
  cdnSnapshots: CdnSnapshotStore;
  /** Delivery-service requests and their comments (issue 31). */
  dsRequests: DsRequestStore;
  /** What the health monitors published about each cache (issue 35). */
  cacheHealth: CacheHealthStore;
  /** The previous origins the MIDs keep while an origin change reaches the caches (issue 32). */
  originTransitions: OriginTransitionStore;
}
