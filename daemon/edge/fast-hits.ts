import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.js';
import { writeAccessLine } from './access-log.js';
import type { ApiVersion } from '../versions.js';
import { mayEnter, sessionPrincipal } from '../http/authenticate.js';
import { answerForm, cacheSlot, varyWithEncoding } from './cached-route.js';
import type { ResponseCache } from './response-cache.js';
import { visibleTenants } from '../services/tenant-access.js';
import { TurnWriter } from './turn-writer.js';

/** What the fast path needs to know of the route a URL reached through Fastify. */
export interface HitRoute {
  apiVersion: ApiVersion;
  /** The lowest privilege level let in, and the levels below it let in too (RouteDef.auth, alsoLevels). */
  auth: number;
  alsoLevels: readonly number[];
  /** The tables the answer is read from (RouteDef.cache); null: every table. */
  tables: readonly string[] | null;
}

export interface FastHitsOptions {
  ctx: AppContext;
  cache: ResponseCache;
  log: () => FastifyBaseLogger;
  /** True once the daemon closes: every request then goes through Fastify (which refuses it). */
  closing: () => boolean;
  /** The headers the app's own hooks put on every API answer to `req` (CORS, HSTS). */
  appHeaders: (req: IncomingMessage) => Readonly<Record<string, string>>;
}

/** URLs remembered; beyond it the memory starts over (the next request of each goes through Fastify again). */
const URLS_KEPT = 10_000;

/**
 * Serves repeated GETs of cached routes straight from the response cache on the bare node:http request, before
 * Fastify: a cached read of a 50-record list spent most of its CPU in routing, hooks and reply handling, none of
 * which a cache hit needs. Nothing is skipped that a hit depends on: the session is looked up and its privilege
 * checked on every request, the cache key and the data version are those of cached-route.ts, the answer carries
 * the same headers (CORS and HSTS included) and the access log gets its line.
 *
 * A URL is served here only after Fastify routed it to a cached route (`learn`), and a request only when its
 * answer is in the cache, current, and can be sent as kept: anything else (a miss, no session, too low a
 * privilege, a store error, a client that needs a gzip-only answer decompressed, a closing daemon) goes to
 * Fastify untouched, which answers it as it always did.
 */
export class FastHits {
  private readonly routes = new Map<string, HitRoute>();
  private readonly trust: ((addr: string, i: number) => boolean) | null;
  private served = 0;
  private readonly writer = new TurnWriter();

  constructor(private readonly options: FastHitsOptions) {
    const proxies = options.ctx.config.trustProxy;
    this.trust = proxies.length > 0 ? proxyAddr.compile(proxies) : null;
  }

  /** Notes that GET `url` reached `route` (called by the route as Fastify serves it). */
  learn(url: string, route: HitRoute): void {
    if (this.routes.get(url) === route) return;
    if (this.routes.size >= URLS_KEPT) this.routes.clear();
    this.routes.set(url, route);
  }

  /** Answers `req` from the cache, or calls `next` (Fastify) with the request untouched. */
  handle(req: IncomingMessage, res: ServerResponse, next: () => void): void {
    if (req.method !== 'GET' || this.options.closing()) return next();
    const route = this.routes.get(req.url ?? '');
    if (route === undefined) return next();
    this.serve(req, res, route).then(
      (served) => {
        if (!served) next();
      },
      () => {
        // Whatever failed is Fastify's to answer, with its error handling, unless the answer had begun.
        if (!res.headersSent) next();
        else res.destroy();
      },
    );
  }

  private async serve(req: IncomingMessage, res: ServerResponse, route: HitRoute): Promise<boolean> {
    const started = performance.now();
    const { ctx, cache } = this.options;
    const url = req.url!;
    const reqId = `hit-${(this.served++).toString(36)}`;
    const log = this.options.log();
    if (levelEnabled(log, 'debug')) log.debug({ reqId, req: this.forLog(req) }, 'incoming request');
    let principal;
    try {
      principal = await sessionPrincipal(req.headers.cookie, ctx);
    } catch {
      return false;
    }
    if (!mayEnter(principal, route.auth, route.alsoLevels)) return false;
    const caller = principal;
    const slot = await cacheSlot(cache, route.apiVersion, url, caller, () => visibleTenants(ctx, caller), route.tables);
    const entry = cache.get(slot.key, slot.version);
    if (!entry) return false;
    const form = await answerForm(cache, slot.key, entry, entry.body, req.headers['accept-encoding']);
    if (form.bytes === null || res.destroyed) return false;
    const headers: OutgoingHttpHeaders = { ...this.options.appHeaders(req), ...entry.headers };
    if (form.vary) headers.vary = varyWithEncoding(headers.vary);
    if (form.gzip) headers['content-encoding'] = 'gzip';
    headers['content-length'] = form.bytes.length;
    // The access line Fastify writes for the requests it answers (access-log.ts), under an id of this path's own.
    const logged = levelEnabled(log, 'info')
      ? () => {
          const responseTime = Math.round((performance.now() - started) * 10) / 10;
          writeAccessLine(log, { reqId, method: 'GET', url, ip: this.clientAddress(req), statusCode: 200, responseTime });
        }
      : undefined;
    this.writer.write(res, 200, headers, form.bytes, logged);
    return true;
  }

  /** What the log's request serializer (requestForLog) reads of a request. */
  private forLog(req: IncomingMessage): { method: string; url: string; ip: string | undefined } {
    return { method: 'GET', url: req.url!, ip: this.clientAddress(req) };
  }

  /** The client's address as Fastify's request.ip has it: the peer, or behind a trusted proxy the client it names. */
  private clientAddress(req: IncomingMessage): string | undefined {
    return this.trust ? proxyAddr(req, this.trust) : req.socket.remoteAddress;
  }
}

/** Whether `log` writes lines at `level` (a pino logger tells; Fastify's logger of a daemon without a log writes none). */
function levelEnabled(log: FastifyBaseLogger, level: 'info' | 'debug'): boolean {
  const pino = log as FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
  return typeof pino.isLevelEnabled === 'function' && pino.isLevelEnabled(level);
}
