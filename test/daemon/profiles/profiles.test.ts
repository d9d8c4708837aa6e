import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/app.js';
import { call, errorBody } from '../origins/client.js';
import { fixtureApp, type Fixture, type UserKey } from '../origins/fixtures.js';

let t: TestApp;
let f: Fixture;
let cookies: Record<UserKey, string>;
beforeAll(async () => {
  ({ t, f, cookies } = await fixtureApp({
    now: Date.parse('2026-11-21T11:22:33Z'),
    prepare: (app, fixture) =>
      app.db.prepare('UPDATE profiles SET routing_disabled = 1 WHERE id = ?').run(fixture.orgProfile),
  }));
});
afterAll(() => t.close());

const get = (url: string, who: UserKey = 'admin') => call(t.app, 'GET', url, cookies[who]);
const VERSIONS = ['1.1', '1.2', '1.3'];

const globalRecord = () => ({
  id: String(f.globalProfile),
  lastUpdated: '2026-11-21 12:00:00',
  name: 'GLOBAL',
  description: 'Global Traffic Ops profile, DO NOT DELETE',
  cdnName: 'ALL',
  cdn: f.cdnAll,
  routingDisabled: false,
  type: 'UNK_PROFILE',
});
const orgRecord = () => ({
  id: String(f.orgProfile),
  lastUpdated: '2026-11-21 11:22:33',
  name: 'ORG_PROFILE1',
  description: 'origin profile one',
  cdnName: 'cdn1',
  cdn: f.cdn1,
  routingDisabled: true,
  type: 'ORG_PROFILE',
});

/** The record beyond the seed's 1.1 (issue 34, item 3): Traffic Ops' ProfileNullable, `id` a number, `+00`. */
const goRecord = (seed: ReturnType<typeof orgRecord>) => ({
  ...seed,
  id: Number(seed.id),
  lastUpdated: `${seed.lastUpdated}+00`,
});
const BY_ID_WARNING = {
  level: 'warning',
  text: 'This endpoint is deprecated, please use GET /profiles with query parameter id instead',
};

describe.each(VERSIONS)('profiles at %s', (version) => {
  const seed = version === '1.1';
  it("lists every profile: the seed's record at 1.1 (id a digit string, no zone), Traffic Ops' after", async () => {
    const res = await get(`/api/${version}/profiles`);
    expect(res.status).toBe(200);
    const records = [globalRecord(), orgRecord()];
    expect(res.body).toEqual({ response: seed ? records : records.map(goRecord) });
  });

  it('answers the trimmed list of names', async () => {
    expect(await get(`/api/${version}/profiles/trimmed`)).toMatchObject({
      status: 200,
      body: { response: [{ name: 'GLOBAL' }, { name: 'ORG_PROFILE1' }] },
    });
  });

  it('answers one profile by id as an array, and an empty array for an unknown id', async () => {
    const one = (await get(`/api/${version}/profiles/${f.orgProfile}`)).body;
    if (seed) expect(one).toEqual({ response: [orgRecord()] });
    else expect(one).toEqual({ alerts: [BY_ID_WARNING], response: [goRecord(orgRecord())] });
    expect(await get(`/api/${version}/profiles/99999`)).toMatchObject({ status: 200, body: { response: [] } });
  });

  it('answers 400 for a non-integer profile id', async () => {
    const res = await get(`/api/${version}/profiles/abc`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody('id cannot parse to integer'));
  });
});

describe('GET profiles filters', () => {
  it('filters by name, id and cdn id, alone and together', async () => {
    const names = async (query: string) =>
      ((await get(`/api/1.1/profiles?${query}`)).body.response as { name: string }[]).map((p) => p.name);
    expect(await names('name=ORG_PROFILE1')).toEqual(['ORG_PROFILE1']);
    expect(await names('name=org_profile1')).toEqual([]);
    expect(await names(`id=${f.globalProfile}`)).toEqual(['GLOBAL']);
    expect(await names(`cdn=${f.cdn1}`)).toEqual(['ORG_PROFILE1']);
    expect(await names(`cdn=${f.cdnAll}`)).toEqual(['GLOBAL']);
    expect(await names(`cdn=${f.cdn1}&name=GLOBAL`)).toEqual([]);
    expect(await names(`cdn=${f.cdn1}&id=${f.orgProfile}&name=ORG_PROFILE1`)).toEqual(['ORG_PROFILE1']);
    expect(await names('id=99999')).toEqual([]);
  });

  it.each([
    ['id=abc', 'id cannot parse to integer'],
    ['cdn=cdn1', 'cdn cannot parse to integer'],
    ['id=x&cdn=y', 'id cannot parse to integer, cdn cannot parse to integer'],
    ['name=a&name=b', "'name' must be a string"],
  ])('answers 400 for ?%s', async (query, text) => {
    const res = await get(`/api/1.1/profiles?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody(text));
  });
});

describe('profiles: paths and roles', () => {
  it('answers at the .json forms Traffic Ops served', async () => {
    expect((await get('/api/1.1/profiles.json')).body.response).toHaveLength(2);
    expect((await get('/api/1.1/profiles/trimmed.json')).body.response).toEqual([
      { name: 'GLOBAL' },
      { name: 'ORG_PROFILE1' },
    ]);
    expect((await get(`/api/1.1/profiles/${f.orgProfile}.json`)).body.response).toEqual([orgRecord()]);
  });

  it.each(['admin', 'ops', 'ro', 'portal', 'tenanta'] as UserKey[])(
    'lets %s read every profile (profiles have no tenant)',
    async (who) => {
      expect((await get('/api/1.1/profiles', who)).body.response).toHaveLength(2);
      expect((await get('/api/1.1/profiles/trimmed', who)).body.response).toHaveLength(2);
      expect((await get(`/api/1.1/profiles/${f.orgProfile}`, who)).body.response).toHaveLength(1);
    },
  );

  it('answers 401 without a session on every profile path', async () => {
    for (const path of ['profiles', 'profiles/trimmed', `profiles/${f.orgProfile}`]) {
      const res = await call(t.app, 'GET', `/api/1.1/${path}`);
      expect(res.status, path).toBe(401);
      expect(res.body).toEqual(errorBody('Unauthorized, please log in.'));
    }
  });
});
