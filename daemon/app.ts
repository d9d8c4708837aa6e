import { resetMailQueue } from './services/mail/reset-queue.js';
import { closeUpdateWatch } from './services/caches/update-watch.js';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { defaultConfig, type DaemonConfig } from './config.js';
import type { AppContext } from './context.js';
import { AccessLogController } from './edge/access-log.js';
import { apiServerFactory, type FrontHandler } from './edge/api-server.js';
import { installEdge, type Edge } from './edge/edge.js';
import { lazySerializers, lazyValidators } from './http/lazy-schemas.js';
import {
  ApiError,
  VERSION_NOT_IMPLEMENTED,
  alerts,
  errorAlert,
  handleError,
  handleFrameworkError,
  pathNotFound,
  MEDIA_TYPE_TEXT,
} from './http/errors.js';
import type { RouteDef } from './http/route.js';
import type { Mailer } from './services/mail/mailer.js';
import { legacyCheckIn } from './routes/update-host.js';
import { closeCacheEvents } from './services/caches/cache-events.js';
import { defaultPortalRoot, portal } from './portal.js';
import { allRoutes } from './routes/index.js';
import type { Store } from './store/index.js';
import type { Vault } from './services/vault/vault.js';
import { VERSIONS, atLeast, isServedVersion, type ApiVersion } from './versions.js';

export const BODY_LIMIT = 1024 * 1024;

export interface BuildOptions {
  store: Store;
  config?: Partial<DaemonConfig>;
  clock?: () => number;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  /** Extra Fastify options (the server passes `https` here). */
  fastify?: Record<string, unknown>;
  /** The built portal served at `/`; default dist/portal of the package. */
  portalRoot?: string;
  /** The key store; without one, key routes answer 503. */
  vault?: Vault;
  /** The response cache's byte budget (default DEFAULT_CACHE_BYTES); answers above a quarter are kept gzip-only. */
  responseCacheBytes?: number;
}

const noMailer: Mailer = {
  async send() {
    throw new Error('no mailer configured');
  },
};

/** Builds the whole daemon as a Fastify instance that has not started listening. Reads no environment. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const config = defaultConfig(options.config);
  let baseUrl: string | null = config.portalBaseUrl;
  const ctx: AppContext = {
    store: options.store,
    config,
    clock: options.clock ?? Date.now,
    mailer: options.mailer ?? noMailer,
    baseUrl: () => baseUrl,
    vault: options.vault,
  };
  let front: FrontHandler | null = null;
  const app = Fastify(fastifyOptions(config, options, () => front));

  // Beyond maxConnections open connections, Node closes new ones at once: a flood of idle sockets cannot
  // exhaust file descriptors.
  app.server.maxConnections = config.maxConnections;
  // The request path (daemon/edge): HSTS, closing, CORS, the write gate, the response cache, the front door.
  const edge = installEdge(app, ctx, options.responseCacheBytes);
  front = edge.front;

  app.decorateRequest('apiVersion', '1.1');
  app.decorateRequest('principal', null);
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (!baseUrl && address && typeof address === 'object') {
      const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      baseUrl = `${config.tls ? 'https' : 'http'}://${host}:${address.port}`;
    }
    // Reset requests recorded before a stop are mailed now (links need the base URL, known from here on).
    resetMailQueue(ctx, (err) => app.log.error({ err }, 'password reset mail failed')).kick();
  });

  // Held requests would hold the close: the live map's event streams (issue 33) end, and the agents waiting on
  // update_status (issue 32) are answered at once.
  app.addHook('preClose', async () => void (await Promise.all([closeCacheEvents(ctx), closeUpdateWatch(ctx)])));

  registerJsonParser(app);
  app.setErrorHandler(handleError);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const version = /^\/api\/([^/]+)(?:\/|$)/.exec(path)?.[1];
    if (version !== undefined && !isServedVersion(version)) {
      reply.code(501).send(alerts(errorAlert(VERSION_NOT_IMPLEMENTED)));
      return;
    }
    reply.code(404).send(alerts(errorAlert(pathNotFound(path))));
  });

  const routes = allRoutes(ctx);
  const versioned = routes.filter((route) => !route.root);
  for (const version of VERSIONS) {
    await app.register(
      async (scope) =>
        addRoutes(
          scope,
          versioned.filter((route) => atLeast(version, route.since)),
          version,
          edge,
        ),
      { prefix: `/api/${version}` },
    );
  }
  // The Perl app's root routes (ORT's packages, chkconfig and update reads): once each, at their own version.
  for (const route of routes.filter((r) => r.root))
    await app.register(async (scope) => addRoutes(scope, [route], route.since, edge));
  await app.register(legacyCheckIn(ctx));
  await app.register(portal, { root: options.portalRoot ?? defaultPortalRoot() });
  return app;
}

/**
 * Fastify's options. Its server is the one Fastify would build, but every request passes `front()` first
 * (cache hits are answered there, before Fastify sees them: edge/front-door.ts).
 */
