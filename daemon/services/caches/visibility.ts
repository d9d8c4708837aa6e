import type { AppContext } from '../../context.js';
import type { Principal } from '../principal.js';
import { visibleTenants } from '../tenant-access.js';
import type { ServerVisibility } from '../../store/servers.js';

/**
 * Which servers the caller sees (BEHAVIOR.md "Caches"): every one when its tenant is the root of the tree, else
 * those serving a delivery service of a tenant it sees (an EDGE assigned to one; a MID of that delivery
 * service's CDN, since a MID serves its whole CDN).
 */
export async function serverVisibility(ctx: AppContext, principal: Principal): Promise<ServerVisibility> {
  const tenants = await ctx.store.tenants.list();
  const own = tenants.find((t) => t.id === principal.tenantId);
  const visible = await visibleTenants(ctx, principal);
  if (own && own.parentId === null && visible.has(own.id)) return null;
  return [...visible];
}
