import type { AppContext } from '../../context.js';
import { rootTenants } from '../caches/change-entries.js';
import { changeAs } from '../change.js';
import { badRequest, notFound } from '../errors.js';
import type { Principal } from '../principal.js';
import type { Cachegroup, CachegroupFields, CachegroupUsage } from '../../store/cachegroups.js';
import {
  CG_TEXTS,
  ancestorLoop,
  cachegroupFieldErrors,
  fallbackProblem,
  localizationMethods,
  type CachegroupBody,
} from '../../../shared/rules/topology/cachegroups.js';

export const CG_WRITE_TEXTS = {
  noSuchId: 'no cachegroup found with this id',
  noSuchKey: 'no cachegroup with that id found',
} as const;

/** Step 1 of Traffic Ops' order: the type must exist and be a cache-group type; its name. */
async function typeOf(ctx: AppContext, typeId: number | null | undefined): Promise<string> {
  if (typeId === null || typeId === undefined) throw badRequest(CG_TEXTS.missingType);
  const type = await ctx.store.cachegroups.typeById(typeId);
  if (!type) throw badRequest(CG_TEXTS.typeNotFound);
  if (type.useInTable !== 'cachegroup') throw badRequest(CG_TEXTS.notCachegroupType);
  return type.name;
}

/** Duplicate names, unknown parents and ancestor loops, against the stored groups (`self`: the one updated). */
function checkAgainst(groups: Cachegroup[], body: CachegroupBody, self: number | null): void {
  const others = groups.filter((g) => g.id !== self);
  if (others.some((g) => g.name === body.name)) throw badRequest(CG_TEXTS.nameTaken(body.name!));
  if (others.some((g) => g.shortName === body.shortName)) throw badRequest(CG_TEXTS.shortNameTaken(body.shortName!));
  const parents = [body.parentCachegroupId ?? null, body.secondaryParentCachegroupId ?? null];
  for (const parent of parents)
    if (parent !== null && !groups.some((g) => g.id === parent)) throw notFound(CG_TEXTS.parentNotFound);
  if (self === null) return;
  const byId = new Map(groups.map((g) => [g.id, g]));
  const loop = ancestorLoop(
    self,
    parents,
    (id) => [byId.get(id)?.parentCachegroupId ?? null, byId.get(id)?.secondaryParentCachegroupId ?? null],
    (id) => (id === self ? body.name! : (byId.get(id)?.name ?? String(id))),
  );
  if (loop) throw badRequest(CG_TEXTS.ancestor(loop));
}

/**
 * Checks a POST or PUT body in Traffic Ops' order (reference §2.2: decoding, type, fallbacks, fields; then
 * names, parents and cdnctl's ancestor rule) and answers the fields to store.
 */
export async function validCachegroup(
  ctx: AppContext,
  body: CachegroupBody | null,
  self: number | null,
): Promise<CachegroupFields> {
  const b = body ?? {};
  const methods = localizationMethods(b.localizationMethods);
  if ('error' in methods) throw badRequest(methods.error);
  const typeName = await typeOf(ctx, b.typeId);
  const groups = await ctx.store.cachegroups.list({});
  const fallbacks = b.fallbacks ?? [];
  const problem = fallbackProblem(b.name ?? '', typeName, fallbacks, (n) => groups.find((g) => g.name === n)?.typeName);
  if (problem) throw badRequest(problem);
  const errors = cachegroupFieldErrors(b);
  if (errors.length > 0) throw badRequest(errors.join(', '));
  checkAgainst(groups, b, self);
  return {
    name: b.name!,
    shortName: b.shortName!,
    typeId: b.typeId!,
    latitude: b.latitude ?? null,
    longitude: b.longitude ?? null,
    parentCachegroupId: b.parentCachegroupId ?? null,
    secondaryParentCachegroupId: b.secondaryParentCachegroupId ?? null,
    fallbackToClosest: b.fallbackToClosest ?? true,
    localizationMethods: methods,
    fallbackIds: fallbacks.map((n) => groups.find((g) => g.name === n)!.id),
  };
}

const generic = (name: string, id: number, action: string) =>
  `CACHEGROUP: ${name}, ID: ${id}, ACTION: ${action} cachegroup, keys: { id:${id} }`;

