import { afterAll, beforeAll, expect, it } from 'vitest';
import { importSnapshot } from '../../../daemon/services/snapshot/import.js';
import { checkAnswers, type Checked } from '../schemas/checker.js';
import { goldenApp, type GoldenApp } from '../security/fixture.js';

/**
 * The configuration routes of issue 35 answer what their response schemas declare once something is published:
 * the publishes themselves, the published CRConfig and monitoring configuration, and a diff with a change in it.
 */

let t: GoldenApp;
let admin: string;
const seen: Checked[] = [];
beforeAll(async () => {
  t = await goldenApp({ beforeReady: (app) => checkAnswers(app, seen) });
  admin = await t.session('admin');
});
afterAll(() => t.close());

async function checked(method: 'GET' | 'PUT', url: string): Promise<void> {
  const before = seen.length;
  const res = await t.app.inject({ method, url, headers: { cookie: admin } });
  expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 300)}`).toBe(200);
  const answers = seen.slice(before);
  expect(answers.length, url).toBe(1);
  expect(answers[0].errors, url).toEqual([]);
}

it('publishes, serves what was published, and diffs a later change', async () => {
  await checked('PUT', '/api/1.3/snapshot/cdn1');
  await checked('GET', '/api/1.3/cdns/cdn1/snapshot');
  await checked('GET', '/api/1.3/cdns/cdn1/configs/monitoring');
  const doc = { cachegroups: [{ name: 'answers-cg', shortName: 'acg', type: 'EDGE_LOC', coordinate: 'coord1' }] };
  await importSnapshot(t.db, doc, { now: t.clock.now() });
  await t.store.servers.insert(
    {
      ...(await t.store.servers.byHostName('edge1a', null))!,
      hostName: 'answers-edge',
      cachegroupId: (await t.store.cachegroups.list({ name: 'answers-cg' }))[0].id,
      status: 'REPORTED',
    },
    t.clock.now(),
  );
  await checked('GET', '/api/1.5/cdns/cdn1/snapshot/diff');
  await checked('PUT', `/api/1.5/cdns/${t.ids.cdn.id}/snapshot`);
});
