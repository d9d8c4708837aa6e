import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { StoreKind } from '../../helpers/store-kinds.js';
import { goldenApp, type GoldenApp, type Username } from '../security/fixture.js';

/** A golden app (with cdn1's caches) on `kind`, sessions of the users the profile tests act as, and helpers. */
export interface WriteHarness {
  t: () => GoldenApp;
  as(
    u: Username,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: InjectOptions['payload'],
  ): Promise<{ status: number; body: Record<string, unknown>; headers: Record<string, unknown>; raw: string }>;
  /** The change-log messages appended since `mark()`. */
  mark(): Promise<() => Promise<string[]>>;
  /** Host names of the caches with a queued update. */
  pending(): Promise<string[]>;
  /** Clears every queued update. */
  clearPending(): Promise<void>;
  profileId(name: string): Promise<number>;
}

const USERS: Username[] = ['admin', 'ops_user', 'ro_user', 'portal_user'];

export function writeHarness(kind: StoreKind): WriteHarness {
  let app: GoldenApp;
  const cookies = {} as Record<Username, string>;
  beforeAll(async () => {
    app = await goldenApp({ storeKind: kind });
    for (const u of USERS) cookies[u] = await app.session(u);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });
  const as: WriteHarness['as'] = async (u, method, url, payload) => {
    const res = await app.app.inject({
      method,
      url,
      headers: { cookie: cookies[u] },
      ...(payload === undefined ? {} : { payload }),
    });
    return { status: res.statusCode, body: JSON.parse(res.body || '{}'), headers: res.headers, raw: res.body };
  };
  const messages = async () => {
    const res = await as('admin', 'GET', '/api/1.5/logs');
    expect(res.status).toBe(200);
    return (res.body.response as Array<{ id: number; message: string }>).map((e) => [e.id, e.message] as const);
  };
  return {
    t: () => app,
    as,
    async mark() {
      const before = new Set((await messages()).map(([id]) => id));
      app.clock.advance(1000);
      return async () =>
        (await messages())
          .filter(([id]) => !before.has(id))
          .map(([, m]) => m)
          .reverse();
    },
    async pending() {
      const res = await as('admin', 'GET', '/api/1.5/servers');
      const servers = res.body.response as Array<{ hostName: string; updPending: boolean }>;
      return servers
        .filter((s) => s.updPending)
        .map((s) => s.hostName)
        .sort();
    },
    async clearPending() {
      const done = await as('admin', 'POST', `/api/1.5/cdns/${app.ids.cdn.id}/queue_update`, { action: 'dequeue' });
      expect(done.status).toBe(200);
    },
    async profileId(name) {
      const res = await as('admin', 'GET', `/api/1.5/profiles?name=${name}`);
      return (res.body.response as Array<{ id: number }>)[0].id;
    },
  };
}

/** The error texts of an answer. */
export const errorsOf = (body: Record<string, unknown>) =>
  ((body.alerts ?? []) as Array<{ level: string; text: string }>).filter((a) => a.level === 'error').map((a) => a.text);

/** The first success text of an answer. */
export const successOf = (body: Record<string, unknown>) =>
  ((body.alerts ?? []) as Array<{ level: string; text: string }>).find((a) => a.level === 'success')?.text;
