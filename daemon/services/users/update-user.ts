import type { AppContext } from '../../context.js';
import { fieldsOf, type User, type UserFields } from '../../store/users.js';
import type { UserUpdateRequest } from '../../../shared/rules/users/validate-update.js';
import { hashPassword } from '../auth/passwords.js';
import { changeAs } from '../change.js';
import { badRequest, forbidden, notFound } from '../errors.js';
import type { Principal } from '../principal.js';
import { requireTenant } from '../tenant-access.js';

const usernameTaken = (u: string) => badRequest(`username '${u}' already exists.`);
const emailTaken = (e: string) => badRequest(`email '${e}' already exists.`);

/** The role asked for, if it exists and is no more privileged than the caller's (Traffic Ops' PUT texts). */
async function checkRole(ctx: AppContext, principal: Principal, user: User, roleId: number): Promise<void> {
  if (user.id === principal.userId && roleId !== user.roleId) throw badRequest('users cannot update their own role');
  const role = await ctx.store.roles.get(roleId);
  if (!role) throw notFound('role not found');
  if (role.privLevel > principal.privLevel) {
    throw forbidden('user cannot update a user with a role more privileged than themselves');
  }
}

/** Every writable column from the request; the profile fields not sent become null, as Traffic Ops wrote them. */
function updatedFields(user: User, req: UserUpdateRequest, tenantId: number, hash: string | null): UserFields {
  return {
    ...fieldsOf(user),
    ...req.profile,
    username: req.username,
    email: req.email,
    fullName: req.fullName,
    roleId: req.roleId,
    tenantId,
    localPasswd: hash ?? user.localPasswd,
  };
}

/**
 * PUT users/:id (reference traffic-ops-1.x-behavior.md §4.4): the user and the tenant it moves to must both be the
 * caller's to act on; the role as on create; a password sent is hashed and ends the user's sessions.
 */
export async function updateUser(
  ctx: AppContext,
  principal: Principal,
  id: number,
  req: UserUpdateRequest,
): Promise<User> {
  const user = await ctx.store.users.byId(id);
  if (!user) throw notFound('no user found with this id');
  await requireTenant(ctx, principal, user.tenantId);
  const tenantId = req.tenantId ?? user.tenantId;
  await requireTenant(ctx, principal, tenantId);
  await checkRole(ctx, principal, user, req.roleId);
  const owner = await ctx.store.users.byUsername(req.username);
  if (owner && owner.id !== id) throw usernameTaken(req.username);
  const emailOwner = await ctx.store.users.byEmail(req.email);
  if (emailOwner && emailOwner.id !== id) throw emailTaken(req.email);
  const hash = req.password === null ? null : await hashPassword(req.password);
  const message = `USER: ${req.username}, ID: ${id}, ACTION: Updated user, keys: { id:${id} }`;
  const entry = changeAs(ctx, principal, message, [...new Set([user.tenantId, tenantId])]);
  const options = { passwordChanged: hash !== null, keepSessionHash: null };
  const fields = updatedFields(user, req, tenantId, hash);
  const result = await ctx.store.users.updateProfile(id, fields, ctx.clock(), options, entry);
  if ('taken' in result) throw result.taken === 'username' ? usernameTaken(req.username) : emailTaken(req.email);
  const updated = await ctx.store.users.byId(id);
  if (!updated) throw new Error(`user ${id} vanished after its update`);
  return updated;
}
