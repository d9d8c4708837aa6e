import { describe, expect, it } from 'vitest';
import { eachStore } from '../../helpers/store-kinds.js';
import { errorsOf, successOf, writeHarness } from './write-harness.js';

/**
 * Issue 31: parameters CRUD with masking (reference §6.2), and every change of a parameter a cache's profile holds
 * queueing updates on exactly those caches, with its change-log entries. On both stores.
 */

const EDGES = ['edge1a', 'edge1b', 'edge2a', 'edge2b', 'edge2c'];
const MIDS = ['mid1', 'mid2'];

eachStore((kind) => {
  const h = writeHarness(kind);
  const param = (over: Record<string, unknown> = {}) => ({
    name: 'proxy.config.x',
    configFile: 'records.config',
    value: 'INT 1',
    secure: false,
    ...over,
  });
  const create = async (over: Record<string, unknown> = {}) => {
    const res = await h.as('ops_user', 'POST', '/api/1.3/parameters', param(over));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.response as { id: number }).id;
  };

  describe('POST and GET parameters', () => {
    it('creates one (echoed) or many, and logs each', async () => {
      const since = await h.mark();
      const res = await h.as('ops_user', 'POST', '/api/1.1/parameters', param({ name: 'one' }));
      expect([res.status, successOf(res.body)]).toEqual([200, 'param was created.']);
      const id = (res.body.response as { id: number }).id;
      expect(res.body.response).toMatchObject({
        name: 'one',
        configFile: 'records.config',
        profiles: [],
        secure: false,
      });
      const many = await h.as('ops_user', 'POST', '/api/1.1/parameters', [
        param({ name: 'two' }),
        param({ name: 'three' }),
      ]);
      expect([many.status, successOf(many.body), many.body.response]).toEqual([200, 'params were created.', null]);
      const log = await since();
      expect(log[0]).toBe(`PARAM: one, ID: ${id}, ACTION: Created param, keys: { id:${id} }`);
      expect(log.slice(1).map((m) => m.split(',')[0])).toEqual(['PARAM: two', 'PARAM: three']);
    });

    it('refuses each invalid parameter with Traffic Ops’ text, and a duplicate', async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [param({ name: '' }), "'name' cannot be blank"],
        [param({ configFile: '' }), "'configFile' cannot be blank"],
        [param({ name: undefined, configFile: undefined }), "'name' cannot be blank, 'configFile' cannot be blank"],
        [
          param({ name: 'weight', configFile: 'parent.config', value: 'heavy' }),
          "'parent.config weight' must be a valid float",
        ],
        [param({ secure: null }), 'secure is a required field'],
      ];
      for (const [body, text] of cases) {
        const res = await h.as('ops_user', 'POST', '/api/1.5/parameters', body);
        expect([res.status, errorsOf(res.body)], text).toEqual([400, [text]]);
      }
      expect(errorsOf((await h.as('ops_user', 'POST', '/api/1.5/parameters', [])).body)).toEqual([
        'No objects were provided in request.',
      ]);
      await create({ name: 'dup' });
      const dup = await h.as('ops_user', 'POST', '/api/1.5/parameters', [
        param({ name: 'fresh' }),
        param({ name: 'dup' }),
      ]);
      expect(errorsOf(dup.body)).toEqual([
        "parameter name, config_file, value 'dup, records.config, INT 1' already exists.",
      ]);
      expect((await h.as('admin', 'GET', '/api/1.5/parameters?name=fresh')).body.response).toEqual([]);
      const weight = await h.as(
        'ops_user',
        'POST',
        '/api/1.5/parameters',
        param({ name: 'weight', configFile: 'parent.config', value: '0.5' }),
      );
      expect(weight.status).toBe(200);
    });

    it('masks secure values below admin, filters, and refuses writes below operations', async () => {
      const id = await create({ name: 'api.secret', value: 's3cret', secure: true });
      const read = async (u: 'admin' | 'ops_user' | 'ro_user') =>
        ((await h.as(u, 'GET', `/api/1.5/parameters?id=${id}`)).body.response as Array<{ value: string }>)[0].value;
      expect([await read('admin'), await read('ops_user'), await read('ro_user')]).toEqual([
        's3cret',
        '********',
        '********',
      ]);
      const secure = (await h.as('ro_user', 'GET', '/api/1.5/parameters?secure=true')).body.response as Array<{
        id: number;
      }>;
      expect(secure.map((p) => p.id)).toContain(id);
      const byId = await h.as('ro_user', 'GET', `/api/1.1/parameters/${id}`);
      expect((byId.body.alerts as Array<{ text: string }>)[0].text).toBe(
        'This endpoint is deprecated, please use GET /parameters with query parameter id instead',
      );
      expect((byId.body.response as Array<{ value: string }>)[0].value).toBe('********');
      const bad = await h.as('ro_user', 'GET', '/api/1.5/parameters?id=x&secure=maybe');
      expect(errorsOf(bad.body)).toEqual(['id cannot parse to integer, secure cannot parse to boolean']);
      // An inherited property's name is no boolean either (it was a 500).
      const proto = await h.as('ro_user', 'GET', '/api/1.5/parameters?secure=__proto__');
      expect(errorsOf(proto.body)).toEqual(['secure cannot parse to boolean']);
      expect((await h.as('ro_user', 'POST', '/api/1.5/parameters', param({ name: 'ro' }))).status).toBe(403);
      expect((await h.as('portal_user', 'PUT', `/api/1.5/parameters/${id}`, param())).status).toBe(403);
      expect((await h.as('ro_user', 'DELETE', `/api/1.5/parameters/${id}`)).status).toBe(403);
    });
  });

  describe('changes queue updates on exactly the caches holding the parameter', () => {
    it('linking to the EDGE profile queues the EDGEs, not the MIDs, and logs it', async () => {
      const edge = await h.profileId('EDGE_PROFILE1');
      const id = await create({ name: 'queued.link' });
      await h.clearPending();
      const since = await h.mark();
      const res = await h.as('ops_user', 'POST', '/api/1.3/profileparameters', { profileId: edge, parameterId: id });
      expect([res.status, successOf(res.body)]).toEqual([200, 'profileParameter was created.']);
      expect(res.body.response).toMatchObject({ profile: 'EDGE_PROFILE1', profileId: edge, parameterId: id });
      expect(await h.pending()).toEqual(EDGES);
      expect(await since()).toEqual([
        `PROFILEPARAMETER: ${edge}-${id}, ID: N/A, ACTION: Created profileParameter, keys: { profile_id:${edge} parameter_id:${id} }`,
        `PROFILEPARAMETER: ${edge}-${id}, ACTION: Queued updates on ${EDGES.length} servers`,
      ]);
      const dup = await h.as('ops_user', 'POST', '/api/1.3/profileparameters', { profileId: edge, parameterId: id });
      expect(errorsOf(dup.body)).toEqual([`profile_parameter profile, parameter '${edge}, ${id}' already exists.`]);
    });

    it('a new value queues the MIDs for a parameter on the MID profile only; an unchanged value queues none', async () => {
      const mid = await h.profileId('MID_PROFILE1');
      const id = await create({ name: 'queued.value' });
      await h.as('ops_user', 'POST', '/api/1.3/profileparameter', { profileId: mid, paramIds: [id] });
      await h.clearPending();
      const since = await h.mark();
      const res = await h.as(
        'ops_user',
        'PUT',
        `/api/1.3/parameters/${id}`,
        param({ name: 'queued.value', value: 'INT 2' }),
      );
      expect([res.status, successOf(res.body)]).toEqual([200, 'param was updated.']);
      expect(res.body.response).toMatchObject({ value: 'INT 2', profiles: ['MID_PROFILE1'] });
      expect(await h.pending()).toEqual(MIDS);
      expect(await since()).toEqual([
        `PARAM: queued.value, ID: ${id}, ACTION: Updated param, keys: { id:${id} }`,
        `PARAM: queued.value, ID: ${id}, ACTION: Queued updates on 2 servers`,
      ]);
      await h.clearPending();
      await h.as(
        'ops_user',
        'PUT',
        `/api/1.3/parameters/${id}`,
        param({ name: 'queued.value', value: 'INT 2', secure: true }),
      );
      expect(await h.pending()).toEqual([]);
      const unknown = await h.as('ops_user', 'PUT', '/api/1.3/parameters/99999', param());
      expect([unknown.status, errorsOf(unknown.body)]).toEqual([404, ['no param found with this id']]);
    });

    it('unlinking queues the profile’s caches; a parameter in use is not deleted; a free one is', async () => {
      const edge = await h.profileId('EDGE_PROFILE1');
      const id = await create({ name: 'queued.unlink' });
      await h.as('ops_user', 'POST', '/api/1.3/parameterprofile', { paramId: id, profileIds: [edge] });
      const inUse = await h.as('ops_user', 'DELETE', `/api/1.3/parameters/${id}`);
      expect([inUse.status, errorsOf(inUse.body)]).toEqual([
        400,
        [`fail to delete parameter, parameter [id:${id}] has profile associated.`],
      ]);
      await h.clearPending();
      const res = await h.as('ops_user', 'DELETE', `/api/1.3/profileparameters/${edge}/${id}`);
      expect([res.status, successOf(res.body)]).toEqual([200, 'profileParameter was deleted.']);
      expect(await h.pending()).toEqual(EDGES);
      const gone = await h.as('ops_user', 'DELETE', `/api/1.3/profileparameters/${edge}/${id}`);
      expect([gone.status, errorsOf(gone.body)]).toEqual([404, ['no profileParameter with that key found']]);
      const since = await h.mark();
      const deleted = await h.as('ops_user', 'DELETE', `/api/1.3/parameters/${id}`);
      expect([deleted.status, successOf(deleted.body)]).toEqual([200, 'param was deleted.']);
      expect(await since()).toEqual([`PARAM: queued.unlink, ID: ${id}, ACTION: Deleted param, keys: { id:${id} }`]);
      expect((await h.as('ops_user', 'DELETE', `/api/1.3/parameters/${id}`)).status).toBe(404);
    });
  });
});
