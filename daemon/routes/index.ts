import type { AppContext } from '../context.js';
import type { RouteDef } from '../http/route.js';
import { catalogRoutes } from './catalog.js';
import { deliveryServiceRoutes } from './deliveryservices.js';
import { federationUserRoutes } from './federation-users.js';
import { federationMappingRoutes } from './federation-mappings.js';
import { tenantRoutes } from './tenants.js';
import { cdnFederationRoutes } from './cdn-federations.js';
import { federationResolverRoutes } from './federation-resolvers.js';
import { roleRoutes } from './roles.js';
import { jobApiRoutes } from './jobs-api.js';
import { jobRoutes } from './jobs.js';
import { logRoutes } from './logs.js';
import { originRoutes } from './origins.js';
import { pingRoutes } from './ping.js';
import { profileRoutes } from './profiles.js';
import { profileWriteRoutes } from './profile-writes.js';
import { parameterRoutes } from './parameters.js';
import { regexRevalidateRoutes } from './regex-revalidate.js';
import { atsConfigFileRoutes } from './ats-configfiles.js';
import { sessionRoutes } from './session.js';
import { currentUserRoutes } from './user-current.js';
import { userDeliveryServiceRoutes } from './user-deliveryservices.js';
import { usersRoutes } from './users.js';
import { passwordResetRoutes } from './password-reset.js';
import { cachegroupRoutes } from './cachegroups.js';
import { cdnRoutes } from './cdns.js';
import { cachegroupParameterRoutes } from './cachegroup-parameters.js';
import { deliveryServiceServerRoutes } from './deliveryservice-servers.js';
import { propagationRoutes } from './propagation.js';
import { serverCheckRoutes } from './serverchecks.js';
import { serverQueueRoutes } from './server-queue.js';
import { serverAgentRoutes } from './server-agents.js';
import { serverHeartbeatRoutes } from './server-heartbeat.js';
import { serverStatusRoutes } from './server-status.js';
import { serverRoutes } from './servers.js';
import { keySummaryRoutes } from './key-summary.js';
import { sslKeyRoutes } from './ssl-keys.js';
import { uriSignKeyRoutes } from './uri-sign-keys.js';
import { urlKeyRoutes } from './url-keys.js';
import { deliveryServiceHealthRoutes } from './deliveryservice-health.js';
import { deliveryServiceRegexRoutes } from './deliveryservice-regexes.js';
import { deliveryServiceWriteRoutes } from './deliveryservice-writes.js';
import { topologyTableRoutes } from './topology-tables.js';
import { miscInfoRoutes } from './misc-info.js';
import { serverDetailRoutes } from './server-details.js';
import { serverLinkRoutes } from './server-links.js';
import { ortRootRoutes } from './ort-root.js';
import { dsRequestRoutes } from './ds-requests.js';
import { cdnHealthRoutes } from './cdn-health.js';
import { cacheEventRoutes } from './cache-events.js';

/** Every route module of the API, in one list: the app registers each route at the versions that serve it. */
export function allRoutes(ctx: AppContext): RouteDef[] {
  return [
    pingRoutes,
    sessionRoutes,
    currentUserRoutes,
    usersRoutes,
    userDeliveryServiceRoutes,
    passwordResetRoutes,
    jobRoutes,
    jobApiRoutes,
    regexRevalidateRoutes,
    originRoutes,
    federationUserRoutes,
    profileRoutes,
    deliveryServiceRoutes,
    catalogRoutes,
    // issue 15: caches
    serverStatusRoutes,
    serverCheckRoutes,
    serverRoutes,
    serverQueueRoutes,
    // issue 28: the logins that speak for each cache
    serverAgentRoutes,
    serverHeartbeatRoutes,
    atsConfigFileRoutes,
    cachegroupRoutes,
    deliveryServiceServerRoutes,
    propagationRoutes,
    // issue 21: the key store
    urlKeyRoutes,
    uriSignKeyRoutes,
    sslKeyRoutes,
    keySummaryRoutes,
    // issue 19: the change log
    logRoutes,
    // issue 31: delivery-service writes, regexes, health, user links (writes last: see deliveryservice-writes.ts)
    deliveryServiceRegexRoutes,
    deliveryServiceHealthRoutes,
    deliveryServiceWriteRoutes,
    // issue 30: the topology's small tables, and the misc reads clients make
    topologyTableRoutes,
    miscInfoRoutes,
    // issue 30: CDNs and cache groups
    cdnRoutes,
    cachegroupParameterRoutes,
    // issue 30: servers' details, delivery-service ↔ server links
    serverDetailRoutes,
    serverLinkRoutes,
    // issue 31: profiles and parameters
    profileWriteRoutes,
    parameterRoutes,
    // issue 31: tenants, roles, federations
    federationMappingRoutes,
    tenantRoutes,
    cdnFederationRoutes,
    federationResolverRoutes,
    roleRoutes,
    dsRequestRoutes, // issue 31: delivery-service requests and their comments
    cdnHealthRoutes, // issue 35: cache health, as the health monitors publish it
    ortRootRoutes, // issue 34: the Perl root routes ORT reads (served at the root, not under /api/<version>)
    cacheEventRoutes, // issue 33: the live CDN map (JSON, or a text/event-stream)
  ].flatMap((module) => module(ctx));
}
