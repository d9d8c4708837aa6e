import type { AppContext } from '../../context.js';
import { fieldsOf, type User, type UserFields } from '../../store/users.js';
import { forgetInitialPassword } from '../auth/initial-password.js';
import { hashPassword } from '../auth/passwords.js';
import { changeAs } from '../change.js';
import { conflict, unauthorized } from '../errors.js';
import type { Principal } from '../principal.js';
import type { ProfileChange } from './profile-change.js';

/** The caller's own stored user; 401 when the session outlived it. */
export async function ownUser(ctx: AppContext, principal: Principal): Promise<User> {
  const user = await ctx.store.users.byId(principal.userId);
  if (!user) throw unauthorized();
  return user;
}

/** The stored fields after a change; a pending user with a password and a full name has completed registration. */
export function applyProfileChange(user: User, change: ProfileChange, passwordHash: string | null): UserFields {
  const fields: UserFields = { ...fieldsOf(user), ...change.profile };
  if (change.username !== undefined) fields.username = change.username;
  if (change.email !== undefined) fields.email = change.email;
  if (change.fullName !== undefined) fields.fullName = change.fullName;
  if (change.gid !== undefined) fields.gid = change.gid;
  if (change.uid !== undefined) fields.uid = change.uid;
  if (passwordHash !== null) fields.localPasswd = passwordHash;
  if (fields.newUser && passwordHash !== null && fields.fullName.trim() !== '') fields.newUser = false;
  return fields;
}

const usernameTaken = (u: string) => conflict(`Username ${u} already exists!`);
const emailTaken = (e: string) => conflict(`Email ${e} already exists!`);

/** The change-log text of a current-user update: who, and whether the password changed (never the password). */
function profileChangeMessage(user: User, newUsername: string, passwordChanged: boolean): string {
  const renamed = newUsername !== user.username ? ` (now ${newUsername})` : '';
  const action = passwordChanged ? 'Updated own profile and changed own password' : 'Updated own profile';
  return `USER: ${user.username}${renamed}, ID: ${user.id}, ACTION: ${action}`;
}

/**
 * Applies a checked change (parseProfileUpdate) to the caller's own user `user`: names and emails stay unique,
 * a new password is hashed and ends the caller's other sessions (this one is kept).
 */
export async function updateOwnProfile(
  ctx: AppContext,
  principal: Principal,
  user: User,
  change: ProfileChange,
): Promise<void> {
  // Cheap checks before the costly hash; the store checks again inside its transaction.
  if (change.username !== undefined && change.username !== user.username) {
    const owner = await ctx.store.users.byUsername(change.username);
    if (owner && owner.id !== user.id) throw usernameTaken(change.username);
  }
  if (change.email !== undefined) {
    const owner = await ctx.store.users.byEmail(change.email);
    if (owner && owner.id !== user.id) throw emailTaken(change.email);
  }
  const hash = change.password !== undefined ? await hashPassword(change.password) : null;
  const fields = applyProfileChange(user, change, hash);
  const entry = changeAs(ctx, principal, profileChangeMessage(user, fields.username, hash !== null), [user.tenantId]);
  const options = { passwordChanged: hash !== null, keepSessionHash: principal.sessionHash };
  const result = await ctx.store.users.updateProfile(user.id, fields, ctx.clock(), options, entry);
  if ('taken' in result) throw result.taken === 'username' ? usernameTaken(fields.username) : emailTaken(fields.email);
  if (hash !== null) await forgetInitialPassword(ctx.config.dataDir, user.localPasswd);
}
