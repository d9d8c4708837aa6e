import type { AppContext } from '../../context.js';
import { tokenLink } from './messages.js';
import { hashSecret, newSecret } from '../auth/tokens.js';
import type { TokenGrant } from '../../store/user-writes.js';

/** Registration and reset tokens expire a day after they are mailed (BEHAVIOR.md §2). */
export const TOKEN_LIFETIME_MS = 24 * 3600_000;

/** A fresh mailed token: the secret for the mail, its link, and what the store keeps (the hash). */
export function mailToken(ctx: AppContext, now: number): { token: string; link: string; grant: TokenGrant } {
  const token = newSecret();
  const base = ctx.config.portalBaseUrl ?? ctx.baseUrl() ?? `http://${ctx.config.host}:${ctx.config.port}`;
  return {
    token,
    link: tokenLink(base, token),
    grant: { tokenHash: hashSecret(token), expiresAt: now + TOKEN_LIFETIME_MS },
  };
}
