import { request } from 'node:http';
import type { CachesConfig } from '../../config.js';
import type { Store } from '../../store/index.js';
import type { Server } from '../../store/servers.js';
import { CHECK } from '../../store/builtin-checks.js';

/** Asks whether something answers HTTP at host:port within the timeout. */
export type HttpProbe = (host: string, port: number, timeoutMs: number) => Promise<boolean>;

/** Any HTTP answer at all (whatever its status) means the cache's HTTP port works. */
export const probeHttp: HttpProbe = (host, port, timeoutMs) =>
  new Promise((resolve) => {
    const req = request({ host, port, path: '/', method: 'HEAD', timeout: timeoutMs, agent: false }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve(false));
    req.end();
  });

/** The values of the time-based checks of one cache (pure): minutes since check-in, and whether it keeps up. */
export function timeChecks(
  server: Server,
  now: number,
  intervalMinutes: number,
): { checkIn: number | null; upToDate: number } {
  const checkIn = server.lastCheckIn === null ? null : Math.max(0, Math.floor((now - server.lastCheckIn) / 60_000));
  const since = [server.updPendingSince, server.revalPendingSince].filter((t): t is number => t !== null);
  const oldest = since.length === 0 ? null : Math.min(...since);
  const behind = oldest !== null && now - oldest > 2 * intervalMinutes * 60_000;
  return { checkIn, upToDate: behind ? 0 : 1 };
}

const isCache = (s: Server) => s.type.startsWith('EDGE') || s.type.startsWith('MID');

/** Runs `fn` over `items`, at most `limit` at a time. */
async function limited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export interface ReadinessDeps {
  store: Store;
  clock: () => number;
  config: CachesConfig;
  probe?: HttpProbe;
}

/** One pass of the readiness checks over every cache; answers how many caches were checked. */
export async function runReadinessChecks(deps: ReadinessDeps): Promise<number> {
  const probe = deps.probe ?? probeHttp;
  const caches = (await deps.store.servers.list({}, null)).filter(isCache);
  const http = new Map<number, boolean>();
  // A cache the health monitors judged takes their verdict (issue 35): they poll it every few seconds, and a cache
  // that drops packets would hold this pass for the whole timeout. The others are probed.
  for (const s of caches) if (s.available !== null) http.set(s.id, s.available);
  const unjudged = caches.filter((s) => s.available === null);
  await limited(unjudged, 8, async (s) => {
    const host = s.ipAddress ?? s.ip6Address;
    http.set(s.id, host === null ? false : await probe(host, s.tcpPort ?? 80, deps.config.httpCheckTimeoutMs));
  });
  // The time checks are measured after the probes, so a slow probe does not age them.
  const now = deps.clock();
  const results = caches.flatMap((s) => {
    const t = timeChecks(s, now, deps.config.checkInIntervalMinutes);
    return [
      { serverId: s.id, shortName: CHECK.http, value: http.get(s.id) ? 1 : 0 },
      { serverId: s.id, shortName: CHECK.checkIn, value: t.checkIn },
      { serverId: s.id, shortName: CHECK.upToDate, value: t.upToDate },
    ];
  });
  await deps.store.serverChecks.record(results, now);
  return caches.length;
}

/** Schedules `fn` every `ms`; answers how to stop. Injectable so tests drive the loop themselves. */
export type Scheduler = (fn: () => void, ms: number) => () => void;

export const intervalScheduler: Scheduler = (fn, ms) => {
  const timer = setInterval(fn, ms);
  timer.unref();
  return () => clearInterval(timer);
};

/**
 * Starts the periodic readiness checks (every `checksIntervalSeconds`; 0 = off). A pass never overlaps the
 * previous one; a failing pass is reported and the next one runs as planned. Answers a stop function that
 * waits for a running pass.
 */
export function startReadinessChecks(
  deps: ReadinessDeps & { schedule?: Scheduler; onError?: (err: unknown) => void },
): () => Promise<void> {
  const seconds = deps.config.checksIntervalSeconds;
  if (!(seconds > 0)) return async () => undefined;
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = runReadinessChecks(deps)
      .then(
        () => undefined,
        (err: unknown) => deps.onError?.(err),
      )
      .finally(() => {
        running = null;
      });
  };
  const cancel = (deps.schedule ?? intervalScheduler)(tick, seconds * 1000);
  return async () => {
    cancel();
    await running;
  };
}
