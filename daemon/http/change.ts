import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { ChangeEntry } from '../store/change-log.js';
import { changeAs } from '../services/change.js';
import { caller } from './route.js';

/** `changeAs` by the request's caller, for routes that write without a service in between. */
export function changeBy(
  ctx: AppContext,
  request: FastifyRequest,
  message: string,
  tenants: readonly number[] = [],
): ChangeEntry {
  return changeAs(ctx, caller(request), message, tenants);
}
