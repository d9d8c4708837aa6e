import type { AtsDeliveryService, AtsServer } from '../../atsconfig/context.js';
import { cachedServices } from '../../atsconfig/header.js';
import { dsFiles } from '../../atsconfig/ds-files.js';
import type { AtsFileScope } from '../../atsconfig/file-list.js';
import { isBaseFile } from '../../atsconfig/generate.js';
import { isCache } from '../../atsconfig/topology.js';
import type { AppContext } from '../../context.js';
import { CDNCTL_VERSION } from '../package-version.js';
import type { Cdn } from '../../store/cdns.js';
import type { Server } from '../../store/servers.js';
import { cachegroupsOf, catalogMemo, servicesOfCdn } from './ats-catalog.js';
import { SERVER_TABLES, TIMED_FILE, serverGeneration, type ServerGeneration } from './ats-server-files.js';
import { atsServer } from './ats-topology.js';

/*
 * A file at its profile or CDN URI (issue 32): the text the first cache (by host name) that installs it would
 * get, found without generating files for every cache. A file every cache installs comes from the first
 * candidate; a delivery service's file (hdr_rw_, hdr_rw_mid_, regex_remap_) says the same on every cache that
 * installs it, so it is made once a candidate that installs it is found through the service's assignments.
 */

type Scope = Exclude<AtsFileScope, 'servers'>;

/**
 * Where a scoped file is looked for, and the parent cache groups' servers read so far for it at this data version
 * (a MID group's children share their services: most hdr_rw_mid_ files look in the same groups).
 */
interface At {
  scope: Scope;
  owner: string;
  parents: Map<string, Promise<Server[]>>;
  /** The first cache in scope, by profile (every base file at a scoped URI is that cache's). */
  firsts: Map<string, Promise<Server | null>>;
}
const isMidServer = (s: Pick<AtsServer, 'type'>) => s.type.startsWith('MID');

/** A found file: the host it was made for (the first one wins) and its text. */
interface Found {
  host: string;
  text: string;
}

const inScope = (scope: Scope, owner: string) => (s: Server) =>
  isCache(atsServer(s)) && (scope === 'cdns' || s.profile === owner);

/** The delivery-service files a name may be, as [kind, xmlId] (hdr_rw_mid_x is also hdr_rw_ of "mid_x"). */
function readings(file: string): Array<['edge' | 'regex' | 'mid', string]> {
  const out: Array<['edge' | 'regex' | 'mid', string]> = [];
  const base = /^(.+)\.config$/.exec(file)?.[1];
  if (!base) return out;
  if (base.startsWith('hdr_rw_mid_')) out.push(['mid', base.slice('hdr_rw_mid_'.length)]);
  if (base.startsWith('hdr_rw_')) out.push(['edge', base.slice('hdr_rw_'.length)]);
  if (base.startsWith('regex_remap_')) out.push(['regex', base.slice('regex_remap_'.length)]);
  return out.filter(([, xmlId]) => xmlId !== '');
}

/**
 * The first cache (by host name) of the CDN in scope that installs a delivery service's file: an EDGE assigned to
 * it (hdr_rw_, regex_remap_), or a MID parent of the cache groups of the caches assigned to it (hdr_rw_mid_).
 */
async function firstInstaller(
  ctx: AppContext,
  cdn: Cdn,
  kind: 'edge' | 'regex' | 'mid',
  dsId: number,
  at: At,
): Promise<Server | null> {
  const { scope, owner } = at;
  const profile = scope === 'profiles' ? owner : null;
  if (kind !== 'mid') return ctx.store.cacheConfig.firstHolder(dsId, cdn.id, profile, 'EDGE');
  const groups = (await cachegroupsOf(ctx, await catalogMemo(ctx))).records;
  const childGroups = new Set(await ctx.store.cacheConfig.holderCachegroupIds(dsId, cdn.id));
  const parentIds = new Set<number>();
  for (const g of groups.filter((c) => childGroups.has(c.id))) {
    if (g.parentCachegroupId !== null) parentIds.add(g.parentCachegroupId);
    if (g.secondaryParentCachegroupId !== null) parentIds.add(g.secondaryParentCachegroupId);
  }
  const key = `${cdn.id}:${[...parentIds].sort((a, b) => a - b).join(',')}`;
  let parents = at.parents.get(key);
  if (!parents) {
    parents = ctx.store.cacheConfig.serversInCachegroups(cdn.id, [...parentIds]);
    at.parents.set(key, parents);
    parents.catch(() => at.parents.delete(key));
  }
  return (await parents).find((s) => inScope(scope, owner)(s) && isMidServer(s)) ?? null;
}

