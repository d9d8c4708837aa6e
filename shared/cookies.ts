/**
 * Cookies, the one place they are read and written: the daemon reads the session cookie (and the change log's
 * last-seen cookie) from Cookie headers and sets them; the API client and the agent read the session back out of
 * Set-Cookie; the CLI builds the pair from CDNCTL_SESSION. The session cookie's name is defined here only.
 *
 * Hand-written rather than @fastify/cookie: the daemon's front door answers cache hits on the bare node:http
 * request before Fastify (daemon/edge/front-door.ts), so a Fastify plugin would not serve it, and the plugin parses
 * every cookie of every request in a hook where the daemon needs one value; the client side has no Fastify at all.
 */

/** The session cookie's name, as Traffic Ops 1.x (a Mojolicious application) names it. */
export const SESSION_COOKIE = 'mojolicious';

/** The Cookie header pair that sends session `value`. */
export const sessionPair = (value: string): string => `${SESSION_COOKIE}=${value}`;

/** The value of one cookie in a Cookie header, or null. */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      return value === '' ? null : value;
    }
  }
  return null;
}

/** How long a cookie set by the daemon lives; `expiresAt` (epoch ms) adds an Expires beside Max-Age. */
interface CookieLife {
  maxAgeSeconds: number;
  expiresAt?: number;
  secure: boolean;
}

/** A Set-Cookie value of the daemon's: Path=/, HttpOnly, SameSite=Lax, Secure under TLS. */
export function setCookieValue(name: string, value: string, life: CookieLife): string {
  const expires = life.expiresAt === undefined ? '' : `; Expires=${new Date(life.expiresAt).toUTCString()}`;
  return `${name}=${value}; Path=/${expires}; Max-Age=${life.maxAgeSeconds}; HttpOnly; SameSite=Lax${life.secure ? '; Secure' : ''}`;
}

/** The Set-Cookie value for a session issued at `now` (the daemon's clock). */
export function sessionCookie(value: string, now: number, maxAgeSeconds: number, secure: boolean): string {
  return setCookieValue(SESSION_COOKIE, value, { maxAgeSeconds, expiresAt: now + maxAgeSeconds * 1000, secure });
}

/** The Set-Cookie value that makes the browser forget the session. */
export function clearedSessionCookie(secure: boolean): string {
  return setCookieValue(SESSION_COOKIE, '', { maxAgeSeconds: 0, expiresAt: 0, secure });
}

/** One Set-Cookie header read: the `name=value` pair as sent, its value, and its attributes (keys as written). */
export interface SetCookie {
  pair: string;
  value: string;
  attributes: Array<[key: string, value: string]>;
}

/** Reads a Set-Cookie header; null when it holds no `name=value` pair. */
export function parseSetCookie(header: string): SetCookie | null {
  const [pair, ...rest] = header.split(';').map((part) => part.trim());
  const eq = pair.indexOf('=');
  if (eq <= 0) return null;
  const attributes = rest.map((attribute): [string, string] => {
    const [key, value = ''] = attribute.split('=');
    return [key, value];
  });
  return { pair, value: pair.slice(eq + 1), attributes };
}
