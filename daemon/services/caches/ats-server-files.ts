import type { AtsServerContext } from '../../atsconfig/context.js';
import { dsFiles } from '../../atsconfig/ds-files.js';
import { generateAtsFile, isBaseFile } from '../../atsconfig/generate.js';
import { neighbourGroups, serviceHolders, sliceContext, type AtsServerSlice } from '../../atsconfig/topology.js';
import type { AppContext } from '../../context.js';
import { CDNCTL_VERSION } from '../package-version.js';
import type { Cdn } from '../../store/cdns.js';
import type { DeliveryService } from '../../store/deliveryservices.js';
import type { Server } from '../../store/servers.js';
import { atsServer } from './ats-topology.js';
import {
  cachegroupsOf,
  catalogMemo,
  jobsOfCdn,
  paramsOfProfile,
  servicesOfCdn,
  servicesOfHolders,
  warmGroupServices,
  type Memo,
} from './ats-catalog.js';

/*
 * One cache's configuration files (issue 32): what they need is loaded for that cache alone (its parents' and
 * children's servers, its delivery services, its profile's parameters) and each file is rendered once per data
 * version, when first asked for. A check-in moves the servers table's version but none of a file's inputs: the
 * files stay as long as the servers they read are the same.
 */

/** The generation's servers input (the catalog's tables are in ats-catalog.ts). */
export const SERVER_TABLES: readonly string[] = ['servers'];
/** Rendered text kept at most, over every cache (the least recently used cache's files go first). */
const BUDGET_CHARS = 64 * 1024 * 1024;
/** regex_revalidate.config names the time it was made: made at every request, from the kept purges. */
export const TIMED_FILE = 'regex_revalidate.config';

/** A cache's generation: its context and the delivery-service records, with the files rendered so far. */
export interface ServerGeneration {
  context: AtsServerContext;
  services: DeliveryService[];
  /** The data version the generation holds at: the catalog's and the servers' (as scoped answers are kept). */
  version: string;
  /** One file by name (null: the server installs no such file). */
  file(name: string): Promise<string | null>;
}

interface Entry {
  catalog: string;
  servers: string;
  /** The servers the files read, as a string: equal after a check-in. */
  fingerprint: string;
  context: AtsServerContext;
  services: DeliveryService[];
  files: Map<string, string | null>;
  /** Whether the delivery-service files are in `files` (made all at once: one pass over the services). */
  dsFilesMade: boolean;
  chars: number;
}

interface Kept {
  entries: Map<number, Entry>;
  chars: number;
}

const kept = new WeakMap<object, Kept>();

function keptOf(ctx: AppContext): Kept {
  let k = kept.get(ctx.store);
  if (!k) {
    k = { entries: new Map(), chars: 0 };
    kept.set(ctx.store, k);
  }
  return k;
}

async function sliceOf(ctx: AppContext, memo: Memo, server: Server, cdn: Cdn): Promise<AtsServerSlice> {
  const groups = await cachegroupsOf(ctx, memo);
  const self = atsServer(server);
  const names = new Set(neighbourGroups(groups.ats, self));
  const ids = groups.records.filter((c) => names.has(c.name)).map((c) => c.id);
  const neighbours = (await ctx.store.cacheConfig.cachesInCachegroups(cdn.id, ids)).map(atsServer);
  return {
    cdn: { id: cdn.id, name: cdn.name, domainName: cdn.domainName },
    cachegroups: groups.ats,
    server: self,
    neighbours,
    params: await paramsOfProfile(ctx, memo, server.profile),
    deliveryServices: [],
    // The purges are read apart (jobsOfCdn), for the one file that lists them.
    jobs: [],
    maxRevalDurationDays: 0,
    now: ctx.clock(),
    version: CDNCTL_VERSION,
  };
}

/**
 * The ids of the server's delivery services: an EDGE's own; a MID's, the union of its child groups' caches',
 * each group's kept apart (a group is the child of two MID groups, and the ten MIDs of a group share them all).
 */