async function serviceFile(
  ctx: AppContext,
  cdn: Cdn,
  file: string,
  [kind, xmlId]: ['edge' | 'regex' | 'mid', string],
  at: At,
): Promise<Found | null> {
  const services = await servicesOfCdn(ctx, await catalogMemo(ctx), cdn);
  const ds = services.byXmlId.get(xmlId);
  const ats = ds && services.ats.get(ds.id);
  if (!ds || !ats) return null;
  const first = await firstInstaller(ctx, cdn, kind, ds.id, at);
  if (!first) return null;
  const target = { cdn: { id: cdn.id, name: cdn.name, domainName: cdn.domainName }, version: CDNCTL_VERSION };
  const text = dsFiles({ ...target, server: atsServer(first), deliveryServices: [ats] }).find(
    (f) => f.fileName === file,
  )?.text;
  return text === undefined ? null : { host: first.hostName, text };
}

/** What makes a service need a file every EDGE holding such a service installs (drop_qstring, bg_fetch). */
const SHARED_FILES: Readonly<Record<string, (ds: AtsDeliveryService) => boolean>> = {
  'drop_qstring.config': (ds) => ds.qstringIgnore === 2,
  'bg_fetch.config': (ds) => ds.rangeRequestHandling === 1,
};

/**
 * A file an EDGE installs when it holds a service that needs it: the same text on every EDGE that does, so the
 * first holder in scope of any such service tells whether a cache in scope installs it.
 */
async function sharedFile(ctx: AppContext, cdn: Cdn, file: string, at: At): Promise<string | null> {
  const needs = SHARED_FILES[file];
  if (!needs) return null;
  const services = await servicesOfCdn(ctx, await catalogMemo(ctx), cdn);
  const profile = at.scope === 'profiles' ? at.owner : null;
  const target = { cdn: { id: cdn.id, name: cdn.name, domainName: cdn.domainName }, version: CDNCTL_VERSION };
  for (const [id, ats] of services.ats) {
    if (!needs(ats) || cachedServices([ats]).length === 0) continue;
    const first = await ctx.store.cacheConfig.firstHolder(id, cdn.id, profile, 'EDGE');
    if (!first) continue;
    const files = dsFiles({ ...target, server: atsServer(first), deliveryServices: [ats] });
    return files.find((f) => f.fileName === file)?.text ?? null;
  }
  return null;
}

async function inCdn(ctx: AppContext, cdn: Cdn, file: string, at: At): Promise<string | null> {
  if (isBaseFile(file)) {
    const profile = at.scope === 'profiles' ? at.owner : null;
    const key = `${cdn.id}:${profile ?? ''}`;
    let found = at.firsts.get(key);
    if (!found) {
      found = ctx.store.cacheConfig.firstCache(cdn.id, profile, null);
      at.firsts.set(key, found);
      found.catch(() => at.firsts.delete(key));
    }
    const first = await found;
    return first ? (await serverGeneration(ctx, first, cdn)).file(file) : null;
  }
  if (Object.hasOwn(SHARED_FILES, file)) return sharedFile(ctx, cdn, file, at);
  let best: Found | null = null;
  for (const reading of readings(file)) {
    const found = await serviceFile(ctx, cdn, file, reading, at);
    if (found && (best === null || found.host < best.host)) best = found;
  }
  return best?.text ?? null;
}

interface Answers {
  version: string;
  texts: Map<string, Promise<string | null>>;
  parents: Map<string, Promise<Server[]>>;
  firsts: Map<string, Promise<Server | null>>;
  /** The caches whose own files were kept as answers at this version. */
  told: Set<number>;
}

