/**
 * Requests against the golden app (test/daemon/security/fixture.ts) as one of its users, for the tenant,
 * role, federation and user-write suites of issue 31. They run on both stores (eachStore).
 */
import { expect } from 'vitest';
import type { GoldenApp, Username } from '../security/fixture.js';

export interface Alert {
  text: string;
  level: string;
}
export interface Answer<T = unknown> {
  status: number;
  body: { alerts?: Alert[]; response?: T } & Record<string, unknown>;
}

/** A golden user by name, a session made elsewhere (`{cookie}`), or none (null). */
export type Who = Username | { cookie: string } | null;

/** One injected request as `who` (null: no session); the body goes as JSON when given. */
export async function send<T = unknown>(
  t: GoldenApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who: Who = 'admin',
  body?: unknown,
): Promise<Answer<T>> {
  const headers: Record<string, string> =
    who === null ? {} : { cookie: typeof who === 'string' ? await t.session(who) : who.cookie };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await t.app.inject({
    method,
    url,
    headers,
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.statusCode, body: res.body ? (JSON.parse(res.body) as Answer<T>['body']) : {} };
}

/** Expects the request to be refused with `status` and the one error `text`, changing nothing stored. */
export async function expectRefused(t: GoldenApp, answer: () => Promise<Answer>, status: number, text: string) {
  const before = await t.checksum();
  const res = await answer();
  expect(res.body.alerts?.filter((a) => a.level === 'error')).toEqual([{ text, level: 'error' }]);
  expect(res.status).toBe(status);
  expect(await t.checksum()).toBe(before);
}

/** The newest change-log message, as GET logs shows it to admin. */
export async function lastLogMessage(t: GoldenApp): Promise<string> {
  const res = await send<{ message: string }[]>(t, 'GET', '/api/1.5/logs?days=1&limit=1');
  return res.body.response?.[0]?.message ?? '';
}

/** Creates a user of `roleId` in `tenantId` through the API and logs it in: its session. */
export async function newUserSession(t: GoldenApp, username: string, roleId: number, tenantId: number) {
  const password = `${username}-Passw0rd!`;
  const created = await send<{ id: number }>(t, 'POST', '/api/1.5/users', 'admin', {
    username,
    email: `${username}@example.test`,
    fullName: username,
    localPasswd: password,
    confirmLocalPasswd: password,
    role: roleId,
    tenantId,
  });
  if (created.status !== 200) throw new Error(`user ${username}: ${JSON.stringify(created.body)}`);
  const res = await t.app.inject({ method: 'POST', url: '/api/1.5/user/login', payload: { u: username, p: password } });
  return { id: created.body.response!.id, cookie: String(res.headers['set-cookie']).split(';')[0] };
}
