import { setImmediate as turn } from 'node:timers/promises';
import { atsDeliveryService, atsParameters } from '../../atsconfig/from-store.js';
import type { AtsCachegroup, AtsDeliveryService, AtsParameter } from '../../atsconfig/context.js';
import type { AppContext } from '../../context.js';
import { readMaxRevalDurationDays } from '../jobs/reval-limit.js';
import type { Cachegroup } from '../../store/cachegroups.js';
import type { Cdn } from '../../store/cdns.js';
import { DELIVERY_SERVICE_TABLES, type DeliveryService } from '../../store/deliveryservices.js';
import type { RevalidationJob } from '../../store/jobs.js';
import type { Origin } from '../../store/origins.js';

/*
 * What the cache configuration files read besides the servers (issue 32), kept once per data version of the
 * tables it comes from: a CDN's delivery services as the generators see them, cache groups, profiles'
 * parameters, and which delivery services a set of caches is assigned (the CDN's purges apart, by their own). None of these tables
 * moves with a check-in, so a fleet checking in keeps them; any write to one of them drops them all.
 */

const DAY_MS = 24 * 3600_000;

/** The tables everything here is read from (the servers table is the generation's other input, kept apart). */
export const CATALOG_TABLES: readonly string[] = [
  ...DELIVERY_SERVICE_TABLES,
  'cachegroups',
  'coordinates',
  'parameters',
  'profile_parameters',
  'deliveryservice_servers',
  // issue 32: the previous origins a MID keeps while an origin change reaches the caches
  'ds_origin_transitions',
];

/** The tables the CDN's purges are read from: a purge drops them, not the rest. */
const JOB_TABLES: readonly string[] = ['jobs', ...DELIVERY_SERVICE_TABLES, 'parameters', 'profile_parameters'];

/** A CDN's delivery services: the records (for the key-store files) and the generators' view, in xmlId order. */
export interface CdnServices {
  records: DeliveryService[];
  byXmlId: Map<string, DeliveryService>;
  ats: Map<number, AtsDeliveryService>;
}

export interface CdnJobs {
  jobs: RevalidationJob[];
  maxRevalDurationDays: number;
}

export interface Memo {
  version: string;
  cachegroups: Promise<{ ats: AtsCachegroup[]; records: Cachegroup[] }> | null;
  services: Map<number, Promise<CdnServices>>;
  params: Map<string, Promise<AtsParameter[]>>;
  holders: Map<string, Promise<number[]>>;
  /** Per CDN: the warm-up of its cache groups' service sets (warmGroupServices). */
  warmed: Map<number, Promise<void>>;
}

const memos = new WeakMap<object, Memo>();

/** The memo of the store's current catalog version (a new one, empty, when the version moved). */
export async function catalogMemo(ctx: AppContext): Promise<Memo> {
  const version = await ctx.store.dataVersion(CATALOG_TABLES);
  const memo = memos.get(ctx.store);
  if (memo?.version === version) return memo;
  const fresh: Memo = {
    version,
    cachegroups: null,
    services: new Map(),
    params: new Map(),
    holders: new Map(),
    warmed: new Map(),
  };
  memos.set(ctx.store, fresh);
  return fresh;
}

function once<K, V>(map: Map<K, Promise<V>>, key: K, make: () => Promise<V>): Promise<V> {
  let value = map.get(key);
  if (!value) {
    value = make();
    map.set(key, value);
    value.catch(() => map.delete(key));
  }
  return value;
}

export function cachegroupsOf(ctx: AppContext, memo: Memo): Promise<{ ats: AtsCachegroup[]; records: Cachegroup[] }> {
  memo.cachegroups ??= ctx.store.cachegroups.list({}).then((records) => ({
    records,
    ats: records.map((c) => ({
      name: c.name,
      type: c.typeName,
      parentCachegroup: c.parentCachegroupName,
      secondaryParentCachegroup: c.secondaryParentCachegroupName,
    })),
  }));
  const value = memo.cachegroups;
  value.catch(() => (memo.cachegroups = null));
  return value;
}

/** Delivery-service id → its previous origins still in transition (issue 32), oldest first. */
export async function previousOrigins(ctx: AppContext, cdnId: number): Promise<Map<number, string[]>> {
  const byService = new Map<number, string[]>();
  for (const t of await ctx.store.originTransitions.ofCdn(cdnId))
    byService.set(t.deliveryServiceId, [...(byService.get(t.deliveryServiceId) ?? []), t.origin]);
  return byService;
}

