import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { maskQuery } from './mask-query.js';

/** The levels `CDNCTL_LOG_LEVEL` takes, most severe first. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The log level named by `value` (default info); an unknown name is an error, not a silent default. */
export function logLevel(value: string | undefined): LogLevel {
  if (value === undefined || value === '') return 'info';
  const level = value.trim().toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(level)) {
    throw new Error(`unknown log level "${value}" in CDNCTL_LOG_LEVEL: expected one of ${LOG_LEVELS.join(', ')}`);
  }
  return level as LogLevel;
}

/** Request log fields without secrets: values of query keys that name a secret are masked (mask-query.ts). */
export function requestForLog(request: { method: string; url: string; ip?: string }) {
  return { method: request.method, url: maskQuery(request.url), remoteAddress: request.ip };
}

/** Pino options for the daemon's log at `level`. */
export function loggerOptions(level: LogLevel) {
  return { level, serializers: { req: requestForLog } };
}

/**
 * Fastify's request log lines, made one access line per request: written when the answer has gone, with the
 * method, masked URL, client, status and time together (Fastify's own pair of lines split them, and their
 * cost per request was a quarter of what a cached read costs). At debug level a line also marks each
 * request's arrival, for following requests that have not answered yet. Error lines stay Fastify's.
 */
export class AccessLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const responseTime = Math.round(reply.elapsedTime * 10) / 10;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime }, 'request completed');
  }
}
