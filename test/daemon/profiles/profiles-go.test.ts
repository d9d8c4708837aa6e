import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/app.js';
import { call } from '../origins/client.js';
import { fixtureApp, type Fixture, type UserKey } from '../origins/fixtures.js';

/** Profiles at 1.4/1.5: the Go server's ProfileNullable, params by id, deprecation warnings (issue 17). */

let t: TestApp;
let f: Fixture;
let cookies: Record<UserKey, string>;
function addSecureParameter(app: TestApp) {
  const param = app.db
    .prepare(
      "INSERT INTO parameters (name, config_file, value, secure, last_updated) VALUES ('api.key', 'secrets.config', 's3cret-value', 1, 0)",
    )
    .run().lastInsertRowid;
  app.db
    .prepare(
      "INSERT INTO profile_parameters (profile_id, parameter_id) SELECT id, ? FROM profiles WHERE name = 'GLOBAL'",
    )
    .run(param);
}
beforeAll(async () => {
  ({ t, f, cookies } = await fixtureApp({ now: Date.parse('2026-11-21T11:22:33Z'), prepare: addSecureParameter }));
});
afterAll(() => t.close());

const get = (url: string, who: UserKey = 'admin') => call(t.app, 'GET', url, cookies[who]);
const BY_ID = {
  text: 'This endpoint is deprecated, please use GET /profiles with query parameter id instead',
  level: 'warning',
};

describe.each(['1.4', '1.5'])('profiles at %s', (v) => {
  it('lists profiles with numeric ids, lastUpdated with its zone, and no params', async () => {
    const res = await get(`/api/${v}/profiles`);
    expect(res.status).toBe(200);
    const org = (res.body.response as Record<string, unknown>[]).find((p) => p.name === 'ORG_PROFILE1');
    expect(org).toEqual({
      id: f.orgProfile,
      lastUpdated: '2026-11-21 11:22:33+00',
      name: 'ORG_PROFILE1',
      description: 'origin profile one',
      cdnName: 'cdn1',
      cdn: f.cdn1,
      routingDisabled: false,
      type: 'ORG_PROFILE',
    });
  });

  it('asked by id, carries its parameters, secure values masked for non-admins', async () => {
    const admin = (await get(`/api/${v}/profiles?id=${f.globalProfile}`)).body.response as {
      params: Record<string, unknown>[];
    }[];
    const key = admin[0].params.find((p) => p.name === 'api.key');
    expect(key).toEqual({
      configFile: 'secrets.config',
      id: expect.any(Number),
      lastUpdated: null,
      name: 'api.key',
      profiles: null,
      secure: true,
      value: 's3cret-value',
    });
    const ops = (await get(`/api/${v}/profiles?id=${f.globalProfile}`, 'ops')).body.response as {
      params: Record<string, unknown>[];
    }[];
    expect(ops[0].params.find((p) => p.name === 'api.key')?.value).toBe('********');
    const noParams = (await get(`/api/${v}/profiles?id=${f.orgProfile}`)).body.response as Record<string, unknown>[];
    expect(noParams[0]).not.toHaveProperty('params');
  });

  it('profiles/:id and profiles/trimmed carry their deprecation warnings', async () => {
    const one = await get(`/api/${v}/profiles/${f.globalProfile}`);
    expect(one.body.alerts).toEqual([BY_ID]);
    expect((one.body.response as { id: number }[])[0].id).toBe(f.globalProfile);
    expect((await get(`/api/${v}/profiles/trimmed`)).body.alerts).toEqual([
      { text: 'This endpoint is deprecated, please use GET /profiles instead', level: 'warning' },
    ]);
  });
});
