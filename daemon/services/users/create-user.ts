import type { AppContext } from '../../context.js';
import type { User } from '../../store/users.js';
import type { NewUserRequest } from '../../../shared/rules/users/validate-create.js';
import { hashPassword } from '../auth/passwords.js';
import { changeAs } from '../change.js';
import { badRequest } from '../errors.js';
import type { Principal } from '../principal.js';
import { requireTenant } from '../tenant-access.js';
import { grantableRole } from './grantable-role.js';

const usernameTaken = (u: string) => badRequest(`username '${u}' already exists.`);
const emailTaken = (e: string) => badRequest(`email '${e}' already exists.`);

/**
 * Creates a local user for `principal` (BEHAVIOR.md §4): a role no more privileged than theirs, a tenant they
 * see (their own when none is named), a username and an email no one has. Answers the stored user.
 */
export async function createUser(ctx: AppContext, principal: Principal, req: NewUserRequest): Promise<User> {
  await grantableRole(ctx, principal, req.roleId);
  const tenantId = req.tenantId ?? principal.tenantId;
  await requireTenant(ctx, principal, tenantId);
  // Cheap checks before the costly hash; the store checks again inside its transaction.
  if (await ctx.store.users.byUsername(req.username)) throw usernameTaken(req.username);
  if (await ctx.store.users.byEmail(req.email)) throw emailTaken(req.email);
  const fields = {
    username: req.username,
    email: req.email,
    fullName: req.fullName,
    localPasswd: await hashPassword(req.password),
    roleId: req.roleId,
    tenantId,
    ...req.profile,
    gid: null,
    uid: null,
    newUser: req.newUser,
    registrationSent: null,
  };
  const message = (id: number) => `USER: ${req.username}, ID: ${id}, ACTION: Created user, keys: { id:${id} }`;
  const result = await ctx.store.users.create(fields, ctx.clock(), (r) =>
    'id' in r ? changeAs(ctx, principal, message(r.id), [tenantId]) : null,
  );
  if ('taken' in result) throw result.taken === 'username' ? usernameTaken(req.username) : emailTaken(req.email);
  const user = await ctx.store.users.byId(result.id);
  if (!user) throw new Error(`user ${result.id} vanished after its creation`);
  return user;
}
