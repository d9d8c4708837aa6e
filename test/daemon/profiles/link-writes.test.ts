import { describe, expect, it } from 'vitest';
import { eachStore } from '../../helpers/store-kinds.js';
import { errorsOf, successOf, writeHarness } from './write-harness.js';

/** Issue 31: profile ↔ parameter links by id and by name (reference §6.3–6.4), both stores. */

eachStore((kind) => {
  const h = writeHarness(kind);
  const newParam = async (name: string, secure = false) => {
    const res = await h.as('admin', 'POST', '/api/1.5/parameters', {
      name,
      configFile: 'records.config',
      value: 'v',
      secure,
    });
    return (res.body.response as { id: number }).id;
  };

  describe('POST profileparameter and parameterprofile', () => {
    it('assigns parameters to a profile (replace unlinks the others) and logs it', async () => {
      const org = await h.profileId('ORG_PROFILE1');
      const [a, b] = [await newParam('assign.a'), await newParam('assign.b')];
      const since = await h.mark();
      const res = await h.as('ops_user', 'POST', '/api/1.1/profileparameter', { profileId: org, paramIds: [a, b] });
      expect([res.status, successOf(res.body)]).toEqual([
        200,
        '2 parameters were assigned to the ORG_PROFILE1 profile',
      ]);
      expect(res.body.response).toEqual({ profileId: org, paramIds: [a, b], replace: false });
      expect(await since()).toEqual([`PROFILE: ORG_PROFILE1, ID: ${org}, ACTION: Assigned 2 parameters to profile`]);
      await h.as('ops_user', 'POST', '/api/1.1/profileparameter', { profileId: org, paramIds: [b], replace: true });
      const links = (await h.as('ro_user', 'GET', `/api/1.1/profileparameters?profileId=${org}`)).body.response;
      expect(links).toEqual([{ lastUpdated: expect.any(String), profile: 'ORG_PROFILE1', parameter: b }]);
    });

    it('reports every problem of profileparameter and parameterprofile together', async () => {
      const none = await h.as('ops_user', 'POST', '/api/1.1/profileparameter', {});
      expect(errorsOf(none.body)).toEqual(['parse error: validating: profileId missing, paramIds missing']);
      const unknown = await h.as('ops_user', 'POST', '/api/1.1/profileparameter', {
        profileId: 99999,
        paramIds: [99998],
      });
      expect(errorsOf(unknown.body)).toEqual([
        "parse error: validating: no profile with ID 99999 exists, parameters with IDs [99998] don't all exist",
      ]);
      const p = await h.as('ops_user', 'POST', '/api/1.1/parameterprofile', { paramId: 99999, profileIds: [99998] });
      expect(errorsOf(p.body)).toEqual([
        "parse error: validating: no parameter with ID 99999 exists, profiles with IDs [99998] don't all exist",
      ]);
      const q = await h.as('ops_user', 'POST', '/api/1.1/parameterprofile', {});
      expect([q.status, errorsOf(q.body)]).toEqual([
        400,
        ['parse error: validating: paramId missing, profileIds missing'],
      ]);
      expect((await h.as('ro_user', 'POST', '/api/1.1/parameterprofile', {})).status).toBe(403);
    });

    it('assigns a parameter to profiles and logs it under the parameter', async () => {
      const org = await h.profileId('ORG_PROFILE1');
      const id = await newParam('assign.c');
      const since = await h.mark();
      const res = await h.as('ops_user', 'POST', '/api/1.1/parameterprofile', { paramId: id, profileIds: [org] });
      expect(successOf(res.body)).toBe(`1 profiles were assigned to the ${id} parameter`);
      expect(await since()).toEqual([`PARAM: assign.c, ID: ${id}, ACTION: Assigned 1 profiles to parameter`]);
    });
  });

  describe('profiles/{id|name}/parameters', () => {
    it('upserts and links by id and by name; an existing parameter keeps its secure flag', async () => {
      const org = await h.profileId('ORG_PROFILE1');
      await newParam('upsert.secret', true);
      const since = await h.mark();
      const res = await h.as('ops_user', 'POST', `/api/1.1/profiles/${org}/parameters`, [
        { name: 'upsert.secret', configFile: 'records.config', value: 'v', secure: 0 },
        { name: 'upsert.new', configFile: 'records.config', value: 'w', secure: 1 },
      ]);
      expect([res.status, successOf(res.body)]).toEqual([
        200,
        'Assign parameters successfully to profile ORG_PROFILE1',
      ]);
      const answer = res.body.response as { parameters: Array<{ name: string; secure: number; value: string }> };
      expect(answer).toMatchObject({ profileId: org, profileName: 'ORG_PROFILE1' });
      expect(answer.parameters.map((p) => [p.name, p.secure, p.value])).toEqual([
        ['upsert.secret', 1, '********'],
        ['upsert.new', 1, '********'],
      ]);
      expect(await since()).toEqual([`PROFILE: ORG_PROFILE1, ID: ${org}, ACTION: Assigned parameters to profile`]);
      const byName = await h.as('admin', 'POST', '/api/1.1/profiles/name/ORG_PROFILE1/parameters', {
        name: 'upsert.byname',
        configFile: 'records.config',
        value: 'z',
        secure: 0,
      });
      expect(byName.status).toBe(200);
      const names = (
        (await h.as('admin', 'GET', `/api/1.1/profiles/${org}/parameters`)).body.response as Array<{ name: string }>
      ).map((p) => p.name);
      expect(names).toEqual(expect.arrayContaining(['upsert.secret', 'upsert.new', 'upsert.byname']));
      const unassigned = await h.as('ro_user', 'GET', `/api/1.1/profiles/${org}/unassigned_parameters`);
      expect((unassigned.body.alerts as Array<{ text: string }>)[0].text).toBe(
        'This endpoint is deprecated, and will be removed in the future',
      );
      expect((unassigned.body.response as Array<{ name: string }>).map((p) => p.name)).not.toContain('upsert.new');
    });

    it('names missing fields per item and refuses unknown profiles', async () => {
      const org = await h.profileId('ORG_PROFILE1');
      const missing = await h.as('ops_user', 'POST', `/api/1.1/profiles/${org}/parameters`, [
        { name: 'a', configFile: 'b', value: 'c', secure: 0 },
        { name: 'a' },
      ]);
      expect(errorsOf(missing.body)).toEqual([
        'parse error: validating: object 1: required fields missing: configFile, secure, value',
      ]);
      const p = { name: 'a', configFile: 'b', value: 'c', secure: 0 };
      const byId = await h.as('ops_user', 'POST', '/api/1.1/profiles/99999/parameters', p);
      expect([byId.status, errorsOf(byId.body)]).toEqual([404, ['no profile with ID 99999 exists']]);
      const byName = await h.as('ops_user', 'POST', '/api/1.1/profiles/name/NOPE/parameters', p);
      expect([byName.status, errorsOf(byName.body)]).toEqual([404, ['no profile with that name exists']]);
      expect((await h.as('ro_user', 'POST', `/api/1.1/profiles/${org}/parameters`, p)).status).toBe(403);
    });
  });

  describe('POST profileparameters', () => {
    it('refuses a missing id and unknown records', async () => {
      const none = await h.as('ops_user', 'POST', '/api/1.3/profileparameters', { parameterId: 1 });
      expect([none.status, errorsOf(none.body)]).toEqual([400, ['no profile ID in request']]);
      const unknown = await h.as('ops_user', 'POST', '/api/1.3/profileparameters', {
        profileId: 99999,
        parameterId: 1,
      });
      expect([unknown.status, errorsOf(unknown.body)]).toEqual([404, ['no profile with ID 99999 exists']]);
      expect((await h.as('ro_user', 'POST', '/api/1.3/profileparameters', {})).status).toBe(403);
    });
  });
});
