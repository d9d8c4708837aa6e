import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer, type ServerOptions as HttpsOptions } from 'node:https';

/** What Fastify passes a server factory: its handler, and the timeouts it would have set on its own server. */
type FastifyHandler = (req: IncomingMessage, res: ServerResponse) => void;
interface FastifyServerTimeouts {
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
}

/** Sees every request first; calls `next` to hand it to Fastify. */
export type FrontHandler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * A Fastify `serverFactory` that builds the server Fastify would have built (HTTP, or HTTPS with `https`, with
 * the same timeouts) but lets `front()` see each request before Fastify does (front-door.ts).
 */
export function apiServerFactory(
  http: ServerOptions,
  https: HttpsOptions | undefined,
  front: () => FrontHandler | null,
) {
  return (handler: FastifyHandler, options: FastifyServerTimeouts): Server => {
    const listener = (req: IncomingMessage, res: ServerResponse) => {
      const first = front();
      if (first === null) handler(req, res);
      else first(req, res, () => handler(req, res));
    };
    const server = https ? createHttpsServer({ ...https, ...http }, listener) : createHttpServer(http, listener);
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout);
    return server;
  };
}
