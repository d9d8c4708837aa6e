import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GoSession, listenLocal, type GoAnswer } from '../../helpers/go-session.js';
import { GO, expectShape, type Shape } from '../../helpers/go-types.js';
import { PASSWORDS, goldenApp, type GoldenApp } from '../security/fixture.js';

/**
 * The Traffic Ops Go client (1.x line) on profiles and parameters (issue 31), over real HTTP: the paths it
 * hard-codes (`/api/1.3/…`, copy at `/api/1.4`), the bodies its structs marshal, and the JSON types its structs
 * decode from every answer.
 */

let t: GoldenApp;
let base = '';
const go = new GoSession(() => base);

beforeAll(async () => {
  t = await goldenApp();
  base = await listenLocal(t.app);
  const login = await call('POST', '/api/1.5/user/login', { u: 'admin', p: PASSWORDS.admin });
  expect(login.status).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

type Answer = GoAnswer;

const call = go.request;

/** The client's ErrUnlessOK, then the alerts it decodes: a success alert. */
async function ok(method: string, path: string, body?: unknown): Promise<Answer> {
  const answer = await call(method, path, body);
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body).slice(0, 300)}`).toBeLessThan(300);
  return answer;
}

const PARAMETER: Shape = {
  configFile: 'string',
  id: 'number',
  lastUpdated: 'string',
  name: 'string',
  profiles: 'array|null',
  secure: 'boolean',
  value: 'string',
};
const PROFILE_PARAMETER: Shape = { lastUpdated: 'string', profile: 'string', parameter: 'number' };

/** tc.Parameter as json.Marshal writes it from a struct the caller filled. */
const goParameter = (name: string, value: string) => ({
  configFile: 'records.config',
  id: 0,
  lastUpdated: '0001-01-01 00:00:00+00',
  name,
  profiles: null,
  secure: false,
  value,
});

/** tc.Profile as json.Marshal writes it. */
const goProfile = (name: string) => ({
  id: 0,
  lastUpdated: '0001-01-01 00:00:00+00',
  name,
  parameter: '',
  description: `${name} profile`,
  cdnName: 'cdn1',
  cdn: t.ids.cdn.id,
  routingDisabled: false,
  type: 'ATS_PROFILE',
  params: null,
});

describe('Go client: profiles', () => {
  it('CreateProfile, GetProfileByName, UpdateProfileByID, CopyProfile, ExportProfile, ImportProfile, DeleteProfileByID', async () => {
    await ok('POST', '/api/1.3/profiles', goProfile('GO_EDGE'));
    // GetProfileByName decodes []tc.Profile: `id` must be a JSON number at 1.3 (issue 34, item 3).
    const found = (await ok('GET', '/api/1.3/profiles?name=GO_EDGE')).body.response as Array<{ id: number }>;
    found.forEach((p, i) => expectShape(p, GO.profile, `profiles[${i}]`, { ordered: true }));
    const id = found[0].id;
    await ok('PUT', `/api/1.3/profiles/${id}`, { ...goProfile('GO_EDGE'), description: 'changed' });
    const copy = await ok('POST', '/api/1.4/profiles/name/GO_COPY/copy/GO_EDGE', {
      id: 0,
      name: 'GO_COPY',
      existingID: 0,
      existingName: 'GO_EDGE',
      description: '',
    });
    expectShape(
      copy.body.response,
      { id: 'number', name: 'string', idCopyFrom: 'number', profileCopyFrom: 'string', description: 'string' },
      'copy',
    );
    const exported = await ok('GET', `/api/1.3/profiles/${id}/export`);
    expectShape(
      exported.body.profile,
      { name: 'string', description: 'string', cdn: 'string', type: 'string' },
      'export',
    );
    expect(Array.isArray(exported.body.parameters)).toBe(true);
    const imported = await ok('POST', '/api/1.3/profiles/import', {
      profile: { ...(exported.body.profile as object), name: 'GO_IMPORTED' },
      parameters: exported.body.parameters,
    });
    expectShape(
      imported.body.response,
      { name: 'string', description: 'string', cdn: 'string', type: 'string', id: 'number' },
      'import',
    );
    await ok('DELETE', `/api/1.3/profiles/${id}`);
  });
});

describe('Go client: parameters and profile parameters', () => {
  it('CreateParameter(s), GetParameters, UpdateParameterByID, DeleteParameterByID', async () => {
    await ok('POST', '/api/1.3/parameters', goParameter('go.one', '1'));
    await ok('POST', '/api/1.3/parameters', [goParameter('go.two', '2'), goParameter('go.three', '3')]);
    const list = (await ok('GET', '/api/1.3/parameters?name=go.one')).body.response as Array<{ id: number }>;
    list.forEach((p, i) => expectShape(p, PARAMETER, `parameters[${i}]`, { ordered: true }));
    const id = list[0].id;
    await ok('PUT', `/api/1.3/parameters/${id}`, { ...goParameter('go.one', '11'), id });
    await ok('DELETE', `/api/1.3/parameters/${id}`);
  });

  it('CreateProfileParameter(s), GetProfileParameters, DeleteParameterByProfileParameter', async () => {
    const param = (name: string) =>
      (ok('POST', '/api/1.3/parameters', goParameter(name, 'x')) as Promise<Answer>).then(
        (a) => (a.body.response as { id: number }).id,
      );
    const [a, b] = [await param('go.link.a'), await param('go.link.b')];
    const link = (parameterId: number) => ({
      lastUpdated: '0001-01-01 00:00:00+00',
      profile: '',
      profileId: t.ids.profile,
      parameter: '',
      parameterId,
    });
    await ok('POST', '/api/1.3/profileparameters', link(a));
    await ok('POST', '/api/1.3/profileparameters', [link(b)]);
    const links = (await ok('GET', `/api/1.3/profileparameters?profileId=${t.ids.profile}`)).body.response as unknown[];
    expect(links.length).toBe(2);
    links.forEach((l, i) => expectShape(l, PROFILE_PARAMETER, `profileparameters[${i}]`, { ordered: true }));
    await ok('DELETE', `/api/1.3/profileparameters/${t.ids.profile}/${a}`);
    const left = (await ok('GET', `/api/1.3/profileparameters?profileId=${t.ids.profile}`)).body.response as unknown[];
    expect(left).toEqual([expect.objectContaining({ parameter: b })]);
  });
});
