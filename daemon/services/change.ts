import type { AppContext } from '../context.js';
import { LOG_LEVEL, type ChangeEntry } from '../store/change-log.js';
import type { Principal } from './principal.js';

/**
 * A change-log entry by `principal`, now, about the given tenants (docs/api/behavior.md, "Change log").
 * Pass it (or a function of the write's result answering one) to the store write it describes.
 */
export function changeAs(
  ctx: AppContext,
  principal: Principal,
  message: string,
  tenants: readonly number[] = [],
): ChangeEntry {
  return { level: LOG_LEVEL.change, message, user: principal.userId, tenants, at: ctx.clock() };
}

/** A sign-in or sign-out entry of `userId` (level LOGIN), about the user's own tenant. */
export function sessionChange(
  ctx: AppContext,
  userId: number,
  tenantId: number,
  username: string,
  action: string,
): ChangeEntry {
  return {
    level: LOG_LEVEL.login,
    message: `USER: ${username}, ID: ${userId}, ACTION: ${action}`,
    user: userId,
    tenants: [tenantId],
    at: ctx.clock(),
  };
}
