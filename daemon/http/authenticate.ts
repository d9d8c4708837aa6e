import type { FastifyRequest } from 'fastify';
import type { DaemonConfig } from '../config.js';
import { hashSecret } from '../services/auth/tokens.js';
import type { Store } from '../store/index.js';
import { StoreUnavailableError, forbidden, unauthorized } from './errors.js';
import { SESSION_COOKIE, readCookie } from '../../shared/cookies.js';
import type { Principal } from './route.js';

/** Cookie values whose hash was computed lately (bounded); a hash never changes, so nothing invalidates it. */
const hashes = new Map<string, string>();
const HASHES_KEPT = 10_000;

/** hashSecret of a session cookie, computed once per cookie value rather than on every request that sends it. */
function sessionHash(cookie: string): string {
  let hash = hashes.get(cookie);
  if (hash === undefined) {
    hash = hashSecret(cookie);
    if (hashes.size >= HASHES_KEPT) hashes.clear();
    hashes.set(cookie, hash);
  }
  return hash;
}

/** Moving the idle deadline costs a write; skip it when the deadline would move by less than this. */
const TOUCH_GRANULARITY_MS = 60_000;

/**
 * Session bookkeeping (moving the idle deadline, dropping an expired session) is not what the request asked for:
 * while the disk refuses writes it is skipped, so reads keep working and an expired session still answers 401.
 */
async function bookkeeping(write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (err) {
    if (!(err instanceof StoreUnavailableError)) throw err;
  }
}

type AuthDeps = { store: Store; clock: () => number; config: DaemonConfig };

/**
 * Resolves the session cookie to a principal, or throws 401; then checks the route's privilege level (403):
 * `required` or more, or exactly one of `alsoLevels` (the ORT role's 11 on the cache configuration routes).
 */
export async function authenticate(
  request: FastifyRequest,
  required: number,
  deps: AuthDeps,
  alsoLevels: readonly number[] = [],
): Promise<Principal> {
  const principal = await sessionPrincipal(request.headers.cookie, deps);
  if (!mayEnter(principal, required, alsoLevels)) {
    request.principal = principal;
    throw forbidden();
  }
  return principal;
}

/** True when `principal` has the privilege level `required` or more, or exactly one of `alsoLevels`. */
export function mayEnter(principal: Principal, required: number, alsoLevels: readonly number[] = []): boolean {
  return principal.privLevel >= required || alsoLevels.includes(principal.privLevel);
}

/**
 * The caller named by the session cookie in a Cookie header, or 401: no cookie, no such session, an expired one
 * (dropped), or a user whose role has no privilege. A live session's idle deadline moves forward.
 */
export async function sessionPrincipal(cookieHeader: string | undefined, deps: AuthDeps): Promise<Principal> {
  const cookie = readCookie(cookieHeader, SESSION_COOKIE);
  if (!cookie || cookie.length > 256) throw unauthorized();
  const idHash = sessionHash(cookie);
  const session = await deps.store.sessions.find(idHash);
  const now = deps.clock();
  if (!session) throw unauthorized();
  if (session.expiresAt <= now || session.idleExpiresAt <= now) {
    await bookkeeping(() => deps.store.sessions.delete(idHash));
    throw unauthorized();
  }
  if (session.privLevel <= 0) throw unauthorized();
  const idle = Math.min(now + deps.config.sessionIdleMs, session.expiresAt);
  if (idle - session.idleExpiresAt >= TOUCH_GRANULARITY_MS)
    await bookkeeping(() => deps.store.sessions.touch(idHash, idle));
  return {
    userId: session.userId,
    username: session.username,
    roleId: session.roleId,
    roleName: session.roleName,
    privLevel: session.privLevel,
    tenantId: session.tenantId,
    sessionHash: idHash,
  };
}
