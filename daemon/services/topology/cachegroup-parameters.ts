import type { AppContext } from '../../context.js';
import { rootTenants } from '../caches/change-entries.js';
import { changeAs } from '../change.js';
import { badRequest, notFound } from '../errors.js';
import type { Principal } from '../principal.js';
import type { Parameter } from '../../store/parameters.js';

/** Texts of the cache-group parameter routes (reference §2, §2.4). */
export const CGP_TEXTS = {
  noGroup: 'cachegroup does not exist',
  invalid: 'invalid cachegroup parameter.',
  linked: (p: number, cg: number) => `parameter: ${p} already associated with cachegroup: ${cg}.`,
  groupNotFound: 'cachegroup not found',
  parameterNotFound: 'parameter not found',
  created: 'Cachegroup parameter associations were created.',
  deleted: 'cachegroup parameter was deleted.',
  noGroupNamed: (id: number) => `cachegroup ${id} does not exist`,
  noParameterNamed: (id: number) => `parameter ${id} does not exist`,
  notLinked: 'no cachegroup parameter with that key found',
} as const;

/** GET cachegroups/:id/parameters or unassigned_parameters: 404 when there is no such group. */
export async function cachegroupParameters(ctx: AppContext, id: number, linked: boolean): Promise<Parameter[]> {
  if (!(await ctx.store.cachegroups.byId(id))) throw notFound(CGP_TEXTS.noGroup);
  return linked ? ctx.store.cachegroups.parameters(id) : ctx.store.cachegroups.unassignedParameters(id);
}

export interface CachegroupParameterPair {
  cacheGroupId: number;
  parameterId: number;
}

type PairBody = { cacheGroupId?: number | null; parameterId?: number | null };

/** The pairs of a POST body (one object or an array); a pair missing either key is refused. */
export function parameterPairs(body: PairBody | PairBody[] | null): CachegroupParameterPair[] {
  const list = Array.isArray(body) ? body : [body ?? {}];
  return list.map((p) => {
    if (p === null || typeof p.cacheGroupId !== 'number' || typeof p.parameterId !== 'number')
      throw badRequest(CGP_TEXTS.invalid);
    return { cacheGroupId: p.cacheGroupId, parameterId: p.parameterId };
  });
}

/** Refuses a pair whose group or parameter is unknown (404) or that is linked already (400). */
async function checkPair(ctx: AppContext, pair: CachegroupParameterPair): Promise<void> {
  if (!(await ctx.store.cachegroups.byId(pair.cacheGroupId))) throw notFound(CGP_TEXTS.groupNotFound);
  const linked = await ctx.store.cachegroups.parameters(pair.cacheGroupId);
  if (linked.some((p) => p.id === pair.parameterId))
    throw badRequest(CGP_TEXTS.linked(pair.parameterId, pair.cacheGroupId));
  const free = await ctx.store.cachegroups.unassignedParameters(pair.cacheGroupId);
  if (!free.some((p) => p.id === pair.parameterId)) throw notFound(CGP_TEXTS.parameterNotFound);
}

/** POST cachegroupparameters: links every pair (none when one is refused). Not in the change log, as in TO. */
export async function linkCachegroupParameters(ctx: AppContext, pairs: CachegroupParameterPair[]): Promise<void> {
  const seen = new Set<string>();
  for (const pair of pairs) {
    await checkPair(ctx, pair);
    const key = `${pair.cacheGroupId}-${pair.parameterId}`;
    if (seen.has(key)) throw badRequest(CGP_TEXTS.linked(pair.parameterId, pair.cacheGroupId));
    seen.add(key);
  }
  await ctx.store.cachegroups.linkParameters(
    pairs.map((p) => ({ cachegroupId: p.cacheGroupId, parameterId: p.parameterId })),
    ctx.clock(),
  );
}

/** DELETE cachegroupparameters/:cachegroupId/:parameterId: logged as Traffic Ops' generic delete. */
export async function unlinkCachegroupParameter(
  ctx: AppContext,
  principal: Principal,
  cachegroupId: number,
  parameterId: number,
): Promise<void> {
  if (!(await ctx.store.cachegroups.byId(cachegroupId))) throw notFound(CGP_TEXTS.noGroupNamed(cachegroupId));
  const linked = await ctx.store.cachegroups.parameters(cachegroupId);
  const free = await ctx.store.cachegroups.unassignedParameters(cachegroupId);
  if (![...linked, ...free].some((p) => p.id === parameterId)) throw notFound(CGP_TEXTS.noParameterNamed(parameterId));
  const message =
    `CACHEGROUP PARAMETER: ${cachegroupId}-${parameterId}, ID: N/A, ACTION: Deleted cachegroup parameter, ` +
    `keys: { cachegroupId:${cachegroupId}, parameterId:${parameterId} }`;
  const change = changeAs(ctx, principal, message, await rootTenants(ctx));
  if (!(await ctx.store.cachegroups.unlinkParameter(cachegroupId, parameterId, (ok) => (ok ? change : null))))
    throw notFound(CGP_TEXTS.notLinked);
}
