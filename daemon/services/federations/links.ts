import type { AppContext } from '../../context.js';
import type { Federation } from '../../store/federations.js';
import type { FederationResolver } from '../../store/federation-resolvers.js';
import type { DeliveryService } from '../../store/deliveryservices.js';
import { changeAs } from '../change.js';
import { badRequest, forbidden, notFound } from '../errors.js';
import type { Principal } from '../principal.js';
import { visibleTenants } from '../tenant-access.js';

/**
 * A federation's resolvers and delivery services (reference §8.3). A federation serving a delivery service outside
 * the caller's tenants is invisible: it answers as a missing one (as federation users do, BEHAVIOR.md §7).
 */

async function visibleFederation(ctx: AppContext, principal: Principal, id: number): Promise<Federation | null> {
  const federation = await ctx.store.federations.byId(id);
  if (!federation) return null;
  const visible = await visibleTenants(ctx, principal);
  return federation.deliveryServices.every((ds) => visible.has(ds.tenantId)) ? federation : null;
}

/** GET federations/{id}/federation_resolvers: [] for an unknown federation. */
export async function federationResolvers(
  ctx: AppContext,
  principal: Principal,
  id: number,
): Promise<FederationResolver[]> {
  return (await visibleFederation(ctx, principal, id)) ? ctx.store.federationResolvers.ofFederation(id) : [];
}

/** POST federations/{id}/federation_resolvers: links resolvers (replacing the others with `replace`). */
export async function assignResolvers(
  ctx: AppContext,
  principal: Principal,
  id: number,
  ids: number[],
  replace: boolean,
): Promise<string> {
  const federation = await visibleFederation(ctx, principal, id);
  if (!federation) throw notFound(`'${id}': no such Federation`);
  const tenants = federation.deliveryServices.map((ds) => ds.tenantId);
  const message = `FEDERATION: ${federation.cname}, ID: ${id}, ACTION: Assign Federation Resolvers [${ids.join(', ')}] to Federation`;
  const missing = await ctx.store.federationResolvers.assign(id, ids, replace, (m) =>
    m === null ? changeAs(ctx, principal, message, tenants) : null,
  );
  if (missing !== null) throw notFound(`No federation resolver by ID ${missing}`);
  return `${ids.length} resolver(s) were assigned to the ${federation.cname} federation`;
}

/** GET federations/{id}/deliveryservices (filter dsID): the visible delivery services of a visible federation. */
export async function federationDeliveryServices(
  ctx: AppContext,
  principal: Principal,
  id: number,
  dsId: number | null,
): Promise<DeliveryService[]> {
  const federation = await visibleFederation(ctx, principal, id);
  if (!federation) return [];
  const services = await Promise.all(federation.deliveryServices.map((ds) => ctx.store.deliveryServices.byId(ds.id)));
  return services.filter((ds): ds is DeliveryService => ds !== null && (dsId === null || ds.id === dsId));
}

/** The delivery services a link request names: each must exist and be the caller's. */
async function checkDeliveryServices(ctx: AppContext, principal: Principal, dsIds: number[]): Promise<number[]> {
  const visible = await visibleTenants(ctx, principal);
  const tenants: number[] = [];
  for (const dsId of dsIds) {
    const ds = await ctx.store.deliveryServices.byId(dsId);
    if (!ds) throw notFound(`delivery service ${dsId} not found`);
    if (!visible.has(ds.tenantId)) throw forbidden('not authorized on this tenant');
    tenants.push(ds.tenantId);
  }
  return tenants;
}

/** POST federations/{id}/deliveryservices: links delivery services (replacing the others with `replace`). */
export async function assignDeliveryServices(
  ctx: AppContext,
  principal: Principal,
  id: number,
  dsIds: number[],
  replace: boolean,
): Promise<string> {
  const federation = await visibleFederation(ctx, principal, id);
  if (!federation) throw notFound(`federation ${id} not found`);
  if (replace && dsIds.length === 0) throw badRequest('A federation must have at least one delivery service assigned');
  const tenants = [
    ...federation.deliveryServices.map((ds) => ds.tenantId),
    ...(await checkDeliveryServices(ctx, principal, dsIds)),
  ];
  const message = `FEDERATION: ${federation.cname}, ID: ${id}, ACTION: Assign DSes to federation`;
  const outcome = await ctx.store.federationWrites.assignDeliveryServices(id, [...new Set(dsIds)], replace, (o) =>
    o.kind === 'assigned' ? changeAs(ctx, principal, message, tenants) : null,
  );
  if (outcome.kind === 'missing') throw notFound(`delivery service ${outcome.dsId} not found`);
  if (outcome.kind === 'duplicate') {
    throw badRequest(`delivery service ${outcome.dsId} is already assigned to federation ${id}`);
  }
  return `${outcome.count} delivery service(s) were assigned to the federation ${id}`;
}

/** DELETE federations/{id}/deliveryservices/{dsID}: never the federation's last one. */
export async function removeDeliveryService(ctx: AppContext, principal: Principal, id: number, dsId: number) {
  const federation = await visibleFederation(ctx, principal, id);
  if (!federation) throw notFound(`federation ${id} not found`);
  const tenants = federation.deliveryServices.map((ds) => ds.tenantId);
  const message = `FEDERATION DELIVERYSERVICE: ${federation.cname}, ID: ${id}, ACTION: Deleted federation deliveryservice, keys: { federation:${id}, deliveryservice:${dsId} }`;
  const outcome = await ctx.store.federationWrites.removeDeliveryService(id, dsId, (o) =>
    o === 'removed' ? changeAs(ctx, principal, message, tenants) : null,
  );
  if (outcome === 'last') throw badRequest('a federation must have at least one delivery service assigned');
  if (outcome === 'not-linked') {
    throw badRequest(`delivery service ${dsId} is not associated with federation ${id}`);
  }
}
