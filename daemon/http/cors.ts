import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** What a listed origin may send across origins: the API's methods and its one request header. */
const ALLOWED_METHODS = 'GET, POST, PUT, DELETE';
const ALLOWED_HEADERS = 'Content-Type';
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/** Origins are compared as the browser sends them: scheme, host and port, no trailing slash. */
export function normalizeOrigin(origin: string): string {
  return origin.trim().replace(/\/+$/, '').toLowerCase();
}

/** The origin to answer with when the request's Origin is on the allowlist, else null. */
export function allowedOrigin(allowlist: ReadonlySet<string>, origin: string | undefined): string | null {
  if (!origin || origin === 'null') return null;
  return allowlist.has(normalizeOrigin(origin)) ? origin : null;
}

/**
 * CORS for a portal hosted elsewhere (`cors.origins` in the daemon config). A listed origin gets its own origin
 * back with credentials allowed, and its preflight OPTIONS under /api/ is answered here; any other origin gets no
 * CORS header at all, so the browser keeps it out, and its OPTIONS falls through to the 404 of unknown methods.
 */
export function registerCors(app: FastifyInstance, origins: readonly string[]): void {
  if (origins.length === 0) return;
  const allowlist = new Set(origins.map(normalizeOrigin));
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('vary', 'Origin');
    const origin = allowedOrigin(allowlist, request.headers.origin);
    if (!origin) return;
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-allow-credentials', 'true');
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
