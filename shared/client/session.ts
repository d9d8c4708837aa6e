import { parseSetCookie } from '../cookies.js';
import type { HttpClient } from './http.js';
import type { Alert } from './types.js';

/** A session the server started: the cookie pair to send back and when it ends, if the server said. */
export interface StartedSession {
  cookie: string;
  expiresAt: string | null;
  alerts: Alert[];
}

/** Reads the session cookie pair (`name=value`) and its expiry out of Set-Cookie headers; null when none. */
export function sessionFromSetCookie(
  setCookie: string[],
  now = Date.now(),
): { cookie: string; expiresAt: string | null } | null {
  for (const header of setCookie) {
    const cookie = parseSetCookie(header);
    if (!cookie || cookie.value === '') continue;
    let expiresAt: string | null = null;
    for (const [key, value] of cookie.attributes) {
      if (key.toLowerCase() === 'max-age' && /^\d+$/.test(value))
        expiresAt = new Date(now + Number(value) * 1000).toISOString();
      else if (key.toLowerCase() === 'expires' && expiresAt === null && !Number.isNaN(Date.parse(value))) {
        expiresAt = new Date(Date.parse(value)).toISOString();
      }
    }
    return { cookie: cookie.pair, expiresAt };
  }
  return null;
}

function started(result: { setCookie: string[]; alerts: Alert[] }): StartedSession {
  const session = sessionFromSetCookie(result.setCookie);
  if (!session) throw new Error('the server accepted the login but sent no session cookie');
  return { ...session, alerts: result.alerts };
}

/** POST user/login `{u, p}`. */
export async function login(http: HttpClient, username: string, password: string): Promise<StartedSession> {
  return started(await http.post('/user/login', { u: username, p: password }));
}

/** POST user/login/token `{t}`. */
export async function loginWithToken(http: HttpClient, token: string): Promise<StartedSession> {
  return started(await http.post('/user/login/token', { t: token }));
}

/** POST user/logout: ends the session of the client's cookie. */
export async function logout(http: HttpClient): Promise<Alert[]> {
  return (await http.post('/user/logout')).alerts;
}

/** POST user/reset_password `{email}` (no session needed). */
export async function resetPassword(http: HttpClient, email: string): Promise<Alert[]> {
  return (await http.post('/user/reset_password', { email })).alerts;
}
