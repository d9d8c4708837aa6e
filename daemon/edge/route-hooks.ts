import type { FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { AppContext } from '../context.js';
import { authenticate } from '../http/authenticate.js';
import type { Principal, RouteDef } from '../http/route.js';
import type { ApiVersion } from '../versions.js';
import type { CachedReads, CachedRouteInfo } from './cached-reads.js';
import { abandonComputation, answerFromCache, keepResponse } from './cached-route.js';
import type { FrontDoor } from './front-door.js';

/** The hooks a route gets from the request path: authentication, and for a cached GET the response cache. */
export type RouteHooks = Pick<RouteShorthandOptions, 'onRequest' | 'onSend' | 'onResponse'>;

interface RouteHookDeps {
  ctx: AppContext;
  reads: CachedReads;
  door: FrontDoor;
}

/** The request path's hooks of `route` at `version`. */
export function routeHooks(deps: RouteHookDeps, route: RouteDef, version: ApiVersion): RouteHooks {
  const cached = route.cache !== undefined && route.cache !== false && route.method === 'GET' && route.auth !== 'none';
  if (!cached || route.auth === 'none') return { onRequest: authenticateHook(deps.ctx, route, version) };
  const info: CachedRouteInfo = {
    apiVersion: version,
    auth: route.auth,
    alsoLevels: route.alsoLevels ?? [],
    tables: Array.isArray(route.cache) ? route.cache : null,
  };
  return {
    onRequest: cachedGetHook(deps, route, info),
    // Callback hooks, not async ones: an answer served from the cache passes them without a promise.
    onSend: (request, reply, payload, done) => {
      if (request.pendingCacheEntry === null) return done(null, payload);
      keepResponse(deps.reads.cache, request, reply, payload).then((sent) => done(null, sent), done);
    },
    // Requests waiting for this answer must not wait on a request that ended without one.
    onResponse: (request, _reply, done) => {
      abandonComputation(request);
      done();
    },
  };
}

/** Sets the request's API version and, unless the route is open to all, its principal (401/403 otherwise). */
function authenticateHook(ctx: AppContext, route: RouteDef, version: ApiVersion) {
  return async (request: FastifyRequest) => {
    request.apiVersion = version;
    if (route.auth === 'none') return;
    request.principal = await authenticate(request, route.auth, ctx, route.alsoLevels);
  };
}

/**
 * A cached route's onRequest: the caller is the one the front door let in and handed on with this request, or
 * is authenticated now; then the answer comes from the cache (the slot the front door found empty, if handed).
 */
function cachedGetHook(deps: RouteHookDeps, route: RouteDef, info: CachedRouteInfo) {
  const { ctx, reads, door } = deps;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    request.apiVersion = info.apiVersion;
    const handoff = request.method === 'GET' ? door.handedOn(request.raw, info) : undefined;
    const principal: Principal = handoff?.principal ?? (await authenticate(request, info.auth, ctx, route.alsoLevels));
    request.principal = principal;
    if (request.method !== 'GET') return;
    door.learn(request.url, info);
    // The session and privilege were checked just now; the cache key holds the tenants this caller sees.
    if (await answerFromCache(reads, request, reply, principal, info, handoff?.slot)) return reply;
  };
}
