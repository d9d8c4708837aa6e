import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { ApiError, type Alert } from './errors.js';

/**
 * Runs a handler's work so that a refusal carries `warning` before its error, as Traffic Ops' deprecated routes
 * answered every outcome with their deprecation warning first.
 */
export async function withWarning<T>(warning: Alert, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError) throw new ApiError(error.status, error.message, [warning, ...error.preceding]);
    throw error;
  }
}

/**
 * The `Location` of a new or changed job, as the Go server wrote it: its own scheme, the request's Host, and the
 * version 1.4 whatever version was asked.
 */
export function jobLocation(request: FastifyRequest, ctx: AppContext, id: number): string {
  const scheme = ctx.config.tls ? 'https' : 'http';
  return `${scheme}://${request.headers.host ?? 'localhost'}/api/1.4/jobs?id=${id}`;
}
