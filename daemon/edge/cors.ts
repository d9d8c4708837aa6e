import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** What a listed origin may send across origins: the API's methods and its one request header. */
const ALLOWED_METHODS = 'GET, POST, PUT, DELETE';
const ALLOWED_HEADERS = 'Content-Type';
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/** Origins are compared as the browser sends them: scheme, host and port, no trailing slash. */
export function normalizeOrigin(origin: string): string {
  return origin.trim().replace(/\/+$/, '').toLowerCase();
}

/** The configured origins (`cors.origins`), normalized for lookup. */
export const corsAllowlist = (origins: readonly string[]): ReadonlySet<string> => new Set(origins.map(normalizeOrigin));

/** The origin to answer with when the request's Origin is on the allowlist, else null. */
export function allowedOrigin(allowlist: ReadonlySet<string>, origin: string | undefined): string | null {
  if (!origin || origin === 'null') return null;
  return allowlist.has(normalizeOrigin(origin)) ? origin : null;
}

/**
 * The CORS headers of an answer to a request from `origin` (its Origin header): `Vary: Origin` always, and for a
 * listed origin that origin with credentials allowed.
 */
export function corsHeaders(allowlist: ReadonlySet<string>, origin: string | undefined): Record<string, string> {
  const allowed = allowedOrigin(allowlist, origin);
  if (!allowed) return { vary: 'Origin' };
  return { vary: 'Origin', 'access-control-allow-origin': allowed, 'access-control-allow-credentials': 'true' };
}

/**
 * CORS for a portal hosted elsewhere (`cors.origins` in the daemon config; `cors` from app-headers.ts). A listed origin gets its own origin
 * back with credentials allowed, and its preflight OPTIONS under /api/ is answered here; any other origin gets no
 * CORS header at all, so the browser keeps it out, and its OPTIONS falls through to the 404 of unknown methods.
 */
export function registerCors(
  app: FastifyInstance,
  cors: ((origin: string | undefined) => Readonly<Record<string, string>>) | null,
): void {
  if (cors === null) return;
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const headers = cors(request.headers.origin);
    reply.headers(headers);
    if (!headers['access-control-allow-origin']) return;
    if (isPreflight(request)) {
      reply
        .code(204)
        .header('access-control-allow-methods', ALLOWED_METHODS)
        .header('access-control-allow-headers', ALLOWED_HEADERS)
        .header('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS))
        .send();
      return reply;
    }
  });
}

function isPreflight(request: FastifyRequest): boolean {
  return (
    request.method === 'OPTIONS' &&
    typeof request.headers['access-control-request-method'] === 'string' &&
    request.url.startsWith('/api/')
  );
}
