import type { AppContext } from '../../context.js';
import type { Principal } from '../principal.js';
import { buildCacheMap, CACHE_MAP_TABLES } from './cache-map.js';
import type { CacheMap, CacheMapChange } from '../../../shared/contract/cache-map.js';

/**
 * The live CDN map's streams (issue 33): ONE timer per daemon, shared by every open stream, asks the store
 * whether the map's tables changed (Store.dataVersion); when they did (or every `refreshMs`, since a cache turns
 * overdue with time alone) each stream's map is rebuilt for its own caller and only what changed is sent.
 */

/** What a stream does with the hub's news: send an event, send a keep-alive comment, end. */
export interface MapStream {
  send(event: 'snapshot' | 'change', data: unknown): void;
  beat(): void;
  end(): void;
}

interface Subscriber {
  principal: Principal;
  stream: MapStream;
  last: CacheMap;
}

export interface CacheEventTiming {
  /** How often the shared timer asks the store for its data version. */
  pollMs: number;
  /** Rebuild every map this often even without writes (health changes with time). */
  refreshMs: number;
  /** A keep-alive comment this often when nothing was sent. */
  heartbeatMs: number;
}

export const CACHE_EVENT_TIMING: CacheEventTiming = { pollMs: 1000, refreshMs: 30_000, heartbeatMs: 15_000 };

/** What changed between two maps of one caller; null when nothing did. */
export function mapChange(before: CacheMap, after: CacheMap): CacheMapChange | null {
  const changed = <T extends { id: number }>(old: T[], now: T[]) => {
    const was = new Map(old.map((x) => [x.id, JSON.stringify(x)]));
    return now.filter((x) => was.get(x.id) !== JSON.stringify(x));
  };
  const removed = <T extends { id: number }>(old: T[], now: T[]) => {
    const still = new Set(now.map((x) => x.id));
    return old.filter((x) => !still.has(x.id)).map((x) => x.id);
  };
  const change: CacheMapChange = {
    generatedAt: after.generatedAt,
    caches: changed(before.caches, after.caches),
    removedCaches: removed(before.caches, after.caches),
    jobs: changed(before.jobs, after.jobs),
    removedJobs: removed(before.jobs, after.jobs),
  };
  if (JSON.stringify(before.cachegroups) !== JSON.stringify(after.cachegroups)) change.cachegroups = after.cachegroups;
  const empty =
    change.caches.length + change.removedCaches.length + change.jobs.length + change.removedJobs.length === 0 &&
    !change.cachegroups;
  return empty ? null : change;
}

export class CacheEventHub {
  private readonly subscribers = new Set<Subscriber>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private version = '';
  private lastBuild = 0;
  private lastSent = 0;
  private running: Promise<void> | null = null;
  /** How many timers were started over the hub's life, and how many ticks ran (the tests' view). */
  readonly stats = { timersStarted: 0, ticks: 0 };

  constructor(
    private readonly ctx: AppContext,
    private readonly timing: CacheEventTiming = CACHE_EVENT_TIMING,
  ) {}

  get streams(): number {
    return this.subscribers.size;
  }

  get timerRunning(): boolean {
    return this.timer !== null;
  }

  /** Sends the caller's map now, then its changes until the returned function is called. */
  async subscribe(principal: Principal, stream: MapStream): Promise<() => void> {
    if (this.subscribers.size === 0) this.version = await this.ctx.store.dataVersion(CACHE_MAP_TABLES);
    const map = await buildCacheMap(this.ctx, principal);
    stream.send('snapshot', map);
    const subscriber: Subscriber = { principal, stream, last: map };
    this.subscribers.add(subscriber);
    if (this.timer === null) this.start();
    return () => {
      this.subscribers.delete(subscriber);
      if (this.subscribers.size === 0) this.stop();
    };
  }

  /** Ends every stream (the daemon is closing). */
  close(): void {
    for (const s of this.subscribers) s.stream.end();
    this.subscribers.clear();
    this.stop();
  }

  private start(): void {
    this.stats.timersStarted++;
    this.lastBuild = this.ctx.clock();
    this.lastSent = this.lastBuild;
    this.timer = setInterval(() => {
      // A tick never overlaps the previous one.
      this.running ??= this.tick().finally(() => (this.running = null));
    }, this.timing.pollMs);
    this.timer.unref();
  }

  private stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  private async tick(): Promise<void> {
    this.stats.ticks++;
    const now = this.ctx.clock();
    const version = await this.ctx.store.dataVersion(CACHE_MAP_TABLES).catch(() => this.version);
    if (version !== this.version || now - this.lastBuild >= this.timing.refreshMs) {
      this.version = version;
      this.lastBuild = now;
      for (const s of [...this.subscribers]) await this.rebuild(s, now);
    }
    if (now - this.lastSent >= this.timing.heartbeatMs) {
      this.lastSent = now;
      for (const s of this.subscribers) s.stream.beat();
    }
  }

  private async rebuild(s: Subscriber, now: number): Promise<void> {
    const next = await buildCacheMap(this.ctx, s.principal).catch(() => null);
    if (next === null || !this.subscribers.has(s)) return;
    const change = mapChange(s.last, next);
    s.last = next;
    if (change) {
      s.stream.send('change', change);
      this.lastSent = now;
    }
  }
}

// One hub per daemon: an app has one store, so the hub is found by it.
const hubs = new WeakMap<AppContext['store'], CacheEventHub>();

/** The daemon's one hub. */
export function cacheEventHub(ctx: AppContext): CacheEventHub {
  let hub = hubs.get(ctx.store);
  if (!hub) {
    hub = new CacheEventHub(ctx);
    hubs.set(ctx.store, hub);
  }
  return hub;
}

/** The hub of the daemon over `store`, once a stream was opened (tests look at its timer). */
export const existingCacheEventHub = (store: AppContext['store']) => hubs.get(store);

/** Ends the daemon's open map streams, so that closing does not wait for them. */
export function closeCacheEvents(ctx: AppContext): void {
  hubs.get(ctx.store)?.close();
}
