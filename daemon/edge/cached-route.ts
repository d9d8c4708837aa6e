import type { FastifyReply, FastifyRequest } from 'fastify';
import { createGunzip } from 'node:zlib';
import type { Readable } from 'node:stream';
import { MIN_GZIP_BYTES, acceptsGzip } from './compression.js';
import type { CachedResponse, ResponseCache } from './response-cache.js';
import type { Principal } from '../http/route.js';
import type { CachedReads, CachedRouteInfo } from './cached-reads.js';

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

/** Where an answer is filed in the cache: its key, and the data version it must have been computed under. */
export interface CacheSlot {
  key: string;
  version: string;
}

/**
 * The slot of an authenticated GET of `url` at `apiVersion` by `principal`: the key holds everything the answer
 * depends on but the data (version, privilege level, the tenants the caller sees, path and query), the version
 * is that of `tables` and of the tenant tree, read at once (reading it costs a query).
 */
export async function cacheSlot(
  cache: ResponseCache,
  apiVersion: string,
  url: string,
  principal: Principal,
  visibleTenants: () => Promise<ReadonlySet<number>>,
  tables: readonly string[] | null,
): Promise<CacheSlot> {
  const version = await cache.version(withTenants(tables));
  const tenants = await cache.tenantKey(principal.tenantId, version, visibleTenants);
  return { key: `${apiVersion}|${principal.privLevel}|${tenants}|${url}`, version };
}

/**
 * Fastify's side of a cached GET (Call only after authentication): answers it from the cache when it can
 * (returns true: the reply is sent), waiting for an answer another request is computing; else arms the request
 * so that `keepResponse` stores what the route answers. `slot`: the one the front door found empty, if it did.
 */
export async function answerFromCache(
  reads: CachedReads,
  request: FastifyRequest,
  reply: FastifyReply,
  principal: Principal,
  route: CachedRouteInfo,
  slot?: CacheSlot,
): Promise<boolean> {
  const cache = reads.cache;
  const asked = { url: request.url, headers: request.headers, route };
  for (;;) {
    const answer = await reads.answerCached(asked, principal, slot);
    if (answer.entry) return sendHit(answer.entry, answer.form, reply);
    const { key, version } = answer.slot;
    slot = answer.slot;
    const computing = cache.inProgress(key, version);
    if (computing === null) {
      const finish = cache.startComputing(key, version);
      request.pendingCacheEntry = {
        key,
        version,
        expiresAt: null,
        headersBefore: new Set(Object.keys(reply.getHeaders())),
        finish,
      };
      return false;
    }
    const computed = await computing;
    if (computed) return sendHit(computed, await formFor(cache, key, computed, computed.body, request), reply);
    // That computation failed: the first waiter to get here computes next, the others wait for it.
  }
}

function sendHit(entry: CachedResponse, form: AnswerForm, reply: FastifyReply): true {
  reply.code(200).headers(entry.headers).send(sendable(form, reply));
  return true;
}

/**
 * The onSend step of a cached route: keeps a 200 answer of an armed request (never one that sets a cookie),
 * hands it to the requests waiting for it, and passes the payload on, encoded once.
 */
export async function keepResponse(
  cache: ResponseCache,
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
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
  return sendable(await formFor(cache, pending.key, entry, body, request), reply);
}

/**
 * The form of an answer to send: its gzip form when the client accepts gzip and the answer is large enough to
 * gain from it, else the answer as it is. `bytes` is null when only the gzip form is kept and the client does
 * not take gzip: `gz` must then be decompressed for it. `vary`: the answer varies with Accept-Encoding (said
 * for any cache between the daemon and the client).
 */
export interface AnswerForm {
  bytes: Buffer | null;
  gzip: boolean;
  vary: boolean;
  gz?: Buffer;
}

export async function answerForm(
  cache: ResponseCache,
  key: string,
  entry: CachedResponse,
  body: Buffer | null,
  acceptEncoding: string | string[] | undefined,
): Promise<AnswerForm> {
  if (body && body.length < MIN_GZIP_BYTES) return { bytes: body, gzip: false, vary: false };
  const wantsGzip = acceptsGzip(acceptEncoding);
  if (body && !wantsGzip) return { bytes: body, gzip: false, vary: true };
  const gz = await cache.gzipped(key, entry);
  if (gz && wantsGzip) return { bytes: gz, gzip: true, vary: true };
  if (body) return { bytes: body, gzip: false, vary: true };
  if (!gz) throw new Error('a cached answer holds neither form');
  return { bytes: null, gzip: false, vary: true, gz };
}

/** The header value of Vary once Accept-Encoding joins what it already named. */
export const varyWithEncoding = (vary: unknown): string =>
  vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding';

const formFor = (
  cache: ResponseCache,
  key: string,
  entry: CachedResponse,
  body: Buffer | null,
  request: FastifyRequest,
) => answerForm(cache, key, entry, body, request.headers['accept-encoding']);

/** The bytes to send in `form` (answerForm), with the headers it implies set on `reply`. */
function sendable(form: AnswerForm, reply: FastifyReply): Buffer | Readable {
  if (form.vary) reply.header('vary', varyWithEncoding(reply.getHeader('vary')));
  if (form.gzip) reply.header('content-encoding', 'gzip');
  if (form.bytes) return form.bytes;
  reply.removeHeader('content-length');
  const plain = createGunzip();
  plain.end(form.gz);
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
