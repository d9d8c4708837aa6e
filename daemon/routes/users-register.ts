import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { alerts, badRequest, successAlert } from '../http/errors.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import { registerUser } from '../services/users/register-user.js';
import { parseRegistration } from '../../shared/rules/users/validate-create.js';
import { alertsOnly } from '../../shared/contract/schema.js';

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
 * registration token (BEHAVIOR.md §4, §8; services/users/register-user.ts).
 */
export function registerUserRoutes(ctx: AppContext): RouteDef[] {
  async function register(request: FastifyRequest) {
    const principal = caller(request);
    const parsed = parseRegistration(request.body);
    if (!parsed.ok) throw badRequest(parsed.errors.join(', '));
    const { email } = parsed.value;
    const { roleName, tenantName } = await registerUser(ctx, principal, parsed.value);
    return alerts(
      successAlert(
        `Sent user registration to ${email} with the following permissions [ role: ${roleName} | tenant: ${tenantName} ]`,
      ),
    );
  }

  return [
    {
      method: 'POST',
      url: '/users/register',
      since: '1.2',
      auth: PRIV.OPERATIONS,
      schema: registerSchema,
      handler: register,
    },
  ];
}
