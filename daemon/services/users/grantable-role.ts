import type { AppContext } from '../../context.js';
import type { Role } from '../../store/roles.js';
import { forbidden, notFound } from '../errors.js';
import type { Principal } from '../principal.js';

/** The role a request names, if it exists and the requester may hand it out (404 / 403 otherwise). */
export async function grantableRole(ctx: AppContext, principal: Principal, roleId: number): Promise<Role> {
  const role = await ctx.store.roles.get(roleId);
  if (!role) throw notFound('role not found');
  if (role.privLevel > principal.privLevel) {
    throw forbidden('user cannot create a user with a role more privileged than themselves');
  }
  return role;
}