/** POST cachegroups: the new group as stored; logged. */
export async function createCachegroup(
  ctx: AppContext,
  principal: Principal,
  body: CachegroupBody | null,
): Promise<Cachegroup> {
  const fields = await validCachegroup(ctx, body, null);
  const tenants = await rootTenants(ctx);
  const id = await ctx.store.cachegroups.insert(fields, ctx.clock(), (newId) =>
    changeAs(ctx, principal, generic(fields.name, newId, 'Created'), tenants),
  );
  return (await ctx.store.cachegroups.byId(id))!;
}

/**
 * PUT cachegroups/:id: replaces the group; when its parent or secondary parent changes, updates are queued on its
 * servers and its children's (their parent configuration changes). Answers the group and the queued host names.
 */
export async function updateCachegroup(
  ctx: AppContext,
  principal: Principal,
  id: number,
  body: CachegroupBody | null,
): Promise<{ cachegroup: Cachegroup; queued: string[] }> {
  const fields = await validCachegroup(ctx, body, id);
  const tenants = await rootTenants(ctx);
  const before = await ctx.store.cachegroups.byId(id);
  const change = changeAs(ctx, principal, generic(fields.name, id, 'Updated'), tenants);
  const result = await ctx.store.cachegroups.update(id, fields, ctx.clock(), (r) => (r.found ? change : null));
  if (!result.found) throw notFound(CG_WRITE_TEXTS.noSuchId);
  const mids = before ? await queueParentMids(ctx, before, fields) : [];
  return { cachegroup: (await ctx.store.cachegroups.byId(id))!, queued: [...new Set([...result.queued, ...mids])] };
}

/**
 * When a group's parents change, the MIDs of the parent groups it leaves and joins are queued too: their
 * remap.config and parent.config carry the services of this group's caches. Answers their host names.
 */
async function queueParentMids(ctx: AppContext, before: Cachegroup, after: CachegroupFields): Promise<string[]> {
  const old = new Set([before.parentCachegroupId, before.secondaryParentCachegroupId]);
  const now = new Set([after.parentCachegroupId, after.secondaryParentCachegroupId]);
  // A parent kept (as parent or secondary) carries the same services: only the groups left or joined change.
  const changed = [...old].filter((g) => !now.has(g)).concat([...now].filter((g) => !old.has(g)));
  const groups = new Set(changed.filter((g): g is number => g !== null && g !== undefined));
  if (groups.size === 0) return [];
  const mids = (await ctx.store.servers.list({}, null)).filter(
    (s) => groups.has(s.cachegroupId) && s.type.startsWith('MID'),
  );
  for (const mid of mids) await ctx.store.serverFlags.setUpdPending({ id: mid.id }, null, true, ctx.clock());
  return mids.map((m) => m.hostName);
}

/** Traffic Ops' refusals of a delete, in its order; origins are cdnctl's (an origin may name a cache group). */
function inUse(usage: CachegroupUsage): string | null {
  if (usage.servers > 0) return 'cachegroup is in use by one or more servers';
  if (usage.children > 0) return 'cachegroup is in use as a parent cachegroup';
  if (usage.secondaryChildren > 0) return 'cachegroup is in use as a secondary parent cachegroup';
  if (usage.asns > 0) return 'cachegroup is in use in one or more ASNs';
  if (usage.origins > 0) return 'cachegroup is in use by one or more origins';
  return null;
}

/** DELETE cachegroups/:id: refused while anything uses the group; its coordinate goes with it. */
export async function deleteCachegroup(ctx: AppContext, principal: Principal, id: number): Promise<void> {
  const group = await ctx.store.cachegroups.byId(id);
  if (!group) throw notFound(CG_WRITE_TEXTS.noSuchKey);
  const refusal = inUse(await ctx.store.cachegroups.usage(id));
  if (refusal) throw badRequest(refusal);
  const change = changeAs(ctx, principal, generic(group.name, id, 'Deleted'), await rootTenants(ctx));
  if (!(await ctx.store.cachegroups.delete(id, (ok) => (ok ? change : null)))) throw notFound(CG_WRITE_TEXTS.noSuchKey);
}
