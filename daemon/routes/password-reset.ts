import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { alerts, badRequest, BusyError, successAlert } from '../http/errors.js';
import type { RouteDef } from '../http/route.js';
import { resetMailQueue } from '../services/mail/reset-queue.js';
import { asBody, isValidEmail } from '../../shared/rules/users/fields.js';
import { alertsOnly } from '../../shared/contract/schema.js';

const resetSchema = { body: { type: 'object', nullable: true }, response: { 200: alertsOnly } };

/** Reset requests one client address may make per window; beyond, 429 (it tells nothing about accounts). */
export const RESET_REQUESTS_PER_CLIENT = 20;
const CLIENT_WINDOW_MS = 15 * 60_000;

/**
 * POST user/reset_password (1.1+, no session): records the request and answers at once, the same whether or not
 * the address belongs to anyone (BEHAVIOR.md §8, and "Hardening and the change log": constant time); the reset
 * mail queue looks the address up and mails a single-use token.
 */
export function passwordResetRoutes(ctx: AppContext): RouteDef[] {
  async function reset(request: FastifyRequest) {
    const email = asBody(request.body).email;
    if (typeof email !== 'string' || !isValidEmail(email))
      throw badRequest('Malformed request: not a valid email address');
    const now = ctx.clock();
    // Counted in the database: every daemon on it sees the same requests from this address.
    const wait = await ctx.store.resetRequests.admitClient(
      request.ip,
      now,
      CLIENT_WINDOW_MS,
      RESET_REQUESTS_PER_CLIENT,
    );
    if (wait > 0)
      throw new BusyError(
        429,
        'Too many password reset requests from your address; try again later.',
        Math.ceil(wait / 1000),
      );
    await ctx.store.resetRequests.record(email, now);
    resetMailQueue(ctx, (err) => request.log.error({ err }, 'password reset mail failed')).kick();
    return alerts(successAlert(`Successfully sent password reset to email '${email}'`));
  }

  return [
    { method: 'POST', url: '/user/reset_password', since: '1.1', auth: 'none', schema: resetSchema, handler: reset },
  ];
}
