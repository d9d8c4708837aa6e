import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERSIONS, atLeast, type ApiVersion } from '../../daemon/versions.js';
import { fillPath, goldenApp, routeTable, type GoldenApp } from '../security/fixture.js';
import { checkAnswers, type Checked } from './checker.js';

/**
 * The success answers of the routes validate against the response schemas they declare (test/schemas/checker.ts):
 * every GET of the route table at every version that serves it, with real records of the golden data in SQLite,
 * checked before serialization, so a key the schema does not name fails here instead of vanishing from the answer.
 */

const ROUTES = routeTable();
const GETS = ROUTES.filter((r) => r.method === 'GET');

let t: GoldenApp;
let admin: string;
const seen: Checked[] = [];
beforeAll(async () => {
  t = await goldenApp({ beforeReady: (app) => checkAnswers(app, seen) });
  admin = await t.session('admin');
});
afterAll(() => t.close());

async function answer(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown): Promise<Checked[]> {
  const before = seen.length;
  const res = await t.app.inject({ method, url, headers: { cookie: admin }, ...(payload !== undefined ? { payload: payload as object } : {}) });
  expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 300)}`).toBeLessThan(300);
  return seen.slice(before);
}

describe('every GET route answers what its schema declares', () => {
  const cases = GETS.flatMap((route) =>
    VERSIONS.filter((v) => atLeast(v, route.since)).map((v) => [`${route.url} at ${v}`, route, v] as const),
  );
  it.each(cases)('%s', async (_name, route, version: ApiVersion) => {
    const url = `/api/${version}${fillPath(route, route.url, t.ids)}`;
    const checked = await answer('GET', url);
    expect(checked.length, url).toBe(1);
    expect(checked[0].errors, url).toEqual([]);
  });
});
