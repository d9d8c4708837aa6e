import { describe, expect, it } from 'vitest';
import { eachStore } from '../../helpers/store-kinds.js';
import { errorsOf, successOf, writeHarness } from './write-harness.js';

/** Issue 31: POST profiles, PUT/DELETE profiles/:id, copy, export and import (reference §6.1, §6.5), both stores. */

eachStore((kind) => {
  const h = writeHarness(kind);
  const body = (over: Record<string, unknown> = {}) => ({
    name: 'NEW_EDGE',
    description: 'a new edge profile',
    cdn: h.t().ids.cdn.id,
    type: 'ATS_PROFILE',
    routingDisabled: false,
    ...over,
  });

  describe('POST profiles', () => {
    it('creates a profile at 1.1 and 1.5, answers it, and logs it', async () => {
      const since = await h.mark();
      const res = await h.as('ops_user', 'POST', '/api/1.3/profiles', body());
      expect(res.status).toBe(200);
      expect(successOf(res.body)).toBe('profile was created.');
      const created = res.body.response as { id: number; name: string; cdnName: string; type: string };
      expect(created).toMatchObject({ name: 'NEW_EDGE', cdnName: 'cdn1', type: 'ATS_PROFILE', routingDisabled: false });
      expect(typeof created.id).toBe('number');
      expect(await since()).toEqual([
        `PROFILE: NEW_EDGE, ID: ${created.id}, ACTION: Created profile, keys: { id:${created.id} }`,
      ]);
      const again = await h.as('admin', 'POST', '/api/1.1/profiles', body({ name: 'NEW_EDGE_11' }));
      expect(again.status).toBe(200);
    });

    it('refuses blank fields together, then routingDisabled, the type, the CDN and a taken name', async () => {
      const blank = await h.as('ops_user', 'POST', '/api/1.5/profiles', { routingDisabled: false });
      expect(blank.status).toBe(400);
      expect(errorsOf(blank.body)).toEqual([
        "'name' cannot be blank, 'description' cannot be blank, 'cdn' cannot be blank, 'type' cannot be blank",
      ]);
      const routing = await h.as('ops_user', 'POST', '/api/1.5/profiles', body({ routingDisabled: null }));
      expect([routing.status, errorsOf(routing.body)]).toEqual([400, ['routingDisabled is a required field']]);
      const type = await h.as('ops_user', 'POST', '/api/1.5/profiles', body({ type: 'NOPE' }));
      expect([type.status, errorsOf(type.body)]).toEqual([400, ['invalid enum value NOPE for field profile_type.']]);
      const cdn = await h.as('ops_user', 'POST', '/api/1.5/profiles', body({ cdn: 99999 }));
      expect([cdn.status, errorsOf(cdn.body)]).toEqual([404, ['cdn not found']]);
      const taken = await h.as('ops_user', 'POST', '/api/1.5/profiles', body({ name: 'EDGE_PROFILE1' }));
      expect([taken.status, errorsOf(taken.body)]).toEqual([400, ["profile name 'EDGE_PROFILE1' already exists."]]);
    });

    it('refuses read-only and portal users (403) and anonymous callers (401)', async () => {
      for (const u of ['ro_user', 'portal_user'] as const)
        expect((await h.as(u, 'POST', '/api/1.5/profiles', body({ name: `X_${u}` }))).status).toBe(403);
      const anonymous = await h.t().app.inject({ method: 'POST', url: '/api/1.5/profiles', payload: body() });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('PUT and DELETE profiles/:id', () => {
    it('updates a profile, refuses a taken name and an unknown id', async () => {
      const created = await h.as('ops_user', 'POST', '/api/1.5/profiles', body({ name: 'TO_UPDATE' }));
      const id = (created.body.response as { id: number }).id;
      const since = await h.mark();
      const res = await h.as(
        'ops_user',
        'PUT',
        `/api/1.2/profiles/${id}`,
        body({ name: 'UPDATED', description: 'd2' }),
      );
      expect([res.status, successOf(res.body)]).toEqual([200, 'profile was updated.']);
      expect(res.body.response).toMatchObject({ id, name: 'UPDATED', description: 'd2' });
      expect(await since()).toEqual([`PROFILE: UPDATED, ID: ${id}, ACTION: Updated profile, keys: { id:${id} }`]);
      const taken = await h.as('ops_user', 'PUT', `/api/1.5/profiles/${id}`, body({ name: 'MID_PROFILE1' }));
      expect(errorsOf(taken.body)).toEqual(["profile name 'MID_PROFILE1' already exists."]);
      const unknown = await h.as('ops_user', 'PUT', '/api/1.5/profiles/99999', body({ name: 'GHOST' }));
      expect([unknown.status, errorsOf(unknown.body)]).toEqual([404, ['no profile found with this id']]);
      const bad = await h.as('ops_user', 'PUT', '/api/1.5/profiles/abc', body());
      expect([bad.status, errorsOf(bad.body)]).toEqual([400, ['failed to parse key: id']]);
      expect((await h.as('ro_user', 'PUT', `/api/1.5/profiles/${id}`, body({ name: 'RO' }))).status).toBe(403);
    });

    it('deletes an unused profile with its links, and refuses one a server uses', async () => {
      const created = await h.as('ops_user', 'POST', '/api/1.5/profiles', body({ name: 'TO_DELETE' }));
      const id = (created.body.response as { id: number }).id;
      await h.as('ops_user', 'POST', `/api/1.5/profiles/${id}/parameters`, {
        name: 'x',
        configFile: 'records.config',
        value: 'y',
        secure: 0,
      });
      expect((await h.as('ro_user', 'DELETE', `/api/1.5/profiles/${id}`)).status).toBe(403);
      const since = await h.mark();
      const res = await h.as('ops_user', 'DELETE', `/api/1.5/profiles/${id}`);
      expect([res.status, successOf(res.body)]).toEqual([200, 'profile was deleted.']);
      expect(await since()).toEqual([`PROFILE: TO_DELETE, ID: ${id}, ACTION: Deleted profile, keys: { id:${id} }`]);
      expect((await h.as('admin', 'GET', `/api/1.5/profileparameters?profileId=${id}`)).body.response).toEqual([]);
      const again = await h.as('ops_user', 'DELETE', `/api/1.5/profiles/${id}`);
      expect([again.status, errorsOf(again.body)]).toEqual([404, ['no profile with that key found']]);
      const edge = await h.profileId('EDGE_PROFILE1');
      const used = await h.as('ops_user', 'DELETE', `/api/1.5/profiles/${edge}`);
      expect([used.status, errorsOf(used.body)]).toEqual([
        400,
        ['cannot delete profile because it is being used by a server'],
      ]);
    });
  });

  describe('copy, export, import', () => {
    it('copies a profile with its parameters, and refuses a taken or unknown name', async () => {
      const edge = await h.profileId('EDGE_PROFILE1');
      await h.as('ops_user', 'POST', `/api/1.5/profiles/${edge}/parameters`, [
        { name: 'CONFIG proxy.config.http.server_ports', configFile: 'records.config', value: 'STRING 80', secure: 0 },
      ]);
      const since = await h.mark();
      const res = await h.as('ops_user', 'POST', '/api/1.4/profiles/name/EDGE_COPY/copy/EDGE_PROFILE1');
      expect(res.status).toBe(200);
      expect(successOf(res.body)).toBe('created new profile [EDGE_COPY] from existing profile [EDGE_PROFILE1]');
      const copy = res.body.response as { id: number };
      expect(res.body.response).toMatchObject({
        name: 'EDGE_COPY',
        idCopyFrom: edge,
        profileCopyFrom: 'EDGE_PROFILE1',
      });
      expect(await since()).toEqual(['created new profile [EDGE_COPY] from existing profile [EDGE_PROFILE1]']);
      const params = async (id: number) =>
        ((await h.as('admin', 'GET', `/api/1.5/profiles/${id}/parameters`)).body.response as Array<{ name: string }>)
          .map((p) => p.name)
          .sort();
      expect(await params(copy.id)).toEqual(await params(edge));
      const taken = await h.as('ops_user', 'POST', '/api/1.4/profiles/name/EDGE_COPY/copy/EDGE_PROFILE1');
      expect([taken.status, errorsOf(taken.body)]).toEqual([400, ['profile with name EDGE_COPY already exists']]);
      const missing = await h.as('ops_user', 'POST', '/api/1.4/profiles/name/OTHER/copy/NOPE');
      expect([missing.status, errorsOf(missing.body)]).toEqual([404, ['profile with name NOPE does not exist']]);
      expect((await h.as('ro_user', 'POST', '/api/1.4/profiles/name/RO/copy/EDGE_PROFILE1')).status).toBe(403);
    });

    it('exports in Traffic Ops’ format and imports it back under a new name', async () => {
      const edge = await h.profileId('EDGE_PROFILE1');
      const res = await h.as('ro_user', 'GET', `/api/1.3/profiles/${edge}/export`);
      expect(res.status).toBe(200);
      expect(res.headers['content-disposition']).toBe('attachment; filename="EDGE_PROFILE1.json"');
      const exported = res.body as { profile: Record<string, string>; parameters: unknown[]; alerts: null };
      expect(exported.profile).toEqual({
        name: 'EDGE_PROFILE1',
        description: expect.any(String),
        cdn: 'cdn1',
        type: 'ATS_PROFILE',
      });
      expect(exported.alerts).toBeNull();
      expect(exported.parameters).toContainEqual({
        config_file: 'records.config',
        name: 'CONFIG proxy.config.http.server_ports',
        value: 'STRING 80',
      });
      const unknown = await h.as('ro_user', 'GET', '/api/1.3/profiles/99999/export');
      expect([unknown.status, errorsOf(unknown.body)]).toEqual([404, ['profile does not exist']]);

      const doc = {
        profile: { ...exported.profile, name: 'EDGE_IMPORTED' },
        parameters: [...exported.parameters, { config_file: 'records.config', name: 'brand', value: 'new' }],
      };
      const since = await h.mark();
      const imported = await h.as('ops_user', 'POST', '/api/1.3/profiles/import', doc);
      expect(imported.status).toBe(200);
      const n = exported.parameters.length;
      const text = `Profile imported [ EDGE_IMPORTED ] with 1 new and ${n} existing parameters`;
      expect(successOf(imported.body)).toBe(text);
      expect(imported.body.response).toMatchObject({ name: 'EDGE_IMPORTED', cdn: 'cdn1', type: 'ATS_PROFILE' });
      expect(await since()).toEqual([text]);
    });

    it('refuses an import with every problem named', async () => {
      const res = await h.as('ops_user', 'POST', '/api/1.3/profiles/import', {
        profile: { name: 'EDGE_PROFILE1', description: 'd', cdn: 'nocdn', type: 'BAD' },
        parameters: [{ name: 'a' }],
      });
      expect(res.status).toBe(400);
      expect(errorsOf(res.body)).toEqual([
        'validating: parameter 0: required fields missing: configFile, value, nocdn CDN does not exist, ' +
          'A profile with the name "EDGE_PROFILE1" already exists, invalid enum value BAD for field profile_type.',
      ]);
      const empty = await h.as('ops_user', 'POST', '/api/1.3/profiles/import', { profile: {}, parameters: [] });
      expect(errorsOf(empty.body)).toEqual([
        'validating: name required, description required, cdnName required, type required',
      ]);
      expect((await h.as('ro_user', 'POST', '/api/1.3/profiles/import', {})).status).toBe(403);
    });
  });
});
