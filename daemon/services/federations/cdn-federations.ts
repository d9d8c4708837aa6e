import type { AppContext } from '../../context.js';
import type { Federation } from '../../store/federations.js';
import type { CdnFederationInput } from '../../../shared/rules/federations.js';
import { changeAs } from '../change.js';
import { badRequest, forbidden, notFound } from '../errors.js';
import type { Principal } from '../principal.js';
import { visibleTenants } from '../tenant-access.js';

/** One row of GET cdns/{name}/federations: a federation, with one of its delivery services in the CDN. */
export interface CdnFederationRow {
  federation: Federation;
  deliveryService: { id: number; xmlId: string } | null;
}

async function cdnId(ctx: AppContext, name: string): Promise<number> {
  const cdn = await ctx.store.cdns.byName(name);
  if (!cdn) throw notFound('cdn not found');
  return cdn.id;
}

/**
 * The federations of a CDN (reference §8.2): one row per delivery service of theirs in the CDN, and one without a
 * delivery service for a federation of the CDN that serves none there. Rows of delivery services outside the
 * caller's tenants are left out (BEHAVIOR.md §3; Traffic Ops refused the whole list with 403).
 */
export async function cdnFederations(ctx: AppContext, principal: Principal, name: string, id: number | null) {
  const cdn = await cdnId(ctx, name);
  const visible = await visibleTenants(ctx, principal);
  const deliveryServices = new Map((await ctx.store.deliveryServices.list()).map((ds) => [ds.id, ds]));
  const rows: CdnFederationRow[] = [];
  for (const f of await ctx.store.federations.list()) {
    if (id !== null && f.id !== id) continue;
    const inCdn = f.deliveryServices.filter((ds) => deliveryServices.get(ds.id)?.cdnId === cdn);
    for (const ds of inCdn.filter((d) => visible.has(d.tenantId))) {
      rows.push({ federation: f, deliveryService: { id: ds.id, xmlId: ds.xmlId } });
    }
    if (inCdn.length === 0 && f.cdnId === cdn) rows.push({ federation: f, deliveryService: null });
  }
  return rows;
}

const entry = (cname: string, id: number, action: string) =>
  `CDNFEDERATION: ${cname}, ID: ${id}, ACTION: ${action} cdnfederation, keys: { id:${id} }`;
const taken = (cname: string) => badRequest(`federation cname '${cname}' already exists.`);

/** The federation a write names, if the caller may change it: every delivery service it serves is the caller's. */
async function writable(ctx: AppContext, principal: Principal, id: number, missing: string): Promise<Federation> {
  const federation = await ctx.store.federations.byId(id);
  if (!federation) throw notFound(missing);
  const visible = await visibleTenants(ctx, principal);
  if (!federation.deliveryServices.every((ds) => visible.has(ds.tenantId))) throw forbidden('unauthorized for tenant');
  return federation;
}

async function reread(ctx: AppContext, id: number): Promise<Federation> {
  const federation = await ctx.store.federations.byId(id);
  if (!federation) throw new Error(`federation ${id} vanished after its write`);
  return federation;
}

/** POST cdns/{name}/federations: a new federation of that CDN (the name is not checked, as in Traffic Ops). */
export async function createCdnFederation(
  ctx: AppContext,
  principal: Principal,
  cdnName: string,
  f: CdnFederationInput,
): Promise<Federation> {
  const cdn = await ctx.store.cdns.byName(cdnName);
  const fields = { ...f, cdnId: cdn?.id ?? null };
  const id = await ctx.store.federationWrites.insert(fields, ctx.clock(), (created) =>
    created === null ? null : changeAs(ctx, principal, entry(f.cname, created, 'Created'), []),
  );
  if (id === null) throw taken(f.cname);
  return reread(ctx, id);
}

/** PUT cdns/{name}/federations/{id}. */
export async function updateCdnFederation(
  ctx: AppContext,
  principal: Principal,
  cdnName: string,
  id: number,
  f: CdnFederationInput,
): Promise<Federation> {
  const federation = await writable(ctx, principal, id, 'no cdnfederation found with this id');
  const cdn = await ctx.store.cdns.byName(cdnName);
  const tenants = federation.deliveryServices.map((ds) => ds.tenantId);
  const outcome = await ctx.store.federationWrites.update(id, { ...f, cdnId: cdn?.id ?? null }, ctx.clock(), (o) =>
    o === 'updated' ? changeAs(ctx, principal, entry(f.cname, id, 'Updated'), tenants) : null,
  );
  if (outcome === 'missing') throw notFound('no cdnfederation found with this id');
  if (outcome === 'taken') throw taken(f.cname);
  return reread(ctx, id);
}

/** DELETE cdns/{name}/federations/{id}. */
export async function deleteCdnFederation(ctx: AppContext, principal: Principal, id: number): Promise<void> {
  const federation = await writable(ctx, principal, id, 'no cdnfederation with that key found');
  const tenants = federation.deliveryServices.map((ds) => ds.tenantId);
  const gone = await ctx.store.federationWrites.remove(id, (removed) =>
    removed ? changeAs(ctx, principal, entry(federation.cname, id, 'Deleted'), tenants) : null,
  );
  if (!gone) throw notFound('no cdnfederation with that key found');
}