const answers = new WeakMap<object, Answers>();

/** The answers kept at the current data version (a new, empty set when it moved). */
async function answersNow(ctx: AppContext): Promise<Answers> {
  const version = `${(await catalogMemo(ctx)).version}|${await ctx.store.dataVersion(SERVER_TABLES)}`;
  let memo = answers.get(ctx.store);
  if (memo?.version !== version) {
    memo = { version, texts: new Map(), parents: new Map(), firsts: new Map(), told: new Set() };
    answers.set(ctx.store, memo);
  }
  return memo;
}

const answerKey = (scope: Scope, owner: string, file: string) => JSON.stringify([scope, owner, file]);

/**
 * The text of a file at `/<scope>/<owner>/configfiles/ats/<file>`, or null when no cache in scope installs it;
 * kept per data version (every cache holding a service asks for its files at the CDN's URI).
 */
export async function scopedFileText(
  ctx: AppContext,
  scope: Scope,
  owner: string,
  file: string,
): Promise<string | null> {
  const memo = await answersNow(ctx);
  if (file === TIMED_FILE) return findScoped(ctx, file, { scope, owner, parents: memo.parents, firsts: memo.firsts });
  const key = answerKey(scope, owner, file);
  let text = memo.texts.get(key);
  if (!text) {
    text = findScoped(ctx, file, { scope, owner, parents: memo.parents, firsts: memo.firsts });
    memo.texts.set(key, text);
    const texts = memo.texts;
    text.catch(() => texts.delete(key));
  }
  return text;
}

/**
 * Keeps, as the answers at the CDN's URI, the delivery-service files a cache's own generation holds (issue 32):
 * a service's file says the same on every cache that installs it, so the cache that lists it is an installer
 * and the file need not be looked for when that cache fetches it. A name two services may claim (hdr_rw_mid_x
 * beside a service "mid_x") is left to the lookup, which picks by host name.
 */
export async function keepServedAnswers(ctx: AppContext, generation: ServerGeneration, cdn: Cdn): Promise<void> {
  const { server } = generation.context;
  if (!isCache(server) || server.cdnName !== cdn.name) return;
  const memo = await answersNow(ctx);
  if (memo.version !== generation.version || memo.told.has(server.id)) return;
  memo.told.add(server.id);
  const services = await servicesOfCdn(ctx, await catalogMemo(ctx), cdn);
  for (const { fileName, text } of dsFiles(generation.context)) {
    if (fileName === 'drop_qstring.config') continue;
    const claims = readings(fileName).filter(([, xmlId]) => services.byXmlId.has(xmlId));
    if (claims.length > 1) continue;
    const key = answerKey('cdns', cdn.name, fileName);
    if (!memo.texts.has(key)) memo.texts.set(key, Promise.resolve(text));
  }
}

async function findScoped(ctx: AppContext, file: string, at: At): Promise<string | null> {
  const cdns = at.scope === 'cdns' ? [await ctx.store.cdns.byName(at.owner)] : await ctx.store.cdns.list();
  for (const cdn of cdns) {
    if (!cdn) continue;
    const text = await inCdn(ctx, cdn, file, at);
    if (text !== null) return text;
  }
  return null;
}

/**
 * The name of the profile or CDN a file URI names, by name or, when no such name exists and the reference is
 * all digits, by id (Traffic Ops took either); the reference itself when neither is found (the file is then 404).
 */
export async function scopeOwnerName(ctx: AppContext, scope: Scope, ref: string): Promise<string> {
  const id = /^\d{1,15}$/.test(ref) ? Number(ref) : null;
  if (scope === 'cdns') {
    if (id === null || (await ctx.store.cdns.byName(ref))) return ref;
    return (await ctx.store.cdns.byId(id))?.name ?? ref;
  }
  if (id === null || (await ctx.store.profiles.list({ name: ref })).length > 0) return ref;
  return (await ctx.store.profiles.get(id))?.name ?? ref;
}
