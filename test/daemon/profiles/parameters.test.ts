import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileParameterRecord } from '../../../shared/contract/profiles.js';
import type { TestApp } from '../../helpers/app.js';
import { call } from '../origins/client.js';
import { fixtureApp, type UserKey } from '../origins/fixtures.js';

let t: TestApp;
let cookies: Record<UserKey, string>;
// A secure parameter on GLOBAL, to show who may read its value.
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
  ({ t, cookies } = await fixtureApp({ now: Date.parse('2026-11-21T11:22:33Z'), prepare: addSecureParameter }));
});
afterAll(() => t.close());

const get = <T = unknown>(url: string, who: UserKey = 'admin') => call<T>(t.app, 'GET', url, cookies[who]);

describe.each(['1.1', '1.2', '1.3'])('GET profiles/name/:name/parameters at %s', (version) => {
  // Outside the seed: Traffic Ops' types at every version, `id` a number, `+00` (issue 34, item 3).
  it("answers the GLOBAL profile's parameters, maxRevalDurationDays among them, with their types", async () => {
    const res = await get<ProfileParameterRecord[]>(`/api/${version}/profiles/name/GLOBAL/parameters`);
    expect(res.status).toBe(200);
    const reval = res.body.response.find((p: { name: string }) => p.name === 'maxRevalDurationDays');
    expect(reval).toEqual({
      id: expect.any(Number),
      name: 'maxRevalDurationDays',
      configFile: 'regex_revalidate.config',
      value: '90',
      secure: false,
      lastUpdated: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\+00$/),
    });
  });

  it('shows a secure value to an admin only', async () => {
    const secret = async (who: UserKey) =>
      (await get<ProfileParameterRecord[]>(`/api/${version}/profiles/name/GLOBAL/parameters`, who)).body.response.find(
        (p: { name: string }) => p.name === 'api.key',
      );
    expect((await secret('admin'))?.value).toBe('s3cret-value');
    expect((await secret('ro'))?.value).toBe('********');
    expect((await secret('ops'))?.value).toBe('********');
  });

  it('answers 404 for an unknown profile and 401 without a session', async () => {
    expect(await get(`/api/${version}/profiles/name/NOPE/parameters`)).toMatchObject({
      status: 404,
      body: { alerts: [{ level: 'error', text: 'profile not found' }] },
    });
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/${version}/profiles/name/GLOBAL/parameters` });
    expect(anonymous.statusCode).toBe(401);
  });
});