async function loadServices(ctx: AppContext, cdn: Cdn): Promise<CdnServices> {
  const records = await ctx.store.deliveryServices.list({ cdnId: cdn.id });
  const origins = await ctx.store.origins.list({
    filters: {},
    orderBy: 'id',
    descending: false,
    limit: -1,
    offset: 0,
    visibleTenantIds: null,
  });
  await turn();
  const byService = new Map<number, Origin[]>();
  for (const o of origins) byService.set(o.deliveryServiceId, [...(byService.get(o.deliveryServiceId) ?? []), o]);
  const previous = await previousOrigins(ctx, cdn.id);
  const ats = new Map(
    records.map((ds) => [ds.id, atsDeliveryService(ds, byService.get(ds.id) ?? [], previous.get(ds.id))]),
  );
  return { records, ats, byXmlId: new Map(records.map((ds) => [ds.xmlId, ds])) };
}

export function servicesOfCdn(ctx: AppContext, memo: Memo, cdn: Cdn): Promise<CdnServices> {
  return once(memo.services, cdn.id, () => loadServices(ctx, cdn));
}

export function paramsOfProfile(ctx: AppContext, memo: Memo, profile: string): Promise<AtsParameter[]> {
  return once(memo.params, profile, async () => atsParameters((await ctx.store.parameters.ofProfile(profile)) ?? []));
}

const jobMemos = new WeakMap<object, { version: string; cdns: Map<number, Promise<CdnJobs>> }>();

/**
 * The CDN's purges that may still be running: read at the first request after a write to their tables, and
 * rendered at each request's own time (the renderer leaves out what has ended since; nothing ended comes back).
 */
export async function jobsOfCdn(ctx: AppContext, cdn: Cdn): Promise<CdnJobs> {
  const version = await ctx.store.dataVersion(JOB_TABLES);
  let memo = jobMemos.get(ctx.store);
  if (memo?.version !== version) {
    memo = { version, cdns: new Map() };
    jobMemos.set(ctx.store, memo);
  }
  return once(memo.cdns, cdn.id, async () => {
    const maxRevalDurationDays = await readMaxRevalDurationDays(ctx);
    const now = ctx.clock();
    const jobs = await ctx.store.jobs.runningPurgesOfCdn(cdn.id, now, now - maxRevalDurationDays * DAY_MS);
    return { jobs, maxRevalDurationDays };
  });
}

/** The ids of the delivery services assigned to any of `serverIds` (a MID's children share one answer). */
export function servicesOfHolders(ctx: AppContext, memo: Memo, serverIds: readonly number[]): Promise<number[]> {
  return once(memo.holders, serverIds.join(','), () =>
    serverIds.length === 1
      ? ctx.store.servers.deliveryServiceIds(serverIds[0] as number)
      : ctx.store.cacheConfig.deliveryServiceIdsOfServers(serverIds),
  );
}

const isCacheType = (type: string) => type.startsWith('EDGE') || type.startsWith('MID');

/**
 * Reads, once per catalog version and CDN, the delivery services of every child cache group's caches (issue 32): a
 * MID's services are the union of its child groups', so with these kept a MID's generation reads none (a cold
 * MID read ~28,000 assignment rows, ~20 ms). One group per turn of the event loop; each set is kept under the
 * group's cache ids, as the MID's generation asks for it, so a server moved since is simply read again.
 */
export function warmGroupServices(ctx: AppContext, memo: Memo, cdn: Cdn): Promise<void> {
  return once(memo.warmed, cdn.id, async () => {
    const groups = await cachegroupsOf(ctx, memo);
    const children = groups.records.filter(
      (g) => g.parentCachegroupId !== null || g.secondaryParentCachegroupId !== null,
    );
    const caches = await ctx.store.cacheConfig.cachesInCachegroups(
      cdn.id,
      children.map((g) => g.id),
    );
    const byGroup = new Map<string, number[]>();
    for (const c of caches)
      if (isCacheType(c.type)) byGroup.set(c.cachegroup, [...(byGroup.get(c.cachegroup) ?? []), c.id]);
    for (const ids of byGroup.values()) {
      await turn();
      await servicesOfHolders(ctx, memo, ids);
    }
  });
}
