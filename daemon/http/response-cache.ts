import type { FastifyReply, FastifyRequest } from 'fastify';
import { MIN_GZIP_BYTES, acceptsGzip, gzipAsync } from './compression.js';
import type { Principal } from './route.js';

/**
 * A cache of serialized GET responses, for routes that declare `cache: true`. It only skips the work of
 * reading and serializing: the session, the privilege level and the caller's tenancy are checked on every
 * request before it is consulted (authentication runs first), and the key holds everything an answer depends
 * on: the API version, the path with its query, the caller's privilege level and the set of tenants they see.
 *
 * Invalidation needs no list of writes: every entry belongs to one *data version* of the store, a value that
 * changes with any write through the daemon's own connection and any commit by another process (such as
 * `cdnctl daemon import` beside a running daemon). A request that sees a new data version empties the cache,
 * and a response is stored only when the data version did not move while it was being computed.
 *
 * Requests that miss while another request computes the same answer wait for it rather than compute it again,
 * so a burst of requests for a large answer costs one computation, not one each. Likewise an answer's gzip
 * form, for clients that accept it, is compressed once and kept beside it.
 */

export interface CachedResponse {
  body: Buffer;
  /** Headers the route set (content type and the like), replayed on a hit. */
  headers: Record<string, string | string[]>;
  /** Epoch ms after which the entry is stale (a route that depends on time sets it); null = until a write. */
  expiresAt: number | null;
  /** The gzip form, once a client that accepts it asked (null: compressing failed or saved nothing). */
  gzip?: Promise<Buffer | null>;
  /** Bytes of the gzip form, counted in the cache's size once known. */
  gzipBytes?: number;
}

const sizeOf = (entry: CachedResponse) => entry.body.length + (entry.gzipBytes ?? 0);

export interface ResponseCacheOptions {
  /** The most bytes of bodies kept; the least recently used entries go first. */
  maxBytes: number;
  clock: () => number;
  /** The store's data version (Store.dataVersion). */
  dataVersion: () => Promise<string>;
}

export const DEFAULT_CACHE_BYTES = 32 * 1024 * 1024;

/** An answer being computed: the requests that wait for it, and how its computation ends. */
interface Computation {
  version: string;
  done: Promise<CachedResponse | null>;
  finish: (entry: CachedResponse | null) => void;
}

export class ResponseCache {
  private readonly entries = new Map<string, CachedResponse>();
  private readonly computing = new Map<string, Computation>();
  private readonly tenantKeys = new Map<number, string>();
  private bytes = 0;
  private version: string | null = null;

  constructor(private readonly options: ResponseCacheOptions) {}

  /** The current data version; when it moved since the last look, everything cached is dropped. */
  async currentVersion(): Promise<string> {
    const version = await this.options.dataVersion();
    if (version !== this.version) {
      this.clear();
      this.version = version;
    }
    return version;
  }

