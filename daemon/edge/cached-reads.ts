import type { IncomingHttpHeaders } from 'node:http';
import type { AppContext } from '../context.js';
import type { Principal } from '../http/route.js';
import { visibleTenants } from '../services/tenant-access.js';
import type { ApiVersion } from '../versions.js';
import { answerForm, cacheSlot, type AnswerForm, type CacheSlot } from './cached-route.js';
import type { CachedResponse, ResponseCache } from './response-cache.js';

/** What the request path needs to know of a cached route (one object per route and API version). */
export interface CachedRouteInfo {
  apiVersion: ApiVersion;
  /** The lowest privilege level let in, and the levels below it let in too (RouteDef.auth, alsoLevels). */
  auth: number;
  alsoLevels: readonly number[];
  /** The tables the answer is read from (RouteDef.cache); null: every table. */
  tables: readonly string[] | null;
}

/** An authenticated GET of a cached route, as the front door and Fastify's route hook both see it. */
export interface CachedRequest {
  url: string;
  headers: IncomingHttpHeaders;
  route: CachedRouteInfo;
}

/** The cache's answer to a request: the slot it is filed under, and the kept answer with the form to send, if any. */
export type CachedAnswer =
  { slot: CacheSlot; entry: CachedResponse; form: AnswerForm } | { slot: CacheSlot; entry: null; form: null };

/**
 * The one lookup of a cached GET, used by the front door (front-door.ts) and by Fastify's route hook
 * (route-hooks.ts) alike: the slot of the caller's answer (unless one is handed in, from the front door's miss),
 * the answer kept there under the current data version, and the form the client gets it in.
 */
export class CachedReads {
  constructor(
    private readonly ctx: AppContext,
    readonly cache: ResponseCache,
  ) {}

  async answerCached(request: CachedRequest, principal: Principal, slot?: CacheSlot): Promise<CachedAnswer> {
    const { cache, ctx } = this;
    const { route, url } = request;
    const at =
      slot ??
      (await cacheSlot(cache, route.apiVersion, url, principal, () => visibleTenants(ctx, principal), route.tables));
    const entry = cache.get(at.key, at.version);
    if (!entry) return { slot: at, entry: null, form: null };
    return {
      slot: at,
      entry,
      form: await answerForm(cache, at.key, entry, entry.body, request.headers['accept-encoding']),
    };
  }
}
