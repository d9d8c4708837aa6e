import { LARGE_GZIP_LEVEL, gzipAsync } from './compression.js';

/**
 * A cache of serialized GET responses, for routes that declare `cache` (cached-route.ts wires it to requests).
 * It only skips the work of reading and serializing: the session, the privilege level and the caller's tenancy
 * are checked on every request before it is consulted, and the key holds everything an answer depends on but
 * the data: the API version, the path with its query, the caller's privilege level and the tenants they see.
 *
 * Every entry carries the *data version* it was computed under: the versions of the tables its route declares
 * it reads (Store.dataVersion). An entry is served only while that version is current, so a write drops exactly
 * the answers built from the tables it changed (a purge, the answers built from jobs), whoever wrote it, this
 * daemon or another process. Nothing has to be emptied: an outdated entry is replaced or ages out by LRU.
 *
 * Requests that miss while another request computes the same answer wait for it rather than compute it again,
 * and are always handed it (stored or not); only when that computation fails does one of them compute in its
 * place, the others waiting for that one. The gzip form of an answer is compressed once and kept beside it.
 * Answers above `largeBytes` are kept in their gzip form only (compressed once, at once), so the byte budget
 * counts compressed bytes and a list of 100,000 records is still cached; the rare client that does not accept
 * gzip gets it decompressed as a stream.
 */

export interface CachedResponse {
  /** The data version the answer was computed under; served only while it is current. */
  version: string;
  /** The answer as the route serialized it; null when it is kept in its gzip form only (a large answer). */
  body: Buffer | null;
  /** Headers the route set (content type and the like), replayed on a hit. */
  headers: Record<string, string | string[]>;
  /** Epoch ms after which the entry is stale (a route that depends on time sets it); null = until a write. */
  expiresAt: number | null;
  /** The gzip form, once a client that accepts it asked (null: compressing failed or saved nothing). */
  gzip?: Promise<Buffer | null>;
  /** Bytes of the gzip form, counted in the cache's size once known. */
  gzipBytes?: number;
}

const sizeOf = (entry: CachedResponse) => (entry.body?.length ?? 0) + (entry.gzipBytes ?? 0);

export interface ResponseCacheOptions {
  /** The most bytes of bodies kept; the least recently used entries go first. */
  maxBytes: number;
  clock: () => number;
  /** The store's data version of some tables, or of everything (null): Store.dataVersion. */
  dataVersion: (tables: readonly string[] | null) => Promise<string>;
  /** Answers larger than this are kept gzip-only; default a quarter of maxBytes. */
  largeBytes?: number;
}

export const DEFAULT_CACHE_BYTES = 32 * 1024 * 1024;

/** Tenant keys remembered (per tenant and data version) before the memory starts over. */
const TENANT_KEYS_KEPT = 4096;

/** An answer being computed: the requests that wait for it, and how its computation ends. */
interface Computation {
  version: string;
  done: Promise<CachedResponse | null>;
  finish: (entry: CachedResponse | null) => void;
}

export class ResponseCache {
  private readonly entries = new Map<string, CachedResponse>();
  private readonly computing = new Map<string, Computation>();
  /** Tenant keys by tenant id and the data version they were derived under (bounded: TENANT_KEYS_KEPT). */
  private readonly tenantKeys = new Map<string, string>();
  private bytes = 0;
  readonly largeBytes: number;

  constructor(private readonly options: ResponseCacheOptions) {
    this.largeBytes = options.largeBytes ?? Math.floor(options.maxBytes / 4);
  }

  /** The current data version of `tables` (null: of everything). */
  version(tables: readonly string[] | null): Promise<string> {
    return this.options.dataVersion(tables);
  }

  /** The entry under `key` computed under `version` and not expired, marked as recently used. */
  get(key: string, version: string): CachedResponse | undefined {
    const entry = this.entries.get(key);
    // An entry of another version stays: the next answer computed replaces it (or LRU drops it).
    if (!entry || entry.version !== version) return undefined;
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
   * answer, or to null when that computation failed.
   */
  inProgress(key: string, version: string): Promise<CachedResponse | null> | null {
    const computation = this.computing.get(key);
    return computation && computation.version === version ? computation.done : null;
  }

  /**
   * Marks the answer under `key` as being computed; answers the function that ends the computation (with the
   * answer, or null when it failed), which is safe to call more than once.
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

  /**
   * Prepares a just computed answer for keeping: a large one is compressed now and its identity form dropped
   * (the request that computed it still holds it), so that it counts in the budget by its compressed bytes.
   */
  async seal(entry: CachedResponse): Promise<void> {
    if (!entry.body || entry.body.length <= this.largeBytes) return;
    const body = entry.body;
    const gz = await gzipAsync(body, LARGE_GZIP_LEVEL).catch(() => null);
    if (!gz || gz.length >= body.length) {
      entry.gzip = Promise.resolve(null);
      return;
    }
    entry.gzip = Promise.resolve(gz);
    entry.gzipBytes = gz.length;
    entry.body = null;
  }

  /** Keeps `entry` under `key` when it fits the budget; true if kept. */
  put(key: string, entry: CachedResponse): boolean {
    if (sizeOf(entry) > this.options.maxBytes) return false;
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
   * The gzip form of `entry`, compressed on first demand and kept with it (counted in the budget when it is
   * the entry under `key`); null when it would not be smaller.
   */
  gzipped(key: string, entry: CachedResponse): Promise<Buffer | null> {
    const body = entry.body;
    if (!body) return entry.gzip ?? Promise.resolve(null);
    entry.gzip ??= gzipAsync(body).then(
      (gz) => {
        if (gz.length >= body.length) return null;
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
   * `version` (one that covers the tenant tree: it moves whenever `tenants` is written).
   */
  async tenantKey(tenantId: number, version: string, visible: () => Promise<ReadonlySet<number>>): Promise<string> {
    const memo = `${tenantId}|${version}`;
    const known = this.tenantKeys.get(memo);
    if (known !== undefined) return known;
    const key = [...(await visible())].sort((a, b) => a - b).join(',');
    // Keys of outdated versions are never asked for again: the memory starts over once it holds many.
    if (this.tenantKeys.size >= TENANT_KEYS_KEPT) this.tenantKeys.clear();
    this.tenantKeys.set(memo, key);
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

// Where routes and the app have always found them.
export { abandonComputation, cacheUntil, keepResponse } from './cached-route.js';
