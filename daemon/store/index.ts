import { sqliteChangeLog, type ChangeLogStore } from './change-log.js';
import { dataVersions } from './data-version.js';
import type { Db } from './sqlite/db.js';
import { sqliteJobs, type JobStore } from './jobs.js';
import { sqliteCdns, type CdnStore } from './cdns.js';
import { sqliteDeliveryServices, type DeliveryServiceStore } from './deliveryservices.js';
import { sqliteFederations, type FederationStore } from './federations.js';
import { sqliteFederationUsers, type FederationUserStore } from './federation-users.js';
import { sqliteLoginFailures, type LoginFailureStore } from './login-failures.js';
import { sqliteOrigins, type OriginStore } from './origins.js';
import { sqliteParameters, type ParameterStore } from './parameters.js';
import { sqliteProfiles, type ProfileStore } from './profiles.js';
import { sqliteResetRequests, type ResetRequestStore } from './reset-requests.js';
import { sqliteRoles, type RoleStore } from './roles.js';
import { sqliteSessions, type SessionStore } from './sessions.js';
import { sqliteTenants, type TenantStore } from './tenants.js';
import { sqliteTokens, type TokenStore } from './tokens.js';
import { sqliteUsers, type UserStore } from './users.js';
import { sqliteCachegroups, type CachegroupStore } from './cachegroups.js';
import { sqliteServerChecks, type ServerCheckStore } from './serverchecks.js';
import { sqliteServerFlags, type ServerFlagStore } from './server-flags.js';
import { sqliteServerAgents, type ServerAgentStore } from './server-agents.js';
import { sqliteServers, type ServerStore } from './servers.js';
import { sqlitePropagation, type PropagationStore } from './propagation.js';
import { sqliteTypeLookup, type TypeLookupStore } from './type-lookup.js';
import { sqliteBootstrap, sqliteSnapshots, type BootstrapStore, type SnapshotStore } from './snapshot-store.js';

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
}

/** The SQLite store over an open, migrated database. */
export function sqliteStore(db: Db): Store {
  const ping = db.prepare('SELECT 1');
  const versions = dataVersions(db);
  return {
    roles: sqliteRoles(db),
    tenants: sqliteTenants(db),
    users: sqliteUsers(db),
    sessions: sqliteSessions(db),
    loginFailures: sqliteLoginFailures(db),
    tokens: sqliteTokens(db),
    parameters: sqliteParameters(db),
    jobs: sqliteJobs(db),
    cdns: sqliteCdns(db),
    deliveryServices: sqliteDeliveryServices(db),
    federations: sqliteFederations(db),
    federationUsers: sqliteFederationUsers(db),
    origins: sqliteOrigins(db),
    profiles: sqliteProfiles(db),
    cachegroups: sqliteCachegroups(db),
    servers: sqliteServers(db),
    serverFlags: sqliteServerFlags(db),
    serverAgents: sqliteServerAgents(db),
    serverChecks: sqliteServerChecks(db),
    typeLookup: sqliteTypeLookup(db),
    propagation: sqlitePropagation(db),
    changeLog: sqliteChangeLog(db),
    resetRequests: sqliteResetRequests(db),
    snapshot: sqliteSnapshots(db),
    bootstrap: sqliteBootstrap(db),
    async ping() {
      ping.get();
    },
    async dataVersion(tables) {
      return tables ? versions.of(tables) : versions.content();
    },
    async close() {
      if (db.open) db.close();
    },
  };
}
