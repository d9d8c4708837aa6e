import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { DaemonConfig } from '../config.js';
import { corsAllowlist, corsHeaders } from './cors.js';

const HSTS = 'max-age=31536000';

type Headers = Readonly<Record<string, string>>;

/**
 * The headers the app gives every API answer, built in one place for both ways an answer leaves: Fastify's
 * hooks (registerCors, registerHsts) and the front door, which answers hits before Fastify (front-door.ts).
 */
export interface AppHeaders {
  /** CORS (`cors.origins`), set as a request arrives, before the route runs (a cached answer never keeps them); null without origins. */
  cors: ((origin: string | undefined) => Headers) | null;
  /** HSTS under TLS (else none), set on every answer as it goes out, refusals and errors included. */
  hsts: Headers;
  /** Both, for an answer to `req` sent before Fastify. */
  forRequest: (req: IncomingMessage) => Headers;
}

export function appHeaders(config: DaemonConfig): AppHeaders {
  const hsts: Headers = config.tls ? { 'strict-transport-security': HSTS } : {};
  if (config.cors.origins.length === 0) return { cors: null, hsts, forRequest: () => hsts };
  const allowlist = corsAllowlist(config.cors.origins);
  const cors = (origin: string | undefined) => corsHeaders(allowlist, origin);
  return { cors, hsts, forRequest: (req) => ({ ...cors(req.headers.origin), ...hsts }) };
}

/** Puts HSTS on every answer Fastify sends (under TLS). */
export function registerHsts(app: FastifyInstance, headers: AppHeaders): void {
  if (Object.keys(headers.hsts).length === 0) return;
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.headers(headers.hsts);
    return payload;
  });
}
