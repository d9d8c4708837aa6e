import type { CdnHealthRecord, HealthReport, HealthReportAnswer } from '../../../shared/contract/health.js';
import type { AppContext } from '../../context.js';
import type { Server } from '../../store/server-rows.js';
import { serverVisibility } from '../caches/visibility.js';
import { countByCachegroup } from './counts.js';
import { badRequest, notFound } from '../errors.js';
import type { Principal } from '../principal.js';

/*
 * Cache health (issue 35, reference §1.6). The health monitors (`cdnctl monitor run`) poll the caches, merge their
 * views optimistically and publish the result here; the daemon keeps each cache's availability on its server and
 * answers Traffic Ops' health reads from it (docs/api/behavior.md, "Cache health").
 */

/**
 * How long a monitor's judgement stands without being published again. Monitors publish every polling round
 * (6 s by default); a judgement this old means every monitor stopped, and the cache is unjudged again rather than
 * held down (or up) by a view nobody keeps any more.
 */
export const HEALTH_REPORT_TTL_MS = 60_000;

/** Forgets judgements no monitor has renewed within HEALTH_REPORT_TTL_MS. */
export const forgetStaleHealth = (store: AppContext['store'], now: number) =>
  store.cacheHealth.expire(now - HEALTH_REPORT_TTL_MS);

export const HEALTH_TEXTS = {
  noCdn: 'CDN not found',
  monitor: "'monitor' cannot be blank",
  caches: "'caches' must be an object of host name to {isAvailable}",
  recorded: (n: number, cdn: string) => `health of ${n} cache${n === 1 ? '' : 's'} of ${cdn} recorded.`,
} as const;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The report's entries after the shape checks the JSON schema cannot word as Traffic Ops does. */
function entriesOf(body: unknown): { monitor: string; entries: Array<{ hostName: string; available: boolean }> } {
  const report = (isObject(body) ? body : {}) as Partial<HealthReport>;
  if (typeof report.monitor !== 'string' || report.monitor.trim() === '') throw badRequest(HEALTH_TEXTS.monitor);
  if (!isObject(report.caches)) throw badRequest(HEALTH_TEXTS.caches);
  const entries = Object.entries(report.caches).map(([hostName, state]) => {
    if (!isObject(state) || typeof state.isAvailable !== 'boolean') throw badRequest(HEALTH_TEXTS.caches);
    return { hostName, available: state.isAvailable };
  });
  return { monitor: report.monitor.trim(), entries };
}

/**
 * POST cdns/:name/health/report (ours, operations): records a monitor's merged view of the CDN's caches. Host
 * names of no cache of the CDN, or of caches the caller's tenants do not see, are skipped alike.
 */
export async function reportHealth(
  ctx: AppContext,
  principal: Principal,
  cdnName: string,
  body: unknown,
): Promise<{ text: string; answer: HealthReportAnswer }> {
  const { monitor, entries } = entriesOf(body);
  const cdn = await ctx.store.cdns.byName(cdnName);
  if (!cdn) throw notFound(HEALTH_TEXTS.noCdn);
  const visible = new Set(
    (await ctx.store.servers.list({ cdn: cdn.id }, await serverVisibility(ctx, principal))).map((s) => s.hostName),
  );
  const mine = entries.filter((e) => visible.has(e.hostName));
  const recorded = await ctx.store.cacheHealth.report(cdn.id, monitor, mine, ctx.clock());
  return { text: HEALTH_TEXTS.recorded(recorded.length, cdn.name), answer: { cdn: cdn.name, monitor, recorded } };
}

/** Whether a cache counts online: as the monitors last published it (Traffic Ops read CrStates' isAvailable). */
const online = (s: Server) => s.available === true;

/** Traffic Ops counted the REPORTED EDGE caches of a CDN's CRConfig. */
const counted = (s: Server) => s.status === 'REPORTED' && s.type.startsWith('EDGE');

/** Per cache group, online and offline; null cache groups when no cache is counted. */
function countCaches(caches: Server[]): CdnHealthRecord {
  const counts = countByCachegroup(caches, online);
  return { ...counts, cachegroups: counts.cachegroups.length === 0 ? null : counts.cachegroups };
}

/** The CDNs some monitor has reported on (Traffic Ops: the CDNs with a monitor that answered). */
const monitoredCdns = (servers: Server[]) => new Set(servers.filter((s) => s.available !== null).map((s) => s.cdnId));

/** The health of these servers, counting only the CDNs some monitor has reported on. */
export function healthOf(servers: Server[]): CdnHealthRecord {
  const monitored = monitoredCdns(servers);
  return countCaches(servers.filter((s) => monitored.has(s.cdnId) && counted(s)));
}

/** GET cdns/:name/health: an unknown CDN, or one no monitor reported on, answers zeros and null cache groups. */
export async function cdnHealth(ctx: AppContext, cdnName: string): Promise<CdnHealthRecord> {
  const cdn = await ctx.store.cdns.byName(cdnName);
  if (!cdn) return { totalOffline: 0, totalOnline: 0, cachegroups: null };
  return healthOf(await ctx.store.servers.list({ cdn: cdn.id }, null));
}

/** GET cdns/health: every CDN's caches together. */
export async function allCdnsHealth(ctx: AppContext): Promise<CdnHealthRecord> {
  return healthOf(await ctx.store.servers.list({}, null));
}
