import type { AppContext } from '../../context.js';
import type { Principal } from '../principal.js';
import type { Server } from '../../store/servers.js';
import type { Cachegroup } from '../../store/cachegroups.js';
import type { Job } from '../../store/jobs.js';
import type { JobTarget } from '../../store/propagation.js';
import { visibleTenants } from '../tenant-access.js';
import { serverVisibility } from './visibility.js';
import { TIERS, tierOf } from './propagation.js';
import { formatTimestampTz } from '../../../shared/time.js';
import { cacheHealth, isCacheType } from '../../../shared/rules/cache-health.js';
import { checkFailed } from '../../../shared/rules/server-checks.js';
import type { CacheMap, MapCache, MapCachegroup, MapJob } from '../../../shared/contract/cache-map.js';

/** The tables the map is read from: a write to any of them may change what a stream sends. */
export const CACHE_MAP_TABLES: readonly string[] = [
  'servers',
  'jobs',
  'cachegroups',
  'servercheck_results',
  'deliveryservices',
  'deliveryservice_servers',
  'tenants',
  'cdns',
  'types',
  'cache_health',
];

/** The map shows a purge for a day after it was entered, while it is still in force. */
const JOB_WINDOW_MS = 24 * 3600_000;
/** At most this many purges on the map (the newest). */
const MAX_JOBS = 20;

const tierName = (typeName: string) =>
  typeName.startsWith('MID') ? 'MID' : typeName.startsWith('EDGE') ? 'EDGE' : typeName;

function mapCachegroup(cg: Cachegroup): MapCachegroup {
  return {
    id: cg.id,
    name: cg.name,
    typeName: cg.typeName,
    tier: tierName(cg.typeName),
    parentCachegroupId: cg.parentCachegroupId,
  };
}

/** Whether a cache has applied a job: a revalidation pass it reported started after the job was entered. */
const hasApplied = (s: Server, job: JobTarget) => s.revalAppliedAt !== null && s.revalAppliedAt > job.enteredTime;

function mapJob(job: JobTarget, assetUrl: string, caches: Server[]): MapJob {
  const tiers = TIERS.map((tier) => {
    const reached = caches.filter((s) => s.cdnId === job.cdnId && tierOf(s) === tier);
    return { tier, total: reached.length, applied: reached.filter((s) => hasApplied(s, job)).length };
  });
  return {
    id: job.jobId,
    deliveryService: job.dsXmlId,
    cdnName: job.cdnName,
    assetUrl,
    enteredTime: formatTimestampTz(job.enteredTime),
    tiers,
    complete: tiers.every((t) => t.applied === t.total),
  };
}

function mapCache(s: Server, checks: Record<string, number | null>, jobs: JobTarget[], now: number, interval: number) {
  const lastCheckIn = s.lastCheckIn === null ? null : formatTimestampTz(s.lastCheckIn);
  const cache: MapCache = {
    id: s.id,
    hostName: s.hostName,
    cachegroupId: s.cachegroupId,
    cdnName: s.cdnName,
    type: s.type,
    status: s.status,
    updPending: s.updPending,
    revalPending: s.revalPending,
    lastCheckIn,
    isAvailable: s.available,
    health: cacheHealth({ ...s, lastCheckIn, isAvailable: s.available }, checks, now, interval),
    failingChecks: Object.entries(checks)
      .filter(([name, value]) => checkFailed(name, value))
      .map(([name]) => name),
    pendingJobs: jobs.filter((j) => j.cdnId === s.cdnId && tierOf(s) !== null && !hasApplied(s, j)).map((j) => j.jobId),
  };
  return cache;
}

/** The purges on the map: entered in the last day, still in force, of delivery services the caller sees. */
async function recentJobs(ctx: AppContext, principal: Principal, now: number) {
  const tenantIds = await visibleTenants(ctx, principal);
  const recent = (await ctx.store.jobs.query({ tenantIds }))
    .filter((j: Job) => now - j.enteredTime < JOB_WINDOW_MS && now < j.startTime + j.ttlHours * 3600_000)
    .sort((a, b) => b.id - a.id)
    .slice(0, MAX_JOBS);
  const targets = await Promise.all(recent.map((j) => ctx.store.propagation.jobTarget(j.id)));
  return recent.flatMap((j, i) => (targets[i] ? [{ target: targets[i], assetUrl: j.assetUrl }] : []));
}

/** The CDN map as `principal` may see it: the servers list's caches, their cache groups, the running purges. */
export async function buildCacheMap(ctx: AppContext, principal: Principal): Promise<CacheMap> {
  const now = ctx.clock();
  const interval = ctx.config.caches.checkInIntervalMinutes;
  const caches = (await ctx.store.servers.list({}, await serverVisibility(ctx, principal))).filter((s) =>
    isCacheType(s.type),
  );
  const results = await ctx.store.serverChecks.results();
  const jobs = await recentJobs(ctx, principal, now);
  const targets = jobs.map((j) => j.target);
  const groupIds = new Set(caches.map((s) => s.cachegroupId));
  const everyGroup = new Map((await ctx.store.cachegroups.list({})).map((cg) => [cg.id, cg]));
  // A cache group's parents stay on the map (the tree's spine) even when the caller sees none of their caches.
  const all = new Map([...everyGroup.values()].filter((cg) => groupIds.has(cg.id)).map((cg) => [cg.id, cg]));
  for (const cg of [...all.values()]) {
    for (let p = cg.parentCachegroupId; p !== null && !all.has(p); p = everyGroup.get(p)?.parentCachegroupId ?? null) {
      const parent = everyGroup.get(p);
      if (parent) all.set(p, parent);
    }
  }
  const checksOf = (id: number) =>
    Object.fromEntries((results.get(id) ?? []).map((r) => [r.shortName, r.value])) as Record<string, number | null>;
  return {
    generatedAt: formatTimestampTz(now),
    checkInIntervalMinutes: interval,
    cachegroups: [...all.values()].map(mapCachegroup).sort((a, b) => a.name.localeCompare(b.name)),
    caches: caches
      .map((s) => mapCache(s, checksOf(s.id), targets, now, interval))
      .sort((a, b) => a.hostName.localeCompare(b.hostName)),
    jobs: jobs.map((j) => mapJob(j.target, j.assetUrl, caches)),
  };
}
