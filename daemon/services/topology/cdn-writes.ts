import type { AppContext } from '../../context.js';
import { rootTenants } from '../caches/change-entries.js';
import { changeAs } from '../change.js';
import { badRequest, notFound } from '../errors.js';
import type { Principal } from '../principal.js';
import type { Cdn, CdnUsage } from '../../store/cdns.js';
import { validateCdn, type CdnBody, type CdnInput } from '../../../shared/rules/topology/cdns.js';

/** Texts of CDN writes (reference §1.2). */
export const CDN_TEXTS = {
  nameTaken: (name: string) => `cdn name '${name}' already exists.`,
  domainTaken: (domain: string) => `cdn domain_name '${domain}' already exists.`,
  noSuchId: 'no cdn found with this id',
  noSuchKey: 'no cdn with that key found',
  inUseByName: (name: string) => `Failed to delete cdn name = ${name} has delivery services or servers`,
  inUse: (table: string) => `cannot delete cdn because it is being used by a ${table}`,
} as const;

function validFields(body: CdnBody | null | undefined): CdnInput {
  const result = validateCdn(body ?? {});
  if (!result.ok) throw badRequest(result.errors.join(', '));
  return result.fields;
}

/** Refuses a name or domain another CDN has (400). */
async function refuseDuplicates(ctx: AppContext, fields: CdnInput, self: number | null): Promise<void> {
  const others = (await ctx.store.cdns.list()).filter((c) => c.id !== self);
  if (others.some((c) => c.name === fields.name)) throw badRequest(CDN_TEXTS.nameTaken(fields.name));
  if (others.some((c) => c.domainName === fields.domainName))
    throw badRequest(CDN_TEXTS.domainTaken(fields.domainName));
}

const generic = (name: string, id: number, action: string) =>
  `CDN: ${name}, ID: ${id}, ACTION: ${action} cdn, keys: { id:${id} }`;

/** POST cdns: validates, refuses duplicates, stores; logged. A new CDN has no delivery service: root's business. */
export async function createCdn(ctx: AppContext, principal: Principal, body: CdnBody | null): Promise<Cdn> {
  const fields = validFields(body);
  await refuseDuplicates(ctx, fields, null);
  const tenants = await rootTenants(ctx);
  const id = await ctx.store.cdns.insert(fields, ctx.clock(), (newId) =>
    changeAs(ctx, principal, generic(fields.name, newId, 'Created'), tenants),
  );
  return (await ctx.store.cdns.byId(id))!;
}

/**
 * PUT cdns/:id: replaces the fields; logged. A new name or domain changes every cache's configuration of the CDN,
 * so updates are queued on its servers.
 */
export async function updateCdn(ctx: AppContext, principal: Principal, id: number, body: CdnBody | null): Promise<Cdn> {
  const fields = validFields(body);
  const existing = await ctx.store.cdns.byId(id);
  if (!existing) throw notFound(CDN_TEXTS.noSuchId);
  await refuseDuplicates(ctx, fields, id);
  const tenants = await rootTenants(ctx);
  const change = changeAs(ctx, principal, generic(fields.name, id, 'Updated'), tenants);
  if (!(await ctx.store.cdns.update(id, fields, ctx.clock(), (ok) => (ok ? change : null))))
    throw notFound(CDN_TEXTS.noSuchId);
  if (existing.name !== fields.name || existing.domainName !== fields.domainName)
    await ctx.store.serverFlags.setUpdPending({ cdn: id }, null, true, ctx.clock());
  return (await ctx.store.cdns.byId(id))!;
}

/** The first thing still using a CDN, as the foreign-key text names it; null when nothing does. */
function inUse(usage: CdnUsage): string | null {
  if (usage.servers > 0) return CDN_TEXTS.inUse('server');
  if (usage.deliveryServices > 0) return CDN_TEXTS.inUse('deliveryservice');
  if (usage.profiles > 0) return CDN_TEXTS.inUse('profile');
  if (usage.federations > 0) return CDN_TEXTS.inUse('federation');
  return null;
}

async function remove(ctx: AppContext, principal: Principal, cdn: Cdn, message: string): Promise<void> {
  const tenants = await rootTenants(ctx);
  const change = changeAs(ctx, principal, message, tenants);
  if (!(await ctx.store.cdns.delete(cdn.id, (ok) => (ok ? change : null)))) throw notFound(CDN_TEXTS.noSuchKey);
}

/** DELETE cdns/:id: refused while servers, delivery services, profiles or federations use it. */
export async function deleteCdn(ctx: AppContext, principal: Principal, id: number): Promise<void> {
  const cdn = await ctx.store.cdns.byId(id);
  if (!cdn) throw notFound(CDN_TEXTS.noSuchKey);
  const refusal = inUse(await ctx.store.cdns.usage(id));
  if (refusal) throw badRequest(refusal);
  await remove(ctx, principal, cdn, generic(cdn.name, id, 'Deleted'));
}

/** DELETE cdns/name/:name: Traffic Ops' own texts; profiles (a 500 there) are refused as by DELETE cdns/:id. */
export async function deleteCdnByName(ctx: AppContext, principal: Principal, name: string): Promise<void> {
  const cdn = await ctx.store.cdns.byName(name);
  if (!cdn) throw notFound('Not Found');
  const usage = await ctx.store.cdns.usage(cdn.id);
  if (usage.servers > 0 || usage.deliveryServices > 0) throw badRequest(CDN_TEXTS.inUseByName(name));
  const refusal = inUse(usage);
  if (refusal) throw badRequest(refusal);
  await remove(ctx, principal, cdn, `CDN: ${cdn.name}, ID: ${cdn.id}, ACTION: Deleted CDN`);
}
