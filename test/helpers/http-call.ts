import type { FastifyInstance } from 'fastify';
import { request } from 'undici';
import type { Answer } from '../daemon/origins/client.js';

/** Sends one request to an app and answers it as test/origins/client.ts's `call` does. */
export type Caller = <T = unknown>(
  app: FastifyInstance,
  method: string,
  url: string,
  cookie?: string,
  payload?: unknown,
) => Promise<Answer<T>>;

/**
 * A `call` over real HTTP: the app starts listening on a loopback port (closing the app stops it), and each
 * request goes through the server's front door, as a client's would, rather than into Fastify by inject.
 */
export async function httpCaller(app: FastifyInstance): Promise<Caller> {
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  return async (_app, method, url, cookie, payload) => {
    const headers: Record<string, string> = cookie ? { cookie } : {};
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const res = await request(`${base}${url}`, {
      method: method as 'GET',
      headers,
      body: payload === undefined ? undefined : typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
    const raw = await res.body.text();
    return {
      status: res.statusCode,
      body: raw && res.headers['content-type']?.includes('json') ? JSON.parse(raw) : {},
      raw,
    };
  };
}
