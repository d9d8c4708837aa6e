import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import type { RouteDef } from '../http/route.js';
import type { ApiVersion } from '../versions.js';
import type { FrontHandler } from './api-server.js';
import { appHeaders, registerHsts } from './app-headers.js';
import { CachedReads } from './cached-reads.js';
import { refuseWhileClosing } from './closing.js';
import { registerCors } from './cors.js';
import { FrontDoor } from './front-door.js';
import { DEFAULT_CACHE_BYTES, ResponseCache } from './response-cache.js';
import { routeHooks, type RouteHooks } from './route-hooks.js';
import { WriteGate } from './write-gate.js';

/** The request path of an app: what its server hands each request first, and the hooks each route gets. */
export interface Edge {
  front: FrontHandler;
  routeHooks: (route: RouteDef, version: ApiVersion) => RouteHooks;
}

/**
 * Installs the request path on `app` (before its routes): HSTS, the refusal while closing, CORS, the write gate
 * (in that order: a refused request gets no CORS header), the response cache and the front door.
 * `cacheBytes`: the response cache's byte budget (default DEFAULT_CACHE_BYTES).
 */
export function installEdge(app: FastifyInstance, ctx: AppContext, cacheBytes?: number): Edge {
  const headers = appHeaders(ctx.config);
  registerHsts(app, headers);
  app.decorateRequest('pendingCacheEntry', null);
  const closing = refuseWhileClosing(app);
  registerCors(app, headers.cors);
  const writes = gateWrites(app);
  const cache = new ResponseCache({
    maxBytes: cacheBytes ?? DEFAULT_CACHE_BYTES,
    clock: ctx.clock,
    dataVersion: (tables) => ctx.store.dataVersion(tables),
  });
  const reads = new CachedReads(ctx, cache);
  const door = new FrontDoor({ ctx, reads, writes, log: () => app.log, closing, appHeaders: headers.forRequest });
  return {
    front: (req, res, next) => door.handle(req, res, next),
    routeHooks: (route, version) => routeHooks({ ctx, reads, door }, route, version),
  };
}

/** Writes wait for the write gate (reads, counted by the front door, go first: write-gate.ts). */
function gateWrites(app: FastifyInstance): WriteGate {
  const writes = new WriteGate();
  app.addHook('onRequest', (request, _reply, done) => {
    const method = request.method;
    const wait = method === 'GET' || method === 'HEAD' || method === 'OPTIONS' ? null : writes.admit();
    if (wait) wait.then(() => done(), done);
    else done();
  });
  return writes;
}
