import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { clearedSessionCookie, sessionCookie } from '../../shared/cookies.js';
import { ApiError, BusyError, alerts, badRequest, successAlert } from '../http/errors.js';
import { sessionChange } from '../services/change.js';
import { caller, type RouteDef } from '../http/route.js';
import type { User } from '../store/users.js';
import { LoginGate } from '../services/auth/login-gate.js';
import {
  KNOWN_PAIR_MS,
  LOGIN_WINDOW_MS,
  retryAfterSeconds,
  throttleDecision,
} from '../../shared/rules/login-throttle.js';
import { DUMMY_HASH, verifyPassword } from '../services/auth/passwords.js';
import { hashSecret, newSecret } from '../services/auth/tokens.js';
import { alertsOnly } from '../../shared/contract/schema.js';

const loginSchema = {
  body: {
    type: ['object', 'null'],
    properties: { u: { type: 'string', maxLength: 1024 }, p: { type: 'string', maxLength: 1024 } },
  },
  response: { 200: alertsOnly },
};
const tokenSchema = {
  body: { type: ['object', 'null'], properties: { t: { type: 'string', maxLength: 1024 } } },
  response: { 200: alertsOnly },
};

/** Starts a session for a user and sets its cookie. */
async function startSession(ctx: AppContext, reply: FastifyReply, user: User, how: string): Promise<void> {
  const secret = newSecret();
  const now = ctx.clock();
  const expiresAt = now + ctx.config.sessionMaxAgeMs;
  await ctx.store.sessions.create(
    {
      idHash: hashSecret(secret),
      userId: user.id,
      createdAt: now,
      expiresAt,
      idleExpiresAt: Math.min(now + ctx.config.sessionIdleMs, expiresAt),
    },
    sessionChange(ctx, user.id, user.tenantId, user.username, how),
  );
  reply.header(
    'set-cookie',
    sessionCookie(secret, now, Math.floor(ctx.config.sessionMaxAgeMs / 1000), ctx.config.tls !== null),
  );
}

/** POST user/login: a password login, through the login gate and the throttle (daemon/security/login-*.ts). */
function passwordLogin(ctx: AppContext, gate: LoginGate) {
  const invalid = () => new ApiError(401, 'Invalid username or password.');
  return async function login(request: FastifyRequest, reply: FastifyReply) {
    const body = (request.body ?? {}) as { u?: string; p?: string };
    if (!body.u || !body.p) throw badRequest('username and password are required');
    // The client's address: the peer, or X-Forwarded-For's client when the peer is a trusted proxy (trustProxy).
    const address = request.ip;
    const username = body.u;
    // A pair that logged in before gets the gate's reserved slots and goes first to the hashing workers.
    const { known, release } = await gate.enter(address, username, () =>
      ctx.store.loginFailures.knownPair(username, address, ctx.clock() - KNOWN_PAIR_MS),
    );
    try {
      const now = ctx.clock();
      // The attempt counts as a failure from before its password is checked (and is forgotten on success), so
      // concurrent guesses cannot all slip under the limit while their hashes are computed.
      const decision = await ctx.store.loginFailures.reserve(username, address, now - LOGIN_WINDOW_MS, now, (stats) =>
        throttleDecision(stats, now, known),
      );
      if (!decision.ok)
        throw new BusyError(
          429,
          'Too many failed login attempts; try again later.',
          retryAfterSeconds(decision.retryAfterMs),
        );
      const user = await ctx.store.users.byUsername(username);
      // An unknown user costs the same hash as a known one: timing tells no accounts apart.
      const ok = await verifyPassword(body.p, user?.localPasswd ?? DUMMY_HASH, known);
      if (!user || !ok || user.privLevel <= 0) throw invalid();
      // Both writes go out together: one commit (one disk flush) for the two.
      await Promise.all([
        ctx.store.loginFailures.succeeded(username, address, now),
        startSession(ctx, reply, user, 'Logged in'),
      ]);
      return alerts(successAlert('Successfully logged in.'));
    } finally {
      release();
    }
  };
}

/** POST user/login, POST user/login/token and POST user/logout (BEHAVIOR.md §2). */
export function sessionRoutes(ctx: AppContext): RouteDef[] {
  const login = passwordLogin(ctx, new LoginGate());

  async function tokenLogin(request: FastifyRequest, reply: FastifyReply) {
    const body = (request.body ?? {}) as { t?: string };
    const rejected = new ApiError(401, 'Invalid token. Please contact your administrator.');
    if (!body.t) throw rejected;
    const token = await ctx.store.tokens.consume(hashSecret(body.t), ctx.clock());
    if (!token) throw rejected;
    const user = await ctx.store.users.byId(token.userId);
    if (!user || user.privLevel <= 0) throw rejected;
    await startSession(
      ctx,
      reply,
      user,
      `Logged in with a ${token.purpose === 'register' ? 'registration' : 'password reset'} token`,
    );
    return alerts(successAlert('Successfully logged in.'));
  }

  async function logout(request: FastifyRequest, reply: FastifyReply) {
    const principal = caller(request);
    await ctx.store.sessions.delete(
      principal.sessionHash,
      sessionChange(ctx, principal.userId, principal.tenantId, principal.username, 'Logged out'),
    );
    reply.header('set-cookie', clearedSessionCookie(ctx.config.tls !== null));
    return alerts(successAlert('You are logged out.'));
  }

  return [
    // The two logins read a JSON body under any Content-Type, as Traffic Ops did (ORT labels its JSON a form).
    {
      method: 'POST',
      url: '/user/login',
      since: '1.1',
      auth: 'none',
      anyBodyType: true,
      schema: loginSchema,
      handler: login,
    },
    {
      method: 'POST',
      url: '/user/login/token',
      since: '1.1',
      auth: 'none',
      anyBodyType: true,
      schema: tokenSchema,
      handler: tokenLogin,
    },
    {
      method: 'POST',
      url: '/user/logout',
      since: '1.1',
      auth: 0,
      schema: { response: { 200: alertsOnly } },
      handler: logout,
    },
  ];
}
