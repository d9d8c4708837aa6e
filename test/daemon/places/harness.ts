import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { goldenApp, type GoldenApp, type Username } from '../security/fixture.js';
import type { StoreKind } from '../../helpers/store-kinds.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface PlacesApp {
  t: GoldenApp;
  call(u: Username, method: Method, url: string, payload?: InjectOptions['payload']): Promise<LightMyRequestResponse>;
  /** A request that must answer 200: its JSON. */
  ok<T = { response: unknown; alerts?: unknown }>(
    u: Username,
    method: Method,
    url: string,
    payload?: InjectOptions['payload'],
  ): Promise<T>;
  /** A request that must fail with `status`: its alerts. */
  fails(
    status: number,
    u: Username,
    method: Method,
    url: string,
    payload?: InjectOptions['payload'],
  ): Promise<{ text: string; level: string }[]>;
  /** The change-log messages newer than the last call of `newLog`. */
  newLog(): Promise<string[]>;
}

/** The golden app on `kind` with sessions of the users the places tests use. */
export async function placesApp(kind: StoreKind): Promise<PlacesApp> {
  const t = await goldenApp({ storeKind: kind });
  const cookies = {} as Record<Username, string>;
  for (const u of ['admin', 'ops_user', 'ro_user', 'portal_user', 'tenanta_user'] as Username[]) {
    cookies[u] = await t.session(u);
  }
  const call: PlacesApp['call'] = (u, method, url, payload) =>
    t.app.inject({ method, url, headers: { cookie: cookies[u] }, ...(payload === undefined ? {} : { payload }) });
  let seen = new Set<number>();
  const log = async () =>
    (JSON.parse((await call('admin', 'GET', '/api/1.5/logs')).body) as { response: { id: number; message: string }[] })
      .response;
  seen = new Set((await log()).map((e) => e.id));
  return {
    t,
    call,
    async ok(u, method, url, payload) {
      const res = await call(u, method, url, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
      return res.json();
    },
    async fails(status, u, method, url, payload) {
      const res = await call(u, method, url, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
      return res.json().alerts;
    },
    async newLog() {
      const entries = (await log()).filter((e) => !seen.has(e.id));
      for (const e of entries) seen.add(e.id);
      return entries.map((e) => e.message).reverse();
    },
  };
}

export const error = (text: string) => [{ level: 'error', text }];
