// The Traffic Ops 1.x Go client as the compat tests play it: real HTTP against a listening daemon, one cookie jar
// per session, and the client's own verdicts (ErrUnlessOK, encoding/json's decoding into its structs).
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { jsonType, type Shape } from './go-types.js';

export interface GoAnswer {
  status: number;
  headers: Headers;
  body: Record<string, unknown> & { alerts?: { text: string; level: string }[] | null; response?: unknown };
}

/** Listens on a free port of 127.0.0.1; answers the base URL. */
export async function listenLocal(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('daemon not listening');
  return `http://127.0.0.1:${address.port}`;
}

/** One client session: its cookie jar holds `mojolicious`, as the Go client's http.Client keeps it. */
export class GoSession {
  private cookie = '';

  constructor(private readonly base: () => string) {}

  /** The cookie the session holds ('' before a login). */
  get jar(): string {
    return this.cookie;
  }

  /** One request as the client sends it: JSON body, the session's cookie. */
  request = async (method: string, path: string, body?: unknown): Promise<GoAnswer> => {
    const res = await fetch(`${this.base()}${path}`, {
      method,
      headers: {
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = res.headers.get('set-cookie');
    if (setCookie?.startsWith('mojolicious=')) this.cookie = setCookie.split(';')[0];
    return { status: res.status, headers: res.headers, body: (await res.json()) as GoAnswer['body'] };
  };

  /** `POST /api/1.5/user/login`, which must succeed. */
  async login(u: string, p: string): Promise<GoAnswer> {
    const answer = await this.request('POST', '/api/1.5/user/login', { u, p });
    expect(answer.body.alerts, `login as ${u}`).toEqual([{ level: 'success', text: 'Successfully logged in.' }]);
    return answer;
  }
}

/** The client's ErrUnlessOK: a status of 300 or more fails the call. */
export function expectGoOk(answer: GoAnswer, what: string): GoAnswer {
  expect(answer.status, `${what}: ${JSON.stringify(answer.body).slice(0, 300)}`).toBeLessThan(300);
  return answer;
}

/** encoding/json into a struct: every key it reads present with a JSON type it accepts (extra keys ignored). */
export function expectDecodes(record: unknown, shape: Shape, where: string): void {
  expect(record, where).toBeTypeOf('object');
  const r = record as Record<string, unknown>;
  for (const [key, allowed] of Object.entries(shape)) {
    expect(Object.keys(r), `${where} has ${key}`).toContain(key);
    expect(allowed.split('|'), `JSON type of ${where}.${key} (${JSON.stringify(r[key])})`).toContain(jsonType(r[key]));
  }
}
