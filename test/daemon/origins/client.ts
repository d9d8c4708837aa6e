import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../../daemon/store/sqlite/db.js';
import { dumpTables } from './fixtures.js';

export interface Alert {
  text: string;
  level: string;
}
/** An answer; `T` is the `response` the caller expects (absent from an error answer: the test's assertions tell). */
export interface Answer<T = unknown> {
  status: number;
  body: { alerts?: Alert[]; response: T };
  raw: string;
}

/** One injected request; the body is sent as JSON when given. */
export async function call<T = unknown>(
  app: FastifyInstance,
  method: string,
  url: string,
  cookie?: string,
  payload?: unknown,
): Promise<Answer<T>> {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  const res = await app.inject({
    method: method as 'GET',
    url,
    headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    payload: payload === undefined ? undefined : typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : {}, raw: res.body };
}

/** The error envelope with one alert. */
export const errorBody = (text: string) => ({ alerts: [{ text, level: 'error' }] });

/** Sends a request that must be refused with `status` and the error `text`, and checks that `table` did not change. */
export async function expectRefused(
  db: Db,
  table: string,
  send: () => Promise<Answer>,
  status: number,
  text: string,
): Promise<void> {
  const before = dumpTables(db, table);
  const res = await send();
  expect(res.body).toEqual(errorBody(text));
  expect(res.status).toBe(status);
  expect(dumpTables(db, table)).toBe(before);
}
