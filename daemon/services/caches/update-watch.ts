import type { AppContext } from '../../context.js';
import type { UpdateStatus } from '../../store/server-flags.js';

/*
 * The update-status watch (issue 32, "push instead of polling"): caches' agents hold a request open until their
 * flags change. Nothing hooks the writes: while anyone waits, the store's data version of the tables update_status
 * reads is polled every `intervalMs` (a few microseconds on SQLite, one small query on PostgreSQL, and it moves
 * with writes of other processes too); when it moved, ONE read of every server's flags serves every waiter of that
 * round. A round never overlaps the next, so under a burst of check-ins the flags are read at most once per
 * interval, whatever the number of waiting caches.
 */

/** Where the watch reads: the data version of update_status's tables, every server's status, the clock. */
export interface WatchSource {
  version(): Promise<string>;
  statuses(): Promise<UpdateStatus[]>;
  clock(): number;
}

/** What a wait ends with: the status that differs from the token the cache sent, and when it was read. */
export interface WatchAnswer {
  status: UpdateStatus;
  /** Epoch ms (the daemon's clock) taken before the read that found it: the agent's `reval_started`. */
  readAt: number;
}

interface Waiter {
  host: string;
  since: string;
  done: (answer: WatchAnswer | null) => void;
  timer: ReturnType<typeof setTimeout>;
}

/** The token of a status: its flags, id and status. A waiter is answered when its host's token differs. */
export function statusToken(status: UpdateStatus): string {
  const bits = [status.updPending, status.revalPending, status.parentPending, status.parentRevalPending]
    .map((b) => (b ? '1' : '0'))
    .join('');
  return `${status.hostId}-${bits}-${status.status}`;
}

/** The interval between two checks of the data version while caches wait (issue 32: 10–20 ms). */
export const WATCH_INTERVAL_MS = 15;

/** A round waits at least this many times the last read's duration (reads ≤ 1/4 of the time under a storm). */
const ROUND_SHARE = 3;

export class UpdateWatch {
  private readonly waiters = new Map<string, Set<Waiter>>();
  private count = 0;
  private lastVersion: string | null = null;
  /** Rounds started (a round: a version that moved, and the one read that follows). */
  private started = 0;
  private snapshot: { round: number; readAt: number; byHost: Map<string, UpdateStatus> } | null = null;
  private ticking: ReturnType<typeof setTimeout> | null = null;
  /** How long the last round's read took (ms): the next round waits at least ROUND_SHARE times as long. */
  private lastReadMs = 0;
  private closed = false;
  /** Rounds that read the flags, for the bench and tests. */
  reads = 0;

