import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachStore } from '../../helpers/store-kinds.js';
import { errors, topologyApp, type TopologyApp } from './helpers.js';

const REMOVED = { text: 'This endpoint is deprecated, and will be removed in the future', level: 'warning' };

eachStore((kind) => {
  let t: TopologyApp;
  let plain: number;
  let secret: number;
  beforeAll(async () => {
    t = await topologyApp(kind);
    const params = await t.store.cachegroups.unassignedParameters(t.ids.cachegroup);
    expect(params.length).toBeGreaterThan(0);
    plain = params[0].id;
    const sql = `INSERT INTO parameters (name, config_file, value, secure, last_updated) VALUES ('cg-secret', 'cg.config', 's3cret', 1, 0)`;
    if (t.pool) await t.pool.query(sql);
    else t.db.exec(sql);
    secret = (await t.store.cachegroups.unassignedParameters(t.ids.cachegroup)).find((p) => p.name === 'cg-secret')!.id;
  }, 180_000);
  afterAll(async () => t?.close());

  describe('POST cachegroupparameters', () => {
    it('links one pair or an array, answering the pairs with the success and deprecation alerts', async () => {
      const one = await t.call('ops_user', 'POST', '/api/1.3/cachegroupparameters', {
        cacheGroupId: t.ids.cachegroup,
        parameterId: plain,
      });
      expect(one.status).toBe(200);
      expect(one.body).toEqual({
        alerts: [{ text: 'Cachegroup parameter associations were created.', level: 'success' }, REMOVED],
        response: [{ cacheGroupId: t.ids.cachegroup, parameterId: plain }],
      });
      const many = await t.call('ops_user', 'POST', '/api/1.3/cachegroupparameters', [
        { cacheGroupId: t.ids.cachegroup, parameterId: secret },
      ]);
      expect(many.status).toBe(200);
      const linked = await t.store.cachegroups.parameters(t.ids.cachegroup);
      expect(linked.map((p) => p.id).sort()).toEqual([plain, secret].sort());
    });

    it.each([
      [() => ({ cacheGroupId: 1 }), 400, 'invalid cachegroup parameter.'],
      [() => [{ parameterId: 1 }], 400, 'invalid cachegroup parameter.'],
      [() => ({ cacheGroupId: t.ids.cachegroup, parameterId: plain }), 400, 'PAIR'],
      [() => ({ cacheGroupId: 99999, parameterId: plain }), 404, 'cachegroup not found'],
      [() => ({ cacheGroupId: t.ids.cachegroup, parameterId: 99999 }), 404, 'parameter not found'],
    ])('refuses a bad pair (%#)', async (payload, status, text) => {
      const res = await t.call('ops_user', 'POST', '/api/1.3/cachegroupparameters', payload());
      const want =
        text === 'PAIR' ? `parameter: ${plain} already associated with cachegroup: ${t.ids.cachegroup}.` : text;
      expect([res.status, errors(res)]).toEqual([status, [want]]);
    });

    it('needs operations', async () => {
      const res = await t.call('ro_user', 'POST', '/api/1.3/cachegroupparameters', { cacheGroupId: 1, parameterId: 1 });
      expect(res.status).toBe(403);
    });
  });

  describe('reads', () => {
    it('GET cachegroups/:id/parameters masks secure values below admin', async () => {
      const ops = await t.call('ops_user', 'GET', `/api/1.1/cachegroups/${t.ids.cachegroup}/parameters`);
      expect(ops.body.alerts).toEqual([REMOVED]);
      const values = (r: typeof ops) =>
        Object.fromEntries((r.body.response as { id: number; value: string }[]).map((p) => [p.id, p.value]));
      expect(values(ops)[secret]).toBe('********');
      const admin = await t.call('admin', 'GET', `/api/1.5/cachegroups/${t.ids.cachegroup}/parameters`);
      expect(values(admin)[secret]).toBe('s3cret');
      expect((admin.body.response as object[])[0]).toEqual({
        configFile: expect.any(String),
        id: expect.any(Number),
        lastUpdated: expect.any(String),
        name: expect.any(String),
        secure: expect.any(Boolean),
        value: expect.any(String),
      });
      const missing = await t.call('ro_user', 'GET', '/api/1.1/cachegroups/99999/parameters');
      expect([missing.status, missing.body.alerts]).toEqual([
        404,
        [REMOVED, { text: 'cachegroup does not exist', level: 'error' }],
      ]);
    });

    it('GET cachegroups/:id/unassigned_parameters answers the others', async () => {
      const res = await t.call('ro_user', 'GET', `/api/1.1/cachegroups/${t.ids.cachegroup}/unassigned_parameters`);
      expect(res.status).toBe(200);
      const ids = (res.body.response as { id: number }[]).map((p) => p.id);
      expect(ids).not.toContain(plain);
      expect(ids).not.toContain(secret);
    });

    it('GET cachegroupparameters lists links, filtered by cachegroup and parameter', async () => {
      const res = await t.call('ro_user', 'GET', `/api/1.1/cachegroupparameters?parameter=${plain}`);
      expect(res.body).toEqual({
        alerts: [REMOVED],
        response: {
          cachegroupParameters: [{ cachegroup: 'edge-cg2', parameter: plain, last_updated: expect.any(String) }],
        },
      });
      const none = await t.call('ro_user', 'GET', '/api/1.1/cachegroupparameters?cachegroup=99999');
      expect(none.body.response).toEqual({ cachegroupParameters: [] });
      const bad = await t.call('ro_user', 'GET', '/api/1.1/cachegroupparameters?cachegroup=x');
      expect(bad.status).toBe(400);
    });
  });

  describe('DELETE cachegroupparameters/:cachegroupId/:parameterId', () => {
    it('refuses unknown keys with 404 and unlinks a pair, logged', async () => {
      const cg = t.ids.cachegroup;
      const noGroup = await t.call('ops_user', 'DELETE', `/api/1.3/cachegroupparameters/99999/${plain}`);
      expect([noGroup.status, errors(noGroup)]).toEqual([404, ['cachegroup 99999 does not exist']]);
      const noParam = await t.call('ops_user', 'DELETE', `/api/1.3/cachegroupparameters/${cg}/99999`);
      expect([noParam.status, errors(noParam)]).toEqual([404, ['parameter 99999 does not exist']]);
      const ro = await t.call('ro_user', 'DELETE', `/api/1.3/cachegroupparameters/${cg}/${plain}`);
      expect(ro.status).toBe(403);
      const ok = await t.call('ops_user', 'DELETE', `/api/1.3/cachegroupparameters/${cg}/${plain}`);
      expect([ok.status, ok.body]).toEqual([
        200,
        { alerts: [REMOVED, { text: 'cachegroup parameter was deleted.', level: 'success' }] },
      ]);
      expect((await t.changes())[0]).toBe(
        `CACHEGROUP PARAMETER: ${cg}-${plain}, ID: N/A, ACTION: Deleted cachegroup parameter, keys: { cachegroupId:${cg}, parameterId:${plain} }`,
      );
      const again = await t.call('ops_user', 'DELETE', `/api/1.3/cachegroupparameters/${cg}/${plain}`);
      expect([again.status, errors(again)]).toEqual([404, ['no cachegroup parameter with that key found']]);
    });
  });

  describe('POST cachegroups/:id/deliveryservices', () => {
    it('assigns the delivery services to every EDGE of the group, queues their updates and logs it', async () => {
      await t.store.serverFlags.setUpdPending({}, null, false, t.clock.now());
      const cg1 = (await t.store.cachegroups.list({ name: 'edge-cg1' }))[0];
      const ds3 = t.ids.deliveryServices.ds3;
      const res = await t.call('ops_user', 'POST', `/api/1.3/cachegroups/${cg1.id}/deliveryservices`, {
        deliveryServices: [ds3],
      });
      expect(res.status).toBe(200);
      expect(res.raw.body.startsWith('{"alerts":[{"level":"success","text":')).toBe(true);
      expect(res.body).toEqual({
        alerts: [
          {
            level: 'success',
            text: `Delivery services successfully assigned to all the servers of cache group ${cg1.id}.`,
          },
        ],
        response: { id: cg1.id, serverNames: ['edge1a', 'edge1b'], deliveryServices: [ds3] },
      });
      for (const host of ['edge1a', 'edge1b']) {
        const s = (await t.store.servers.byHostName(host, null))!;
        expect(await t.store.servers.deliveryServiceIds(s.id)).toContain(ds3);
        expect(s.updPending).toBe(true);
      }
      expect((await t.store.servers.byHostName('edge2a', null))!.updPending).toBe(false);
      expect((await t.changes())[0]).toBe(
        `CACHEGROUP: edge-cg1, ID: ${cg1.id}, ACTION: Assign DSes to CacheGroup servers`,
      );
    });

    it("makes the location parameters of the services' files on the servers' profiles, and queues the MIDs above", async () => {
      await t.store.serverFlags.setUpdPending({}, null, false, t.clock.now());
      const cg1 = (await t.store.cachegroups.list({ name: 'edge-cg1' }))[0];
      const ds3 = t.ids.deliveryServices.ds3;
      const setFields = async (fields: Record<string, unknown>) => {
        const current = (await t.call('admin', 'GET', `/api/1.5/deliveryservices/${ds3}`)).body.response as Array<
          Record<string, unknown>
        >;
        const put = await t.call('admin', 'PUT', `/api/1.5/deliveryservices/${ds3}`, { ...current[0], ...fields });
        expect(put.status, JSON.stringify(put.body)).toBe(200);
      };
      const assign = async () => {
        const res = await t.call('ops_user', 'POST', `/api/1.3/cachegroups/${cg1.id}/deliveryservices`, {
          deliveryServices: [ds3],
        });
        expect(res.status).toBe(200);
      };
      const xml = (await t.store.deliveryServices.list({ ids: [ds3] }))[0].xmlId;
      await setFields({ edgeHeaderRewrite: 'rm-header X-Test', regexRemap: '^/a http://b/', cacheurl: null });
      await t.store.serverFlags.setUpdPending({}, null, false, t.clock.now());
      await assign();
      const profile = (await t.call('ro_user', 'GET', '/api/1.5/profiles?name=EDGE_PROFILE1')).body.response as Array<{
        id: number;
      }>;
      const linked = async () =>
        (
          (await t.call('ro_user', 'GET', `/api/1.5/profiles/${profile[0].id}/parameters`)).body.response as Array<{
            name: string;
            configFile: string;
            value: string;
          }>
        ).filter((p) => p.name === 'location' && p.configFile.endsWith(`${xml}.config`));
      expect((await linked()).map((p) => [p.configFile, p.value]).sort()).toEqual([
        [`hdr_rw_${xml}.config`, '/etc/trafficserver'],
        [`regex_remap_${xml}.config`, '/etc/trafficserver'],
      ]);
      expect((await t.store.servers.byHostName('mid1', null))!.updPending).toBe(true);
      expect((await t.store.servers.byHostName('edge2a', null))!.updPending).toBe(false);

      // A field emptied loses its parameter at the next assignment.
      await setFields({ regexRemap: null });
      await assign();
      expect((await linked()).map((p) => p.configFile)).toEqual([`hdr_rw_${xml}.config`]);
      expect(await t.store.places.parametersOf(`regex_remap_${xml}.config`)).toEqual([]);
    });

    it("refuses a group without EDGE or ORG servers, an unknown delivery service, and another tenant's", async () => {
      const midGroup = (await t.store.cachegroups.list({ name: 'mid-cg' }))[0];
      const none = await t.call('ops_user', 'POST', `/api/1.3/cachegroups/${midGroup.id}/deliveryservices`, {
        deliveryServices: [],
      });
      expect([none.status, errors(none)]).toEqual([
        400,
        [`no edge or origin servers found on cachegroup ${midGroup.id}`],
      ]);
      const cg1 = (await t.store.cachegroups.list({ name: 'edge-cg1' }))[0];
      const unknown = await t.call('ops_user', 'POST', `/api/1.3/cachegroups/${cg1.id}/deliveryservices`, {
        deliveryServices: [99999],
      });
      expect([unknown.status, errors(unknown)]).toEqual([404, ['delivery service 99999 not found']]);
      const ds1 = (await t.store.deliveryServices.list({ xmlId: 'ds1' }))[0];
      const foreign = await t.call('tenanta_user', 'POST', `/api/1.3/cachegroups/${cg1.id}/deliveryservices`, {
        deliveryServices: [ds1.id],
      });
      expect([foreign.status, errors(foreign)]).toEqual([
        403,
        [`not authorized for delivery service tenant ${ds1.tenantId}`],
      ]);
      const ro = await t.call('ro_user', 'POST', `/api/1.3/cachegroups/${cg1.id}/deliveryservices`, {
        deliveryServices: [],
      });
      expect(ro.status).toBe(403);
    });
  });
});