  /** The fresh entry under `key` (call currentVersion() first), marked as recently used. */
  get(key: string): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt !== null && entry.expiresAt <= this.options.clock()) {
      this.bytes -= sizeOf(entry);
      return undefined;
    }
    this.entries.set(key, entry);
    return entry;
  }

  /**
   * The answer another request is computing for `key` under `version`, when there is one: it resolves to the
   * stored entry, or to null when that computation stored nothing (an error, or the data moved meanwhile).
   */
  inProgress(key: string, version: string): Promise<CachedResponse | null> | null {
    const computation = this.computing.get(key);
    return computation && computation.version === version ? computation.done : null;
  }

  /**
   * Marks the answer under `key` as being computed; answers the function that ends the computation (with the
   * entry stored, or null), which is safe to call more than once.
   */
  startComputing(key: string, version: string): (entry: CachedResponse | null) => void {
    let finish!: (entry: CachedResponse | null) => void;
    const done = new Promise<CachedResponse | null>((resolve) => (finish = resolve));
    const computation: Computation = { version, done, finish };
    this.computing.set(key, computation);
    return (entry) => {
      if (this.computing.get(key) === computation) this.computing.delete(key);
      computation.finish(entry);
    };
  }

  /** Keeps `entry` if the data version is still `version`, the one its answer was computed from; true if kept. */
  async put(key: string, version: string, entry: CachedResponse): Promise<boolean> {
    if (entry.body.length > this.options.maxBytes) return false;
    if ((await this.currentVersion()) !== version) return false;
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= sizeOf(old);
    }
    this.entries.set(key, entry);
    this.bytes += sizeOf(entry);
    this.evictOverflow();
    return true;
  }

  /**
   * The gzip form of the entry under `key`, compressed on first demand and kept with it; null when it would
   * not be smaller.
   */
  gzipped(key: string, entry: CachedResponse): Promise<Buffer | null> {
    entry.gzip ??= gzipAsync(entry.body).then(
      (gz) => {
        if (gz.length >= entry.body.length) return null;
        entry.gzipBytes = gz.length;
        if (this.entries.get(key) === entry) {
          this.bytes += gz.length;
          this.evictOverflow();
        }
        return gz;
      },
      () => null,
    );
    return entry.gzip;
  }

  private evictOverflow(): void {
    for (const [oldest, value] of this.entries) {
      if (this.bytes <= this.options.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= sizeOf(value);
    }
  }

  /**
   * A short stable name for the set of tenants a caller of `tenantId` sees, computed once per data version
   * (the tenant tree only changes with a write).
   */
  async tenantKey(tenantId: number, visible: () => Promise<ReadonlySet<number>>): Promise<string> {
    const known = this.tenantKeys.get(tenantId);
    if (known !== undefined) return known;
    const key = [...(await visible())].sort((a, b) => a - b).join(',');
    this.tenantKeys.set(tenantId, key);
    return key;
  }

  clear(): void {
    this.entries.clear();
    this.tenantKeys.clear();
    this.bytes = 0;
  }

  /** Entries and bytes held, for tests and diagnostics. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }
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
 * request so that `keepResponse` stores what the route answers. Call only after authentication.
 */
export async function answerFromCache(
  cache: ResponseCache,
  request: FastifyRequest,
  reply: FastifyReply,
  principal: Principal,
  visibleTenants: () => Promise<ReadonlySet<number>>,
): Promise<boolean> {
  if (request.method !== 'GET') return false;
  const version = await cache.currentVersion();
  const tenants = await cache.tenantKey(principal.tenantId, visibleTenants);
  const key = `${request.apiVersion}|${principal.privLevel}|${tenants}|${request.url}`;
  const hit = cache.get(key) ?? (await cache.inProgress(key, version));
  if (hit) {
    reply.code(200).headers(hit.headers).send(await encoded(cache, key, hit, request, reply));
    return true;
  }
  const finish = cache.startComputing(key, version);
  request.pendingCacheEntry = { key, version, expiresAt: null, headersBefore: new Set(Object.keys(reply.getHeaders())), finish };
  return false;
}

/**
 * The onSend step of a cached route: stores a 200 answer of an armed request (never one that sets a cookie)
 * and passes the payload on, as a Buffer so it is encoded once.
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
  const entry: CachedResponse = { body, headers, expiresAt: pending.expiresAt };
  pending.finish((await cache.put(pending.key, pending.version, entry)) ? entry : null);
  return encoded(cache, pending.key, entry, request, reply);
}

/**
 * The bytes to send of a cached answer: its gzip form when the client accepts gzip and the answer is large
 * enough to gain from it (with Content-Encoding set), else the answer as it is. Either way the answer says it
 * varies with Accept-Encoding, for any cache between the daemon and the client.
 */
async function encoded(cache: ResponseCache, key: string, entry: CachedResponse, request: FastifyRequest, reply: FastifyReply): Promise<Buffer> {
  if (entry.body.length < MIN_GZIP_BYTES) return entry.body;
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  if (!acceptsGzip(request.headers['accept-encoding'])) return entry.body;
  const gz = await cache.gzipped(key, entry);
  if (!gz) return entry.body;
  reply.header('content-encoding', 'gzip');
  return gz;
}

/** Ends a computation that never reached its onSend (the request failed before it): waiters compute themselves. */
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
