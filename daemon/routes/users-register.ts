import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { changeBy } from '../http/change.js';
import { alerts, badRequest, conflict, forbidden, successAlert } from '../http/errors.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import { requireTenant, visibleTenants } from '../services/tenant-access.js';
import { registrationMessage } from '../services/mail/messages.js';
import { grantableRole } from './users-create.js';
import { mailToken } from '../services/mail/mail-token.js';
import { parseRegistration } from '../../shared/rules/users/validate-create.js';
import { alertsOnly } from '../../shared/contract/schema.js';

const REGISTRATION_COMPLETED = 'User already exists and has completed registration.';

const numberOrText = { type: ['number', 'string', 'null'] } as const;

const registerSchema = {
  response: { 200: alertsOnly },
  body: {
    type: 'object',
    nullable: true,
    properties: {
      email: { type: 'string', nullable: true },
      // A number or a numeric string (the seed's example sends tenantId as a string): parseRegistration checks.
      role: numberOrText,
      tenantId: numberOrText,
    },
  },
};

/**
 * POST users/register (1.2+, operations or admin): creates or refreshes a pending user and mails it a
 * registration token (BEHAVIOR.md §4, §8). The mail goes first: when it fails, nothing is stored.
 */
export function registerUserRoutes(ctx: AppContext): RouteDef[] {
  async function register(request: FastifyRequest) {
    const principal = caller(request);
    const parsed = parseRegistration(request.body);
    if (!parsed.ok) throw badRequest(parsed.errors.join(', '));
    const { email, roleId, tenantId } = parsed.value;
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
      'completed' in r ? null : changeBy(ctx, request, message, [tenantId]),
    );
    if ('completed' in result) throw conflict(REGISTRATION_COMPLETED);
    return alerts(
      successAlert(`Sent user registration to ${email} with the following permissions [ role: ${role.name} | tenant: ${tenant.name} ]`),
    );
  }

  return [
    { method: 'POST', url: '/users/register', since: '1.2', auth: PRIV.OPERATIONS, schema: registerSchema, handler: register },
  ];
}
