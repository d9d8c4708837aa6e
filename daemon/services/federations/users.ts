import type { AppContext } from '../../context.js';
import type { Federation } from '../../store/federations.js';
import type { FederationUser } from '../../store/federation-users.js';
import { changeAs } from '../change.js';
import { badRequest, notFound } from '../errors.js';
import type { Principal } from '../principal.js';
import { visibleTenantIds } from '../tenancy.js';

/**
 * Tenancy of federations: a federation is visible when every delivery service it serves is (one that serves
 * none is visible to all, as GET federations decides). An invisible federation answers as a missing one, and
 * users of tenants the caller cannot see are left out of lists and count as missing in writes.
 */
const federationVisible = (f: Federation, visible: ReadonlySet<number>) =>
  f.deliveryServices.every((ds) => visible.has(ds.tenantId));

/** The caller's visible tenants: the set, and the list for the store (null when every tenant is visible). */
async function tenancy(ctx: AppContext, principal: Principal) {
  const tenants = await ctx.store.tenants.list();
  const visible = visibleTenantIds(tenants, principal.tenantId);
  return { visible, list: visible.size === tenants.length ? null : [...visible] };
}

/** The tenants of the users named (unknown ids are left out: the write refuses them anyway). */
async function userTenants(ctx: AppContext, userIds: number[]): Promise<number[]> {
  const users = await Promise.all([...new Set(userIds)].map((u) => ctx.store.users.byId(u)));
  return users.flatMap((u) => (u ? [u.tenantId] : []));
}

async function visibleFederation(ctx: AppContext, id: number, visible: ReadonlySet<number>): Promise<Federation> {
  const federation = await ctx.store.federations.byId(id);
  if (!federation || !federationVisible(federation, visible)) throw notFound(`federation ${id} not found`);
  return federation;
}

/** The federation a write is about (visible to the caller) and the tenants its change-log entry concerns. */
async function writeTarget(ctx: AppContext, principal: Principal, id: number, userIds: number[]) {
  const { visible, list } = await tenancy(ctx, principal);
  const federation = await visibleFederation(ctx, id, visible);
  const tenants = [...federation.deliveryServices.map((ds) => ds.tenantId), ...(await userTenants(ctx, userIds))];
  return { federation, list, tenants };
}

/** The users of federation `id` the caller may see (404 when the federation is unknown or invisible). */
export async function listFederationUsers(
  ctx: AppContext,
  principal: Principal,
  id: number,
): Promise<FederationUser[]> {
  const { visible } = await tenancy(ctx, principal);
  await visibleFederation(ctx, id, visible);
  return (await ctx.store.federationUsers.users(id)).filter((u) => visible.has(u.tenantId));
}

/** Assigns users to federation `id` (replacing the others when `replace`); answers its name and how many. */
export async function assignFederationUsers(
  ctx: AppContext,
  principal: Principal,
  id: number,
  userIds: number[],
  replace: boolean,
) {
  const { federation, list, tenants } = await writeTarget(ctx, principal, id, userIds);
  const message = `FEDERATION: ${federation.cname}, ID: ${id}, ACTION: Assign Users to federation (user ids ${userIds.join(', ')}${replace ? ', replacing the others' : ''})`;
  const outcome = await ctx.store.federationUsers.assign(
    id,
    userIds,
    replace,
    list,
    changeAs(ctx, principal, message, tenants),
  );
  switch (outcome.kind) {
    case 'federation-missing':
      throw notFound(`federation ${id} not found`);
    case 'user-missing':
      throw notFound(`user ${outcome.userId} not found`);
    case 'already-assigned':
      throw badRequest(`user ${outcome.userId} is already assigned to federation ${federation.cname}`);
  }
  return { cname: federation.cname, count: outcome.count };
}

/** Removes user `userId` from federation `id`; answers the federation's name and the user's. */
export async function removeFederationUser(ctx: AppContext, principal: Principal, id: number, userId: number) {
  const { federation, list, tenants } = await writeTarget(ctx, principal, id, [userId]);
  const message = (name: string) =>
    `FEDERATION: ${federation.cname}, ID: ${id}, ACTION: Removed user ${name} from federation`;
  const username = await ctx.store.federationUsers.remove(id, userId, list, (name) =>
    name === null ? null : changeAs(ctx, principal, message(name), tenants),
  );
  if (username === null) throw notFound('no federation users with that key found');
  return { cname: federation.cname, username };
}
