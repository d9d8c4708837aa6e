import type { AppContext } from '../../context.js';
import type { Tenant, TenantFields } from '../../store/tenants.js';
import {
  CHILD_AS_PARENT,
  ROOT_IMMUTABLE,
  ROOT_TENANT,
  makesCycle,
  tenantInUse,
} from '../../../shared/rules/tenants.js';
import { changeAs } from '../change.js';
import { badRequest, notFound } from '../errors.js';
import type { Principal } from '../principal.js';
import { requireTenant } from '../tenant-access.js';

/**
 * Tenant writes (reference traffic-ops-wave3.md §7): a caller acts only inside its own tenant tree (403
 * `not authorized on this tenant`), the root tenant never changes, and the tree never gets a cycle.
 */

const taken = (name: string) => badRequest(`tenant name '${name}' already exists.`);
const entry = (name: string, id: number, action: string) =>
  `TENANT: ${name}, ID: ${id}, ACTION: ${action} tenant, keys: { id:${id} }`;

async function stored(ctx: AppContext, id: number): Promise<Tenant> {
  const tenant = await ctx.store.tenants.get(id);
  if (!tenant) throw new Error(`tenant ${id} vanished after its write`);
  return tenant;
}

/** POST tenants: a new tenant under a parent the caller may act on. */
export async function createTenant(ctx: AppContext, principal: Principal, f: TenantFields): Promise<Tenant> {
  await requireTenant(ctx, principal, f.parentId);
  const id = await ctx.store.tenants.insert(f, ctx.clock(), (created) =>
    created === null ? null : changeAs(ctx, principal, entry(f.name, created, 'Created'), [created, f.parentId]),
  );
  if (id === null) throw taken(f.name);
  return stored(ctx, id);
}

/** PUT tenants/:id: the tenant and, when it moves, its new parent must be the caller's; no cycles, root fixed. */
export async function updateTenant(
  ctx: AppContext,
  principal: Principal,
  id: number,
  f: TenantFields,
): Promise<Tenant> {
  if (f.name === ROOT_TENANT) throw badRequest(ROOT_IMMUTABLE);
  const tenant = await ctx.store.tenants.get(id);
  if (!tenant) throw notFound('no tenant found with this id');
  if (tenant.parentId === null) throw badRequest(ROOT_IMMUTABLE);
  await requireTenant(ctx, principal, id);
  if (f.parentId !== tenant.parentId) await requireTenant(ctx, principal, f.parentId);
  const parentOf = new Map((await ctx.store.tenants.list()).map((t) => [t.id, t.parentId]));
  if (makesCycle(id, f.parentId, parentOf)) throw badRequest(CHILD_AS_PARENT);
  const outcome = await ctx.store.tenants.update(id, f, ctx.clock(), (o) =>
    o === 'updated' ? changeAs(ctx, principal, entry(f.name, id, 'Updated'), [id]) : null,
  );
  if (outcome === 'missing') throw notFound('no tenant found with this id');
  if (outcome === 'taken') throw taken(f.name);
  if (outcome === 'cycle') throw badRequest(CHILD_AS_PARENT);
  return stored(ctx, id);
}

/** DELETE tenants/:id: not the root, not while anything refers to it. */
export async function deleteTenant(ctx: AppContext, principal: Principal, id: number): Promise<void> {
  const tenant = await ctx.store.tenants.get(id);
  if (!tenant) throw notFound('no tenant with that id found');
  if (tenant.parentId === null) throw badRequest(ROOT_IMMUTABLE);
  await requireTenant(ctx, principal, id);
  const outcome = await ctx.store.tenants.remove(id, (o) =>
    o.kind === 'removed' ? changeAs(ctx, principal, entry(o.name, id, 'Deleted'), [id]) : null,
  );
  if (outcome.kind === 'missing') throw notFound('no tenant with that id found');
  if (outcome.kind === 'in-use') throw badRequest(tenantInUse(id, outcome.by));
}
