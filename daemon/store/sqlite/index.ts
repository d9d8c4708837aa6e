import { sqliteChangeLog } from './change-log.js';
import { dataVersions } from './data-version.js';
import type { Db } from './db.js';
import { sqliteJobs } from './jobs.js';
import { sqliteCdns } from './cdns.js';
import { sqliteDeliveryServices } from './deliveryservices.js';
import { sqliteFederations } from './federations.js';
import { sqliteFederationResolvers } from './federation-resolvers.js';
import { sqliteFederationWrites } from './federation-writes.js';
import { sqliteFederationUsers } from './federation-users.js';
import { sqliteLoginFailures } from './login-failures.js';
import { sqliteOrigins } from './origins.js';
import { sqliteParameters } from './parameters.js';
import { sqliteProfiles } from './profiles.js';
import { sqliteResetRequests } from './reset-requests.js';
import { sqliteRoles } from './roles.js';
import { sqliteSessions } from './sessions.js';
import { sqliteTenants } from './tenants.js';
import { sqliteTokens } from './tokens.js';
import { sqliteUsers } from './users.js';
import { sqliteCachegroups } from './cachegroups.js';
import { sqliteServerChecks } from './serverchecks.js';
import { sqliteServerFlags } from './server-flags.js';
import { sqliteServerAgents } from './server-agents.js';
import { sqliteServers } from './servers.js';
import { sqlitePropagation } from './propagation.js';
import { sqliteTypeLookup } from './type-lookup.js';
import { sqliteBootstrap, sqliteSnapshots } from './snapshot-store.js';
import type { Store } from '../index.js';
import { sqliteCacheConfig } from './cache-config.js';
import { sqliteDeliveryServiceWrites } from './deliveryservice-writes.js';
import { sqlitePlaces } from './places.js';
import { sqliteCdnSnapshots } from './cdn-snapshots.js';
import { dsRequests } from '../ds-requests.js';
import { sqliteCacheHealth } from './cache-health.js';
import { sqliteWorkRunner } from './sql-work.js';
import { sqliteOriginTransitions } from './origin-transitions.js';

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
    cacheConfig: sqliteCacheConfig(db),
    deliveryServiceWrites: sqliteDeliveryServiceWrites(db),
    places: sqlitePlaces(db),
    // issue 31: federation resolvers and federation writes
    federationResolvers: sqliteFederationResolvers(db),
    federationWrites: sqliteFederationWrites(db),
    // issue 35: published CRConfig and monitoring configuration
    cdnSnapshots: sqliteCdnSnapshots(db),
    // issue 31: delivery-service requests
    dsRequests: dsRequests(sqliteWorkRunner(db)),
    cacheHealth: sqliteCacheHealth(db),
    // issue 32: origin transitions
    originTransitions: sqliteOriginTransitions(db),
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
