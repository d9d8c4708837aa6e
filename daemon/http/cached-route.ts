import type { FastifyReply, FastifyRequest } from 'fastify';
import { createGunzip } from 'node:zlib';
import type { Readable } from 'node:stream';
import { MIN_GZIP_BYTES, acceptsGzip } from './compression.js';
import type { CachedResponse, ResponseCache } from './response-cache.js';
import type { Principal } from './route.js';

/**
 * A route's tables with `tenants` added (the tenant key is derived from it), one array per route's list, so that
 * one data version read per request covers both the answer and the tenant key; null (every table) stays null.
 */
const withTenantsMemo = new WeakMap<readonly string[], readonly string[]>();
function withTenants(tables: readonly string[] | null): readonly string[] | null {
  if (tables === null) return null;
  let all = withTenantsMemo.get(tables);
  if (!all) {
    all = tables.includes('tenants') ? tables : [...tables, 'tenants'];
    withTenantsMemo.set(tables, all);
  }
  return all;
}

/** What a request that missed the cache remembers until its response is sent. */
interface PendingEntry {
  key: string;
  version: string;
  expiresAt: number | null;
  /** Header names already set before the route ran (by app-wide hooks): not part of the cached answer. */
  headersBefore: Set<string>;
  /** Ends the computation others may be waiting for. */
  finish: (entry: CachedResponse | null) => void;
}

declare module 'fastify' {
  interface FastifyRequest {
    pendingCacheEntry: PendingEntry | null;
  }
}

/** Headers never stored with an answer: recomputed per response, or a sign it must not be shared. */
const PER_RESPONSE_HEADERS = new Set(['content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * Answers an authenticated GET from the cache when it can (returns true: the reply is sent), else arms the
 * request so that `keepResponse` stores what the route answers. `tables`: what the answer is built from (null:
 * everything). Call only after authentication.
 */
export async function answerFromCache(
  cache: ResponseCache,
  request: FastifyRequest,
  reply: FastifyReply,
  principal: Principal,
  visibleTenants: () => Promise<ReadonlySet<number>>,
  tables: readonly string[] | null,
): Promise<boolean> {
  if (request.method !== 'GET') return false;
  // The version of the route's tables and of the tenant tree at once (reading it costs a query).
  const version = await cache.version(withTenants(tables));
  const tenants = await cache.tenantKey(principal.tenantId, version, visibleTenants);
  const key = `${request.apiVersion}|${principal.privLevel}|${tenants}|${request.url}`;
  for (;;) {
    const hit = cache.get(key, version);
    if (hit) return sendHit(cache, key, hit, request, reply);
    const computing = cache.inProgress(key, version);
    if (!computing) break;
    const answer = await computing;
    if (answer) return sendHit(cache, key, answer, request, reply);
    // That computation failed: the first waiter to get here computes next, the others wait for it.
  }
  const finish = cache.startComputing(key, version);
  request.pendingCacheEntry = { key, version, expiresAt: null, headersBefore: new Set(Object.keys(reply.getHeaders())), finish };
  return false;
}

async function sendHit(cache: ResponseCache, key: string, entry: CachedResponse, request: FastifyRequest, reply: FastifyReply): Promise<true> {
  reply.code(200).headers(entry.headers).send(await encoded(cache, key, entry, request, reply, entry.body));
  return true;
}

/**
 * The onSend step of a cached route: keeps a 200 answer of an armed request (never one that sets a cookie),
 * hands it to the requests waiting for it, and passes the payload on, encoded once.
 */
export async function keepResponse(cache: ResponseCache, request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  const pending = request.pendingCacheEntry;
  if (!pending) return payload;
  request.pendingCacheEntry = null;
  const all = reply.getHeaders();
  const cacheable = reply.statusCode === 200 && all['set-cookie'] === undefined;
  if (!cacheable || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
    pending.finish(null);
    return payload;
  }
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(all)) {
    if (pending.headersBefore.has(name) || PER_RESPONSE_HEADERS.has(name) || value === undefined) continue;
    headers[name] = Array.isArray(value) ? value : String(value);
  }
  const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
  const entry: CachedResponse = { version: pending.version, body, headers, expiresAt: pending.expiresAt };
  try {
    await cache.seal(entry);
    cache.put(pending.key, entry);
  } finally {
    pending.finish(entry);
  }
  return encoded(cache, pending.key, entry, request, reply, body);
}

/**
 * The bytes to send of an answer: its gzip form when the client accepts gzip and the answer is large enough to
 * gain from it (with Content-Encoding set), else the answer as it is (`body`, or the gzip form decompressed as
 * a stream when only that is kept). Either way the answer says it varies with Accept-Encoding, for any cache
 * between the daemon and the client.
 */
async function encoded(
  cache: ResponseCache,
  key: string,
  entry: CachedResponse,
  request: FastifyRequest,
  reply: FastifyReply,
  body: Buffer | null,
): Promise<Buffer | Readable> {
  if (body && body.length < MIN_GZIP_BYTES) return body;
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  const wantsGzip = acceptsGzip(request.headers['accept-encoding']);
  if (body && !wantsGzip) return body;
  const gz = await cache.gzipped(key, entry);
  if (gz && wantsGzip) {
    reply.header('content-encoding', 'gzip');
    return gz;
  }
  if (body) return body;
  if (!gz) throw new Error('a cached answer holds neither form');
  reply.removeHeader('content-length');
  const plain = createGunzip();
  plain.end(gz);
  return plain;
}

/** Ends a computation that never reached its onSend (the request failed before it): a waiter computes instead. */
export function abandonComputation(request: FastifyRequest): void {
  request.pendingCacheEntry?.finish(null);
  request.pendingCacheEntry = null;
}

/**
 * Bounds how long the answer being computed may be served from the cache (for answers that change with
 * time, such as a config file that drops expired jobs). Without it an answer lives until the next write.
 */
export function cacheUntil(request: FastifyRequest, epochMs: number): void {
  const pending = request.pendingCacheEntry;
  if (pending) pending.expiresAt = pending.expiresAt === null ? epochMs : Math.min(pending.expiresAt, epochMs);
}