async function serviceIdsOf(ctx: AppContext, memo: Memo, slice: AtsServerSlice): Promise<Set<number>> {
  const holders = serviceHolders(slice);
  if (!slice.server.type.startsWith('MID'))
    return new Set(
      await servicesOfHolders(
        ctx,
        memo,
        holders.map((s) => s.id),
      ),
    );
  const byGroup = new Map<string, number[]>();
  for (const h of holders) byGroup.set(h.cachegroup, [...(byGroup.get(h.cachegroup) ?? []), h.id]);
  const ids = new Set<number>();
  for (const group of byGroup.values()) for (const id of await servicesOfHolders(ctx, memo, group)) ids.add(id);
  return ids;
}

async function build(ctx: AppContext, memo: Memo, server: Server, cdn: Cdn, servers: string): Promise<Entry> {
  const slice = await sliceOf(ctx, memo, server, cdn);
  const ids = await serviceIdsOf(ctx, memo, slice);
  const all = await servicesOfCdn(ctx, memo, cdn);
  const services = all.records.filter((ds) => ids.has(ds.id));
  slice.deliveryServices = services.map((ds) => all.ats.get(ds.id)!);
  const fingerprint = JSON.stringify([slice.server, slice.neighbours]);
  const context = sliceContext(slice);
  return {
    catalog: memo.version,
    servers,
    fingerprint,
    context,
    services,
    files: new Map(),
    dsFilesMade: false,
    chars: 0,
  };
}

function forget(k: Kept, id: number): void {
  const old = k.entries.get(id);
  if (!old) return;
  k.chars -= old.chars;
  k.entries.delete(id);
}

function keep(k: Kept, id: number, entry: Entry): void {
  forget(k, id);
  k.entries.set(id, entry);
  k.chars += entry.chars;
}

/** Keeps a rendered file in the entry, and drops the least recently used caches' files over the budget. */
function remember(k: Kept, id: number, entry: Entry, name: string, text: string | null): void {
  entry.files.set(name, text);
  entry.chars += text?.length ?? 0;
  k.chars += text?.length ?? 0;
  for (const [other] of k.entries) {
    if (k.chars <= BUDGET_CHARS || other === id) break;
    forget(k, other);
  }
}

/** A file of the entry: rendered once (the delivery-service files all together, as one pass makes them all). */
function fileOf(k: Kept, id: number, entry: Entry, name: string): string | null {
  if (entry.files.has(name)) return entry.files.get(name) ?? null;
  if (isBaseFile(name)) {
    remember(k, id, entry, name, generateAtsFile(entry.context, name));
  } else if (!entry.dsFilesMade) {
    entry.dsFilesMade = true;
    for (const f of dsFiles(entry.context)) remember(k, id, entry, f.fileName, f.text);
  }
  return entry.files.get(name) ?? null;
}

function generation(ctx: AppContext, k: Kept, id: number, entry: Entry, cdn: Cdn): ServerGeneration {
  return {
    context: entry.context,
    services: entry.services,
    version: `${entry.catalog}|${entry.servers}`,
    async file(name) {
      if (name === TIMED_FILE) {
        const purges = await jobsOfCdn(ctx, cdn);
        return generateAtsFile({ ...entry.context, ...purges, now: ctx.clock() }, name);
      }
      return fileOf(k, id, entry, name);
    },
  };
}

/** The generation of `server` (of CDN `cdn`) at the current data version: kept, or loaded for it alone. */
export async function serverGeneration(ctx: AppContext, server: Server, cdn: Cdn): Promise<ServerGeneration> {
  const k = keptOf(ctx);
  const memo = await catalogMemo(ctx);
  const servers = await ctx.store.dataVersion(SERVER_TABLES);
  const entry = k.entries.get(server.id);
  if (entry && entry.catalog === memo.version && entry.servers === servers) {
    keep(k, server.id, entry);
    return generation(ctx, k, server.id, entry, cdn);
  }
  // The CDN's MIDs will read its groups' service sets: they are read meanwhile, in the background (when that
  // fails, each MID reads the groups it needs itself).
  warmGroupServices(ctx, memo, cdn).catch(() => undefined);
  const fresh = await build(ctx, memo, server, cdn, servers);
  // Only the servers' version moved (a check-in, another cache's change): the files already made still hold.
  const next = entry && entry.catalog === fresh.catalog && entry.fingerprint === fresh.fingerprint ? entry : fresh;
  next.servers = servers;
  keep(k, server.id, next);
  return generation(ctx, k, server.id, next, cdn);
}
