import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { alerts, errorAlert } from './http/errors.js';
import { PORTAL_SECTIONS } from '../shared/portal-paths.js';

/** The strict policy of every portal page: everything from the daemon itself, no inline script or style. */
export const PORTAL_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const REVALIDATE_CACHE = 'no-cache';
export const PORTAL_NOT_BUILT = 'The portal is not part of this build: run `npm run build` to build it.';

export interface PortalOptions {
  /** The built portal (index.html and assets/); when it does not exist, `/` answers a 404 alert. */
  root: string;
}

/** dist/portal of the package this module belongs to, from the source tree or from dist/. */
export function defaultPortalRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return join(dir, 'dist', 'portal');
}

/** Vite names hashed bundles under assets/: their content never changes under a name. */
function isHashedAsset(path: string): boolean {
  return /[\\/]assets[\\/][^\\/]+$/.test(path);
}

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/**
 * A path the single-page app owns: `/`, or a path under one of its sections (shared/portal-paths.ts) whose last
 * segment has no file extension. Every other path is no page: `/update/edge1` or `/ort/edge1/packages` from a
 * client that wants JSON gets the API's 404 alert, never index.html.
 */
export function isAppPath(path: string): boolean {
  if (isApiPath(path) || path.startsWith('/assets/')) return false;
  const segments = path.split('/').filter(Boolean);
  if (segments.length === 0) return true;
  if (!PORTAL_SECTIONS.has(segments[0])) return false;
  return !segments[segments.length - 1].includes('.');
}

/**
 * Serves the built portal at `/`: hashed assets cached for a year, index.html revalidated on every load, app
 * paths (`/origins`, `/users/3`) answered with index.html, and a strict CSP on all of it. /api is left alone:
 * unknown API paths still reach the not-found handler and its alerts.
 */
export async function portal(app: FastifyInstance, options: PortalOptions): Promise<void> {
  app.addHook('onSend', async (request, reply, payload) => {
    // An API path that reached the fallback route leaves through the API's not-found answer, untouched.
    if (isApiPath(request.url.split('?')[0])) return payload;
    reply.header('content-security-policy', PORTAL_CSP);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-frame-options', 'DENY');
    return payload;
  });

  if (!existsSync(join(options.root, 'index.html'))) {
    app.get('/', async (_request, reply) => {
      reply.code(404);
      return alerts(errorAlert(PORTAL_NOT_BUILT));
    });
    return;
  }

  await app.register(fastifyStatic, {
    root: options.root,
    prefix: '/',
    wildcard: false,
    cacheControl: false,
    setHeaders(reply, path) {
      reply.header('cache-control', isHashedAsset(path) ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
    },
  });

  app.get('/*', async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0];
    if (!isAppPath(path)) return reply.callNotFound();
    return reply.sendFile('index.html');
  });
}