  constructor(
    private readonly source: WatchSource,
    private readonly intervalMs = WATCH_INTERVAL_MS,
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  /** How many caches wait now. */
  get waiting(): number {
    return this.count;
  }

  /** Call before the route's own read of a status: `wait` then also weighs a round that ran during that read. */
  mark(): number {
    return this.started;
  }

  /**
   * Waits until `host`'s status token differs from `since`, at most `timeoutMs`: answers that status, or null
   * when the time ran out (or the watch closed). `mark` is what mark() answered before the caller read the status
   * it compared with `since`: a round that started after it may have seen a write the caller's read did not.
   */
  wait(
    host: string,
    since: string,
    timeoutMs: number,
    mark: number,
    signal?: AbortSignal,
  ): Promise<WatchAnswer | null> {
    const seen = this.snapshot;
    if (seen && seen.round > mark) {
      const status = seen.byHost.get(host);
      if (status && statusToken(status) !== since) return Promise.resolve({ status, readAt: seen.readAt });
    }
    if (this.closed || signal?.aborted) return Promise.resolve(null);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        host,
        since,
        done: resolve,
        timer: setTimeout(() => this.finish(waiter, null), timeoutMs),
      };
      let set = this.waiters.get(host);
      if (!set) this.waiters.set(host, (set = new Set()));
      set.add(waiter);
      this.count++;
      // A cache that hung up is forgotten at once, not at the end of its wait.
      signal?.addEventListener('abort', () => this.finish(waiter, null), { once: true });
      this.schedule();
    });
  }

  /**
   * `host`'s status as the last round read it, when nothing was written since (one version check, no read): a
   * cache re-arming its wait costs no query then. Null when no round read yet or the data moved since.
   */
  async fresh(host: string): Promise<WatchAnswer | null> {
    const seen = this.snapshot;
    if (!seen || seen.round !== this.started) return null;
    if ((await this.source.version()) !== this.lastVersion || this.snapshot !== seen) return null;
    const status = seen.byHost.get(host);
    return status ? { status, readAt: seen.readAt } : null;
  }

  /** Answers every waiter (null: nothing changed) and stops: the daemon is closing. */
  close(): void {
    this.closed = true;
    for (const set of [...this.waiters.values()]) for (const waiter of [...set]) this.finish(waiter, null);
    if (this.ticking) clearTimeout(this.ticking);
    this.ticking = null;
  }

  private finish(waiter: Waiter, answer: WatchAnswer | null): void {
    const set = this.waiters.get(waiter.host);
    if (!set?.delete(waiter)) return;
    if (set.size === 0) this.waiters.delete(waiter.host);
    this.count--;
    clearTimeout(waiter.timer);
    waiter.done(answer);
  }

  private schedule(): void {
    if (this.ticking || this.closed || this.count === 0) return;
    // Unref'd: waiting caches alone do not keep a process alive (their sockets do).
    // Under a storm of writes (3,000 caches checking in) every round reads: rounds then take at most a quarter of
    // the daemon's time, however long a read of every status takes on this machine.
    const delay = Math.max(this.intervalMs, this.lastReadMs * ROUND_SHARE);
    this.ticking = setTimeout(() => void this.round(), delay);
    this.ticking.unref?.();
  }

  /** One check: the version, and when it moved one read of every status and the waiters it answers. */
  private async round(): Promise<void> {
    if (this.count === 0) {
      this.ticking = null;
      return;
    }
    try {
      const version = await this.source.version();
      if (version !== this.lastVersion) {
        const round = ++this.started;
        const readAt = this.source.clock();
        const started = performance.now();
        const statuses = await this.source.statuses();
        this.lastVersion = version;
        this.reads++;
        const byHost = new Map(statuses.map((s) => [s.hostName, s]));
        this.snapshot = { round, readAt, byHost };
        this.answer(byHost, readAt);
        this.lastReadMs = performance.now() - started;
      } else this.lastReadMs = 0;
    } catch (err) {
      // A failed read: the version stays unseen, so the next round reads again.
      this.onError(err);
    } finally {
      this.ticking = null;
      this.schedule();
    }
  }

  private answer(byHost: Map<string, UpdateStatus>, readAt: number): void {
    for (const [host, set] of [...this.waiters]) {
      const status = byHost.get(host);
      if (!status) continue;
      const token = statusToken(status);
      for (const waiter of [...set]) if (token !== waiter.since) this.finish(waiter, { status, readAt });
    }
  }
}

/** The tables update_status reads: a write to any of them may change a cache's flags or its parents'. */
export const WATCH_TABLES: readonly string[] = ['servers', 'cachegroups', 'types', 'cache_health'];

const watches = new WeakMap<AppContext, UpdateWatch>();

/** The daemon's one watch (made on first use). */
export function updateWatchOf(ctx: AppContext): UpdateWatch {
  let watch = watches.get(ctx);
  if (!watch) {
    watch = new UpdateWatch({
      version: () => ctx.store.dataVersion(WATCH_TABLES),
      statuses: () => ctx.store.serverFlags.updateStatuses(),
      clock: ctx.clock,
    });
    watches.set(ctx, watch);
  }
  return watch;
}

/** Answers every waiting cache at once: the daemon is closing (a held request would hold the close up). */
export function closeUpdateWatch(ctx: AppContext): void {
  watches.get(ctx)?.close();
}
