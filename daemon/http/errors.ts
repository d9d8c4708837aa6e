import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, BusyError, StoreUnavailableError, type Alert } from '../services/errors.js';

// The error classes are framework-free and belong to services; routes keep importing them from here.
export {
  ApiError,
  BusyError,
  StoreUnavailableError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  unauthorized,
  type Alert,
  type AlertLevel,
} from '../services/errors.js';

export function alerts(...list: Alert[]): { alerts: Alert[] } {
  return { alerts: list };
}
export const errorAlert = (text: string): Alert => ({ text, level: 'error' });
export const successAlert = (text: string): Alert => ({ text, level: 'success' });
export const warningAlert = (text: string): Alert => ({ text, level: 'warning' });

export const VERSION_NOT_IMPLEMENTED =
  'The requested api version is not implemented by this server. If you are using a newer client with an older server, you will need to use an older client version or upgrade your server.';

/**
 * Traffic Ops' text for an unknown path (the golden fixtures hold it). The path is quoted only when it is made of
 * plain URL characters and short: a path carrying junk (controls, bidi, 100 KiB) is not echoed.
 */
export function pathNotFound(path: string): string {
  return /^[A-Za-z0-9._~/%-]{1,256}$/.test(path)
    ? `The requested path '${path}' does not exist.`
    : 'The requested path does not exist.';
}

interface AjvItem {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** Turns schema-validation failures into one readable line, naming each field as the API spells it. */
export function describeValidation(items: AjvItem[], context?: string): string {
  const texts = items.map((item) => {
    const path = (item.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    const missing = item.params?.missingProperty;
    if (item.keyword === 'required' && typeof missing === 'string') {
      return `'${path ? `${path}.` : ''}${missing}' is required`;
    }
    if (item.keyword === 'additionalProperties' && typeof item.params?.additionalProperty === 'string') {
      return `'${item.params.additionalProperty}' is not a known field`;
    }
    const subject = path ? `'${path}'` : context === 'body' ? 'the request body' : (context ?? 'the request');
    if (item.keyword === 'type') return `${subject} must be ${article(String(item.params?.type ?? 'value'))}`;
    return `${subject} ${item.message ?? 'is invalid'}`;
  });
  return [...new Set(texts)].join(', ');
}

function article(type: string): string {
  const names = type
    .split(',')
    .map((t) =>
      t === 'integer' ? 'an integer' : t === 'object' ? 'an object' : t === 'array' ? 'an array' : `a ${t}`,
    );
  return names.join(' or ');
}

/** The 415 answer's text: the API takes JSON bodies only. */
export const MEDIA_TYPE_TEXT = 'request body must be JSON (Content-Type: application/json)';

/** The one error handler: every failure leaves as the alerts envelope with its status. */
export function handleError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): void {
  if (error instanceof ApiError) {
    if (error instanceof BusyError) reply.header('retry-after', String(error.retryAfterSeconds));
    reply.code(error.status).send({ alerts: [...error.preceding, errorAlert(error.message)] });
    return;
  }
  if (error instanceof StoreUnavailableError) {
    request.log.warn({ err: error.cause }, 'write refused: store unavailable');
    reply
      .code(503)
      .header('retry-after', '5')
      .send(alerts(errorAlert(error.message)));
    return;
  }
  const fe = error as FastifyError & { validation?: AjvItem[]; validationContext?: string };
  if (fe.validation) {
    reply.code(400).send(alerts(errorAlert(describeValidation(fe.validation, fe.validationContext))));
    return;
  }
  switch (fe.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      reply.code(413).send(alerts(errorAlert('request body is too large: the limit is 1 MiB')));
      return;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      reply.code(415).send(alerts(errorAlert(MEDIA_TYPE_TEXT)));
      return;
    case 'FST_ERR_MAX_PARAM_LENGTH':
      // Fastify's own text quotes the whole segment.
      reply.code(414).send(alerts(errorAlert('a path segment is too long')));
      return;
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      reply.code(400).send(alerts(errorAlert('the request body length does not match Content-Length')));
      return;
  }
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    reply.code(fe.statusCode).send(alerts(errorAlert(fe.message)));
    return;
  }
  request.log.error({ err: error, method: request.method, url: request.url }, 'unexpected failure');
  reply.code(500).send(alerts(errorAlert('Internal Server Error')));
}

/**
 * Failures Fastify meets before a route runs (a path whose percent-encoding does not decode): answered as the
 * alerts envelope like every other error, not in Fastify's own error shape.
 */
export function handleFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL') {
    reply.code(400).send(alerts(errorAlert('malformed URL: the path is not valid percent-encoded UTF-8')));
    return;
  }
  handleError(error, request, reply);
}
