import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { LOG_LEVEL, type ChangeEntry } from '../store/change-log.js';
import { caller, type Principal } from './route.js';

/**
 * A change-log entry by the request's caller, now, about the given tenants (docs/api/behavior.md, "Change log").
 * Pass it (or a function of the write's result answering one) to the store write it describes.
 */
export function changeBy(ctx: AppContext, request: FastifyRequest, message: string, tenants: readonly number[] = []): ChangeEntry {
  return changeAs(ctx, caller(request), message, tenants);
}

/** `changeBy` for code that holds the caller rather than the request. */
export function changeAs(ctx: AppContext, principal: Principal, message: string, tenants: readonly number[] = []): ChangeEntry {
  return { level: LOG_LEVEL.change, message, user: principal.userId, tenants, at: ctx.clock() };
}

/** A sign-in or sign-out entry of `userId` (level LOGIN), about the user's own tenant. */
export function sessionChange(ctx: AppContext, userId: number, tenantId: number, username: string, action: string): ChangeEntry {
  return { level: LOG_LEVEL.login, message: `USER: ${username}, ID: ${userId}, ACTION: ${action}`, user: userId, tenants: [tenantId], at: ctx.clock() };
}
