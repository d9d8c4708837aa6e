import type { AppContext } from '../../context.js';
import { changeAs } from '../change.js';
import type { Principal } from '../principal.js';
import type { Change } from '../../store/change-log.js';
import type { Server, ServerFields } from '../../store/servers.js';

/**
 * Change-log entries of the writes that change what a cache does (issue 28): status changes, queued and dequeued
 * updates. Each entry is handed to the store write it describes, which appends it in the same transaction.
 *
 * Tenancy: an entry about caches is about the tenants of the delivery services they serve (an EDGE its assigned
 * ones, a MID or a whole CDN every one of the CDN), so that a reader sees it only when it sees every one of those
 * (BEHAVIOR.md "Change log"); caches that serve none are the root tenant's business.
 */

export async function rootTenants(ctx: AppContext): Promise<number[]> {
  return (await ctx.store.tenants.list()).filter((t) => t.parentId === null).map((t) => t.id);
}

async function tenantsOr(ctx: AppContext, tenantIds: number[]): Promise<number[]> {
  return tenantIds.length > 0 ? [...new Set(tenantIds)] : rootTenants(ctx);
}

/** The tenants an entry about the caches of a CDN is about. */
export async function cdnTenants(ctx: AppContext, cdnId: number): Promise<number[]> {
  return tenantsOr(
    ctx,
    (await ctx.store.deliveryServices.list({ cdnId })).map((ds) => ds.tenantId),
  );
}

/** The tenants an entry about one cache is about. */
export async function serverTenants(ctx: AppContext, server: Server): Promise<number[]> {
  if (server.type.startsWith('MID')) return cdnTenants(ctx, server.cdnId);
  const ids = await ctx.store.servers.deliveryServiceIds(server.id);
  const served = ids.length === 0 ? [] : await ctx.store.deliveryServices.list({ ids });
  return tenantsOr(
    ctx,
    served.map((ds) => ds.tenantId),
  );
}

/** `SERVER: <host>.<domain>, ID: <id>, ACTION: <action>`, Traffic Ops' form for servers. */
export const serverChangeText = (server: Server, action: string) =>
  `SERVER: ${server.hostName}.${server.domainName}, ID: ${server.id}, ACTION: ${action}`;

/**
 * The entry of a server's status change, as a function of whether the server was still there: the action is the
 * answer's own text, the reason and the child caches' queue included.
 */
export async function statusChange(
  ctx: AppContext,
  principal: Principal,
  server: Server,
  text: string,
): Promise<Change<boolean>> {
  const entry = changeAs(ctx, principal, serverChangeText(server, text), await serverTenants(ctx, server));
  return (found) => (found ? entry : null);
}

const verb = (queue: boolean) => (queue ? 'Queued' : 'Dequeued');

/**
 * The entry of POST servers/:id/queue_update, as a function of the host names whose flag it changed: a queue or
 * dequeue that changed nothing (the flag was already so, or the server is gone) logs nothing.
 */
export async function serverQueueChange(
  ctx: AppContext,
  principal: Principal,
  server: Server,
  queue: boolean,
): Promise<Change<string[]>> {
  const entry = changeAs(
    ctx,
    principal,
    serverChangeText(server, `${verb(queue)} updates`),
    await serverTenants(ctx, server),
  );
  return (changed) => (changed.length > 0 ? entry : null);
}

/** The entry of POST cdns/:id/queue_update, naming how many servers' flags it changed (none: nothing logged). */
export async function cdnQueueChange(
  ctx: AppContext,
  principal: Principal,
  cdn: { id: number; name: string },
  queue: boolean,
): Promise<Change<string[]>> {
  const tenants = await cdnTenants(ctx, cdn.id);
  return (changed) => {
    if (changed.length === 0) return null;
    const count = `${changed.length} server${changed.length === 1 ? '' : 's'}`;
    return changeAs(
      ctx,
      principal,
      `CDN: ${cdn.name}, ID: ${cdn.id}, ACTION: ${verb(queue)} updates on ${count}`,
      tenants,
    );
  };
}

/** The entry of POST cachegroups/:id/queue_update, in Traffic Ops' text (none when it changed no flag). */
export async function cachegroupQueueChange(
  ctx: AppContext,
  principal: Principal,
  cachegroup: { id: number; name: string },
  cdn: { id: number; name: string },
  queue: boolean,
): Promise<Change<string[]>> {
  const text = `CACHEGROUP: ${cachegroup.name}, ID: ${cachegroup.id}, ACTION: ${verb(queue)} CacheGroup server updates to the ${cdn.name} CDN`;
  const entry = changeAs(ctx, principal, text, await cdnTenants(ctx, cdn.id));
  return (changed) => (changed.length > 0 ? entry : null);
}

/** The entry of POST servers (Traffic Ops' `created`): a new server serves nothing yet, so it is the root's. */
export async function serverCreatedChange(
  ctx: AppContext,
  principal: Principal,
  fields: ServerFields,
): Promise<Change<number | null>> {
  const roots = await rootTenants(ctx);
  return (id) =>
    id === null
      ? null
      : changeAs(ctx, principal, `SERVER: ${fields.hostName}.${fields.domainName}, ID: ${id}, ACTION: created`, roots);
}

/** The entry of PUT servers/:id (Traffic Ops' `updated`), naming a status change and its reason. */
export async function serverUpdatedChange(
  ctx: AppContext,
  principal: Principal,
  server: Server,
  fields: ServerFields,
): Promise<Change<boolean>> {
  const reason = fields.offlineReason ? ` [ ${fields.offlineReason} ]` : '';
  const status =
    fields.status === server.status ? '' : `, status changed from ${server.status} to ${fields.status}${reason}`;
  const text = `SERVER: ${fields.hostName}.${fields.domainName}, ID: ${server.id}, ACTION: updated${status}`;
  const entry = changeAs(ctx, principal, text, await serverTenants(ctx, server));
  return (ok) => (ok ? entry : null);
}

/** The entry of DELETE servers/:id (Traffic Ops' `deleted`). */
export async function serverDeletedChange(
  ctx: AppContext,
  principal: Principal,
  server: Server,
): Promise<Change<boolean>> {
  const entry = changeAs(ctx, principal, serverChangeText(server, 'deleted'), await serverTenants(ctx, server));
  return (gone) => (gone ? entry : null);
}
