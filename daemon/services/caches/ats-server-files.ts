import type { AtsServerContext } from '../../atsconfig/context.js';
import { generateAtsFile } from '../../atsconfig/generate.js';
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
  const neighbours = (await ctx.store.cacheConfig.serversInCachegroups(cdn.id, ids)).map(atsServer);
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

async function build(ctx: AppContext, memo: Memo, server: Server, cdn: Cdn, servers: string): Promise<Entry> {
  const slice = await sliceOf(ctx, memo, server, cdn);
  const holders = serviceHolders(slice).map((s) => s.id);
  const ids = new Set(await servicesOfHolders(ctx, memo, holders));
  const all = await servicesOfCdn(ctx, memo, cdn);
  const services = all.records.filter((ds) => ids.has(ds.id));
  slice.deliveryServices = services.map((ds) => all.ats.get(ds.id)!);
  const fingerprint = JSON.stringify([slice.server, slice.neighbours]);
  const context = sliceContext(slice);
  return { catalog: memo.version, servers, fingerprint, context, services, files: new Map(), chars: 0 };
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
      if (entry.files.has(name)) return entry.files.get(name) ?? null;
      const text = generateAtsFile(entry.context, name);
      entry.files.set(name, text);
      entry.chars += text?.length ?? 0;
      k.chars += text?.length ?? 0;
      for (const [other] of k.entries) {
        if (k.chars <= BUDGET_CHARS || other === id) break;
        forget(k, other);
      }
      return text;
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
  const fresh = await build(ctx, memo, server, cdn, servers);
  // Only the servers' version moved (a check-in, another cache's change): the files already made still hold.
  const next = entry && entry.catalog === fresh.catalog && entry.fingerprint === fresh.fingerprint ? entry : fresh;
  next.servers = servers;
  keep(k, server.id, next);
  return generation(ctx, k, server.id, next, cdn);
}
