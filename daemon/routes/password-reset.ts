import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { alerts, badRequest, successAlert } from '../http/errors.js';
import type { RouteDef } from '../http/route.js';
import { passwordResetMessage } from '../mail/messages.js';
import { asBody, isValidEmail } from './users-fields.js';
import { mailToken } from './users-mail.js';

const resetSchema = { body: { type: 'object', nullable: true } };

/**
 * POST user/reset_password (1.1+, no session): mails a single-use login token to the user of that address.
 * The answer is the same whether or not the address belongs to anyone (BEHAVIOR.md §8: no account enumeration).
 */
export function passwordResetRoutes(ctx: AppContext): RouteDef[] {
  async function reset(request: FastifyRequest) {
    const email = asBody(request.body).email;
    if (typeof email !== 'string' || !isValidEmail(email)) throw badRequest('Malformed request: not a valid email address');
    const user = await ctx.store.users.byEmail(email);
    if (user && user.privLevel > 0) {
      const now = ctx.clock();
      const { token, link, grant } = mailToken(ctx, now);
      await ctx.mailer.send(passwordResetMessage({ to: user.email, link, token }));
      await ctx.store.users.savePasswordReset(user.id, grant, now);
    }
    return alerts(successAlert(`Successfully sent password reset to email '${email}'`));
  }

  return [{ method: 'POST', url: '/user/reset_password', since: '1.1', auth: 'none', schema: resetSchema, handler: reset }];
}
