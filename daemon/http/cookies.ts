export const SESSION_COOKIE = 'mojolicious';

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

/** The Set-Cookie value for a session issued at `now` (the daemon's clock): HttpOnly, SameSite=Lax, Secure under TLS. */
export function sessionCookie(value: string, now: number, maxAgeSeconds: number, secure: boolean): string {
  const expires = new Date(now + maxAgeSeconds * 1000).toUTCString();
  return `${SESSION_COOKIE}=${value}; Path=/; Expires=${expires}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The Set-Cookie value that makes the browser forget the session. */
export function clearedSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}
