import type { AppContext } from '../../context.js';
import { badRequest, notFound } from '../errors.js';
import type { Principal } from '../principal.js';
import { visibleTenants } from '../tenant-access.js';
import type { DeliveryService } from '../../store/deliveryservices.js';
import type { Server } from '../../store/server-rows.js';
import { countByCachegroup } from '../health/counts.js';

/**
 * The health, capacity and routing reads of a delivery service (§1.6, §5.1). Traffic Ops asked the CDN's Traffic
 * Monitor and Traffic Routers; cdnctl runs neither, so it answers from what it stores: the caches assigned to the
 * delivery service and their status (docs/api/behavior.md, "Delivery services").
 */

export interface HealthRecord {
  totalOffline: number;
  totalOnline: number;
  cachegroups: Array<{ offline: number; online: number; name: string }>;
}

export interface CapacityRecord {
  availablePercent: number;
  unavailablePercent: number;
  utilizedPercent: number;
  maintenancePercent: number;
}

export interface RoutingRecord {
  staticRoute: number;
  geo: number;
  err: number;
  fed: number;
  cz: number;
  deepCz: number;
  regionalAlternate: number;
  dsr: number;
  miss: number;
  regionalDenied: number;
}

/** A delivery service the caller sees: 404 `<text>` when unknown or invisible. */
async function visibleService(
  ctx: AppContext,
  principal: Principal,
  id: number,
  text: string,
): Promise<DeliveryService> {
  const ds = await ctx.store.deliveryServices.byId(id);
  if (!ds || !(await visibleTenants(ctx, principal)).has(ds.tenantId)) throw notFound(text);
  return ds;
}

const ONLINE = new Set(['ONLINE', 'REPORTED']);

/** The EDGE caches assigned to the delivery service, as the monitor would count them. */
async function edgeCaches(ctx: AppContext, ds: DeliveryService): Promise<Server[]> {
  const servers = await ctx.store.servers.list({ dsId: ds.id }, null);
  return servers.filter((s) => s.type.startsWith('EDGE') && s.status !== 'PRE_PROD');
}

/**
 * GET deliveryservices/:id/health: its EDGE caches online (ONLINE, REPORTED, and not reported unavailable by the
 * health monitors: issue 35) and offline, per cache group.
 */
export async function deliveryServiceHealth(ctx: AppContext, principal: Principal, id: number): Promise<HealthRecord> {
  const ds = await visibleService(ctx, principal, id, 'delivery service not found');
  return countByCachegroup(await edgeCaches(ctx, ds), (s) => ONLINE.has(s.status) && s.available !== false);
}

const percent = (part: number, whole: number) => (whole === 0 ? 0 : (part * 100) / whole);

/**
 * GET deliveryservices/:id/capacity: without bandwidth figures, the share of its EDGE caches that are available
 * (ONLINE, REPORTED), in maintenance (ADMIN_DOWN) or unavailable (the rest); utilized is 0. No caches: all 0.
 */
export async function deliveryServiceCapacity(
  ctx: AppContext,
  principal: Principal,
  id: number,
): Promise<CapacityRecord> {
  const ds = await visibleService(ctx, principal, id, 'delivery service not found');
  const caches = await edgeCaches(ctx, ds);
  const available = caches.filter((s) => ONLINE.has(s.status)).length;
  const maintenance = caches.filter((s) => s.status === 'ADMIN_DOWN').length;
  return {
    availablePercent: percent(available, caches.length),
    unavailablePercent: percent(caches.length - available - maintenance, caches.length),
    utilizedPercent: 0,
    maintenancePercent: percent(maintenance, caches.length),
  };
}

/** GET deliveryservices/:id/routing (1.5): no Traffic Router counts here, so every share is 0, as TO's empty total. */
export async function deliveryServiceRouting(
  ctx: AppContext,
  principal: Principal,
  id: number,
): Promise<RoutingRecord> {
  const ds = await visibleService(ctx, principal, id, `delivery service ${id} not found`);
  if (!/^(HTTP|DNS)/.test(ds.typeName)) throw badRequest(`delivery service ${id} does not have a HTTP or DNS type`);
  return {
    staticRoute: 0,
    geo: 0,
    err: 0,
    fed: 0,
    cz: 0,
    deepCz: 0,
    regionalAlternate: 0,
    dsr: 0,
    miss: 0,
    regionalDenied: 0,
  };
}
