import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachStore } from '../../helpers/store-kinds.js';
import { goldenApp, type GoldenApp, type Username } from './fixture.js';

/*
 * Secure parameters across tenants (issue 31). Parameters carry no tenant in Traffic Ops 1.x, so a tenant-a caller
 * reads root's GLOBAL profile and its parameters; what keeps a secure value hidden is the caller's role, never its
 * tenant. Every read that shows a parameter's value masks it (`********`) below Admin, for a root caller and a
 * tenant-a one alike, and shows it to an admin of either tenant. Admin reads first, so an answer cached for a
 * higher privilege level would be caught leaking to a lower one.
 */

const SECRET = 's3cret-tenancy-value';
const MASK = '********';

interface Param {
  name: string;
  value: string;
}
type Read = (t: GoldenApp, ids: SecretIds, as: Username) => Promise<string | undefined>;
interface SecretIds {
  global: number;
  parameter: number;
}

async function get(t: GoldenApp, as: Username, url: string): Promise<unknown> {
  const res = await t.app.inject({ method: 'GET', url, headers: { cookie: await t.session(as) } });
  expect(res.statusCode, `GET ${url} as ${as}: ${res.body.slice(0, 200)}`).toBe(200);
  return res.json();
}
const secretIn = (list: Param[]) => list.find((p) => p.name === 'tenancy.secret')?.value;
const responseOf = async (t: GoldenApp, as: Username, url: string) =>
  ((await get(t, as, url)) as { response: unknown }).response;

/** Each read that shows the secure parameter's value, and how to find that value in its answer. */
const READS: Record<string, Read> = {
  'GET parameters?name': async (t, _ids, as) =>
    secretIn((await responseOf(t, as, '/api/1.5/parameters?name=tenancy.secret')) as Param[]),
  'GET parameters/:id': async (t, ids, as) =>
    secretIn((await responseOf(t, as, `/api/1.5/parameters/${ids.parameter}`)) as Param[]),
  'GET profiles/:id/parameters': async (t, ids, as) =>
    secretIn((await responseOf(t, as, `/api/1.5/profiles/${ids.global}/parameters`)) as Param[]),
  'GET profiles/name/:name/parameters': async (t, _ids, as) =>
    secretIn((await responseOf(t, as, '/api/1.3/profiles/name/GLOBAL/parameters')) as Param[]),
  'GET profiles/:id/unassigned_parameters': async (t, _ids, as) =>
    secretIn((await responseOf(t, as, `/api/1.5/profiles/${t.ids.profile}/unassigned_parameters`)) as Param[]),
  'GET profiles/:id at 1.5 (its params)': async (t, ids, as) =>
    secretIn(((await responseOf(t, as, `/api/1.5/profiles/${ids.global}`)) as Array<{ params: Param[] }>)[0].params),
  'GET profiles?id at 1.5 (its params)': async (t, ids, as) =>
    secretIn(((await responseOf(t, as, `/api/1.5/profiles?id=${ids.global}`)) as Array<{ params: Param[] }>)[0].params),
  'GET profiles/:id/export': async (t, ids, as) =>
    secretIn(((await get(t, as, `/api/1.3/profiles/${ids.global}/export`)) as { parameters: Param[] }).parameters),
};

eachStore((kind) => {
  let t: GoldenApp;
  let ids: SecretIds;
  beforeAll(async () => {
    t = await goldenApp({ storeKind: kind });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/1.5/profiles/name/GLOBAL/parameters',
      headers: { cookie: await t.session('admin') },
      payload: { name: 'tenancy.secret', configFile: 'secrets.config', value: SECRET, secure: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as { response: { profileId: number; parameters: Array<{ id: number }> } };
    ids = { global: answer.response.profileId, parameter: answer.response.parameters[0].id };
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('secure parameters: masked by role, not by tenant', () => {
    for (const [name, read] of Object.entries(READS)) {
      it(`${name}: admins of root and tenant-a see the value, operators of either see it masked`, async () => {
        const seen: Partial<Record<Username, string | undefined>> = {};
        for (const as of ['admin', 'tenanta_admin', 'tenanta_user', 'ops_user', 'ro_user'] as const)
          seen[as] = await read(t, ids, as);
        expect(seen).toEqual({
          admin: SECRET,
          tenanta_admin: SECRET,
          tenanta_user: MASK,
          ops_user: MASK,
          ro_user: MASK,
        });
      });
    }

    it('GET parameters?value= is no oracle for a masked value: below admin it matches no secure parameter', async () => {
      const names = async (as: Username, query: string) =>
        ((await responseOf(t, as, `/api/1.5/parameters?${query}`)) as Param[]).map((p) => p.name);
      const guess = `value=${SECRET}`;
      expect(await names('admin', guess)).toEqual(['tenancy.secret']);
      expect(await names('tenanta_admin', guess)).toEqual(['tenancy.secret']);
      for (const as of ['tenanta_user', 'ops_user', 'ro_user'] as const) {
        expect(await names(as, guess), as).toEqual([]);
        expect(await names(as, `${guess}&name=tenancy.secret`), as).toEqual([]);
        // The filter still works on what the caller may read.
        expect(await names(as, 'value=90'), as).toEqual(['maxRevalDurationDays']);
        expect(await names(as, 'name=tenancy.secret'), as).toEqual(['tenancy.secret']);
      }
    });

    it('system/info leaves a secure global parameter out below admin, whatever the tenant', async () => {
      const add = await t.app.inject({
        method: 'POST',
        url: '/api/1.5/profiles/name/GLOBAL/parameters',
        headers: { cookie: await t.session('admin') },
        payload: { name: 'tenancy.global.secret', configFile: 'global', value: SECRET, secure: 1 },
      });
      expect(add.statusCode, add.body).toBe(200);
      const info = async (as: Username) =>
        ((await responseOf(t, as, '/api/1.3/system/info')) as { parameters: Record<string, string> }).parameters[
          'tenancy.global.secret'
        ];
      expect(await info('admin')).toBe(SECRET);
      expect(await info('tenanta_admin')).toBe(SECRET);
      expect(await info('tenanta_user')).toBeUndefined();
      expect(await info('ro_user')).toBeUndefined();
    });
  });
});
