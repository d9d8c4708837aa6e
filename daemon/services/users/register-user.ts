import type { AppContext } from '../../context.js';
import type { RegistrationRequest } from '../../../shared/rules/users/validate-create.js';
import { changeAs } from '../change.js';
import { conflict, forbidden } from '../errors.js';
import { mailToken } from '../mail/mail-token.js';
import { registrationMessage } from '../mail/messages.js';
import type { Principal } from '../principal.js';
import { requireTenant, visibleTenants } from '../tenant-access.js';
import { grantableRole } from './grantable-role.js';

const REGISTRATION_COMPLETED = 'User already exists and has completed registration.';

/** What a registration was sent with, for the answer's text. */
export interface RegistrationSent {
  roleName: string;
  tenantName: string;
}

/**
 * Creates or refreshes a pending user and mails it a registration token (BEHAVIOR.md §4, §8). The mail goes
 * first: when it fails, nothing is stored.
 */
export async function registerUser(
  ctx: AppContext,
  principal: Principal,
  req: RegistrationRequest,
): Promise<RegistrationSent> {
  const { email, roleId, tenantId } = req;
  const role = await grantableRole(ctx, principal, roleId);
  await requireTenant(ctx, principal, tenantId);
  const tenant = await ctx.store.tenants.get(tenantId);
  if (!tenant) throw forbidden('not authorized on this tenant');
  const existing = await ctx.store.users.byEmail(email);
  if (existing && !existing.newUser) throw conflict(REGISTRATION_COMPLETED);
  // A pending user of a tenant the requester cannot see is not theirs to move.
  if (existing && !(await visibleTenants(ctx, principal)).has(existing.tenantId)) {
    throw forbidden('not authorized on this tenant');
  }

  const now = ctx.clock();
  const { token, link, grant } = mailToken(ctx, now);
  await ctx.mailer.send(registrationMessage({ to: email, link, token, roleName: role.name, tenantName: tenant.name }));
  const message = `USER: ${email}, EMAIL: ${email}, ACTION: registration sent with role ${role.name} and tenant ${tenant.name}`;
  const result = await ctx.store.users.savePendingRegistration({ email, roleId, tenantId, token: grant, now }, (r) =>
    'completed' in r ? null : changeAs(ctx, principal, message, [tenantId]),
  );
  if ('completed' in result) throw conflict(REGISTRATION_COMPLETED);
  return { roleName: role.name, tenantName: tenant.name };
}