function fastifyOptions(
  config: DaemonConfig,
  options: BuildOptions,
  front: () => FrontHandler | null,
): FastifyServerOptions {
  // A client gets headersTimeoutMs to send its headers (Node's default is 60 s, checked every 30 s): slow-header
  // clients cannot hold connections for long. Under TLS the same options go to the https server.
  const serverOptions = { headersTimeout: config.headersTimeoutMs, connectionsCheckingInterval: 1000 };
  const extra = options.fastify ?? {};
  const https = extra.https as Record<string, unknown> | undefined;
  return {
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true },
    // Requests that arrive while the daemon closes get a 503 alert from refuseWhileClosing, not Fastify's own body.
    return503OnClosing: false,
    frameworkErrors: handleFrameworkError,
    // allowUnionTypes: request schemas name several types on purpose (`["string", "integer"]` for ids the clients
    // send either way); without it ajv's strict mode warns on stderr for each such schema it compiles.
    ajv: {
      customOptions: {
        coerceTypes: false,
        allErrors: true,
        removeAdditional: false,
        useDefaults: true,
        allowUnionTypes: true,
      },
    },
    // Schemas compile on first use, not all before listening (start-up time).
    schemaController: { compilersFactory: { buildValidator: lazyValidators, buildSerializer: lazySerializers } },
    logController: new AccessLogController(),
    // X-Forwarded-For counts only from the proxies the operator trusts; otherwise request.ip is the peer.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    ...extra,
    ...(https ? { https: { ...https, ...serverOptions } } : { http: serverOptions }),
    serverFactory: apiServerFactory(serverOptions, https ? { ...https } : undefined, front),
  } as FastifyServerOptions;
}

const stringify = (data: unknown) => JSON.stringify(data);

/** A scope's routes; those that take a body of any type (the logins) in a child scope that reads it as JSON. */
async function addRoutes(scope: FastifyInstance, routes: RouteDef[], version: ApiVersion, edge: Edge): Promise<void> {
  for (const route of routes) if (!route.anyBodyType) addRoute(scope, route, version, edge);
  const lenient = routes.filter((route) => route.anyBodyType);
  if (lenient.length === 0) return;
  await scope.register(async (child) => {
    child.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, parseAnyTypeAsJson);
    for (const route of lenient) addRoute(child, route, version, edge);
  });
}

function addRoute(scope: FastifyInstance, route: RouteDef, version: ApiVersion, edge: Edge): void {
  const urls = [route.url];
  if (route.jsonSuffix ?? route.method === 'GET') urls.push(`${route.url}.json`);
  const hooks = edge.routeHooks(route, version);
  for (const url of urls) {
    scope.route({
      method: route.method,
      url,
      schema: route.responseAt ? { ...route.schema, response: route.responseAt(version) } : route.schema,
      ...(route.largeLists ? { serializerCompiler: () => stringify } : {}),
      config: { apiVersion: version, auth: route.auth },
      ...hooks,
      handler: route.handler,
    });
  }
}

/**
 * JSON bodies: an empty body reads as no body (routes then say what is missing), and malformed JSON is a 400
 * that says where it broke, never a stack trace. JSON is the only body type: any other Content-Type (a plain
 * HTML form's urlencoded, multipart or text/plain among them) is a 415, so a cross-site form cannot write.
 */
function registerJsonParser(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT }, parseJson);
}

type ParserDone = (err: Error | null, body?: unknown) => void;

function parseJson(_request: FastifyRequest, body: string | Buffer, done: ParserDone): void {
  const text = String(body);
  if (text.trim() === '') {
    done(null, undefined);
    return;
  }
  try {
    done(null, JSON.parse(text));
  } catch (err) {
    done(new ApiError(400, `malformed JSON in request body: ${(err as Error).message}`), undefined);
  }
}

/**
 * A login body under any Content-Type, read as JSON (Traffic Ops did; ORT labels its JSON as a form). A browser
 * names its page in `Origin` on every POST: a non-JSON body from a page is still refused with 415, so a
 * cross-site form cannot sign a visitor in (login CSRF); a page's own fetch sends application/json.
 */
function parseAnyTypeAsJson(request: FastifyRequest, body: string | Buffer, done: ParserDone): void {
  if (request.headers.origin !== undefined) {
    done(new ApiError(415, MEDIA_TYPE_TEXT), undefined);
    return;
  }
  parseJson(request, body, done);
}
