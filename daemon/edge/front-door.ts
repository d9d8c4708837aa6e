import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.js';
import { writeAccessLine } from './access-log.js';
import { mayEnter, sessionPrincipal } from '../http/authenticate.js';
import type { Principal } from '../http/route.js';
import type { CachedReads, CachedRouteInfo } from './cached-reads.js';
import { varyWithEncoding, type CacheSlot } from './cached-route.js';
import { TurnWriter } from './turn-writer.js';
import type { WriteGate } from './write-gate.js';

export interface FrontDoorOptions {
  ctx: AppContext;
  reads: CachedReads;
  /** Counts GETs as reads: writes yield to them (write-gate.ts). */
  writes: WriteGate;
  log: () => FastifyBaseLogger;
  /** True once the daemon closes: every request then goes through Fastify (which refuses it). */
  closing: () => boolean;
  /** The headers the app's own hooks put on every API answer to `req` (CORS, HSTS): app-headers.ts. */
  appHeaders: (req: IncomingMessage) => Readonly<Record<string, string>>;
}

/** What a GET that missed at the front door hands on to Fastify's route hook, so that it is not looked up again. */
export interface Handoff {
  route: CachedRouteInfo;
  principal: Principal;
  slot: CacheSlot;
}

/** URLs remembered; beyond it the memory starts over (the next request of each goes through Fastify again). */
const URLS_KEPT = 10_000;

/**
 * What every request meets first (api-server.ts hands it each one before Fastify). A GET counts as a read for
 * the write gate, and repeated GETs of cached routes are answered straight from the response cache on the bare
 * node:http request: a cached read of a 50-record list spent most of its CPU in routing, hooks and reply
 * handling, none of which a hit needs. Nothing is skipped that a hit depends on: the session is looked up and
 * its privilege checked on every request, the answer is the one Fastify's route hook finds (CachedReads), it
 * carries the same headers (app-headers.ts) and the access log gets its line.
 *
 * A URL is served here only after Fastify routed it to a cached route (`learn`), and a request only when its
 * answer is in the cache, current, and can be sent as kept: anything else goes to Fastify untouched, which
 * answers it as it always did. A caller let in whose answer is not kept (a miss, or a gzip-only answer for a
 * client that needs it decompressed) hands its principal and cache slot on (`handedOn`): the miss reads its
 * session once, not here and again in the route hook.
 */
export class FrontDoor {
  private readonly routes = new Map<string, CachedRouteInfo>();
  private readonly handoffs = new WeakMap<IncomingMessage, Handoff>();
  private readonly trust: ((addr: string, i: number) => boolean) | null;
  private served = 0;
  private readonly writer = new TurnWriter();

  constructor(private readonly options: FrontDoorOptions) {
    const proxies = options.ctx.config.trustProxy;
    this.trust = proxies.length > 0 ? proxyAddr.compile(proxies) : null;
  }

  /** Notes that GET `url` reached `route` (called by the route as Fastify serves it). */
  learn(url: string, route: CachedRouteInfo): void {
    if (this.routes.get(url) === route) return;
    if (this.routes.size >= URLS_KEPT) this.routes.clear();
    this.routes.set(url, route);
  }

  /** What this door handed on with `req` for `route` (once: a second call answers undefined). */
  handedOn(req: IncomingMessage, route: CachedRouteInfo): Handoff | undefined {
    const handoff = this.handoffs.get(req);
    if (handoff === undefined) return undefined;
    this.handoffs.delete(req);
    return handoff.route === route ? handoff : undefined;
  }

  /** Answers `req` from the cache, or calls `next` (Fastify) with the request untouched. */
  handle(req: IncomingMessage, res: ServerResponse, next: () => void): void {
    if (req.method !== 'GET') return next();
    this.options.writes.noteRead();
    if (this.options.closing()) return next();
    const route = this.routes.get(req.url ?? '');
    if (route === undefined) return next();
    this.serve(req, res, route).then(
      (served) => {
        if (!served) next();
      },
      () => {
        // Whatever failed is Fastify's to answer, with its error handling, unless the answer had begun.
        this.handoffs.delete(req);
        if (!res.headersSent) next();
        else res.destroy();
      },
    );
  }

  private async serve(req: IncomingMessage, res: ServerResponse, route: CachedRouteInfo): Promise<boolean> {
    const started = performance.now();
    const url = req.url!;
    const reqId = `hit-${(this.served++).toString(36)}`;
    const log = this.options.log();
    if (levelEnabled(log, 'debug')) log.debug({ reqId, req: this.forLog(req) }, 'incoming request');
    let principal;
    try {
      principal = await sessionPrincipal(req.headers.cookie, this.options.ctx);
    } catch {
      return false;
    }
    if (!mayEnter(principal, route.auth, route.alsoLevels)) return false;
    const answer = await this.options.reads.answerCached({ url, headers: req.headers, route }, principal);
    const bytes = answer.form?.bytes ?? null;
    if (answer.entry === null || bytes === null || res.destroyed) {
      this.handoffs.set(req, { route, principal, slot: answer.slot });
      return false;
    }
    const { entry, form } = answer;
    const headers: OutgoingHttpHeaders = { ...this.options.appHeaders(req), ...entry.headers };
    if (form.vary) headers.vary = varyWithEncoding(headers.vary);
    if (form.gzip) headers['content-encoding'] = 'gzip';
    headers['content-length'] = bytes.length;
    // The access line Fastify writes for the requests it answers (access-log.ts), under an id of this path's own.
    const logged = levelEnabled(log, 'info')
      ? () => {
          const responseTime = Math.round((performance.now() - started) * 10) / 10;
          writeAccessLine(log, {
            reqId,
            method: 'GET',
            url,
            ip: this.clientAddress(req),
            statusCode: 200,
            responseTime,
          });
        }
      : undefined;
    this.writer.write(res, 200, headers, bytes, logged);
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
