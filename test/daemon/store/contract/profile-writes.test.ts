import { afterAll, beforeAll, expect, it } from 'vitest';
import { CONTRACT_FIXTURE, T0 } from './fixture.js';
import { describeEachStore, type OpenedStore } from './stores.js';

// Issue 31: the profile and parameter writes answer alike on both stores, and queue exactly the caches whose
// profile holds what changed (edge-01 is already pending in the fixture, so it is never among those raised).

const fields = (name: string) => ({ name, description: 'd', cdnId: 2, type: 'ATS_PROFILE', routingDisabled: false });
const param = (name: string, value = 'v') => ({ name, configFile: 'records.config', value, secure: false });

describeEachStore('profile and parameter writes', (kind) => {
  let h: OpenedStore;
  beforeAll(async () => {
    h = await kind.open();
    await h.exec(CONTRACT_FIXTURE);
  });
  afterAll(async () => {
    await h.close();
  });

  it('creates, updates and deletes profiles with the outcomes the services read', async () => {
    const id = await h.store.profiles.create(fields('NEW'), T0 + 1);
    expect(typeof id).toBe('number');
    expect(await h.store.profiles.create(fields('NEW'), T0 + 1)).toBeNull();
    expect(await h.store.profiles.update(id as number, fields('EDGE_ATS'), T0 + 2)).toBe('taken');
    expect(await h.store.profiles.update(99_999, fields('GHOST'), T0 + 2)).toBe('missing');
    expect(await h.store.profiles.update(id as number, fields('NEWER'), T0 + 2)).toBe('ok');
    expect(await h.store.profiles.delete(2)).toBe('server');
    expect(await h.store.profiles.delete(id as number)).toBe('deleted');
    expect(await h.store.profiles.delete(id as number)).toBe('missing');
  });

  it('copies a profile with its links and imports one, linking existing parameters', async () => {
    const copy = await h.store.profiles.copy('EDGE_COPY', 'EDGE_ATS', T0 + 3);
    expect(copy).toMatchObject({ sourceId: 2, description: 'edge caches' });
    expect(await h.store.profiles.copy('EDGE_COPY', 'EDGE_ATS', T0 + 3)).toBe('exists');
    expect(await h.store.profiles.copy('OTHER', 'NOPE', T0 + 3)).toBe('missing');
    const names = async (profile: string) => ((await h.store.parameters.ofProfile(profile)) ?? []).map((p) => p.id);
    expect(await names('EDGE_COPY')).toEqual(await names('EDGE_ATS'));
    const imported = await h.store.profiles.import(
      fields('IMPORTED'),
      [
        { name: 'location', configFile: 'remap.config', value: '/etc/trafficserver/' },
        { name: 'fresh', configFile: 'x', value: '1' },
      ],
      T0 + 4,
    );
    expect(imported).toMatchObject({ created: 1, existing: 1 });
  });

  it('a new value queues the caches of every profile holding the parameter, and logs in the same transaction', async () => {
    const result = await h.store.parameters.update(2, param('location', '/opt/'), T0 + 5, [
      (r) => (r.status === 'ok' ? { message: 'updated location', user: { name: 'contract' }, at: T0 + 5 } : null),
    ]);
    expect(result).toEqual({ status: 'ok', queued: { hostNames: ['edge-02', 'mid-01'], cdnIds: [2] } });
    const log = await h.store.changeLog.list({ since: 0, limit: 10, visibleTenantIds: null, username: null });
    expect(log.map((e) => e.message)).toContain('updated location');
    expect(await h.store.parameters.update(99_999, param('x'), T0 + 5)).toMatchObject({ status: 'missing' });
    expect(
      await h.store.parameters.update(2, param('CONFIG proxy.config.http.server_ports', 'STRING 8080'), T0 + 5),
    ).toMatchObject({
      status: 'duplicate',
    });
  });

  it('links and unlinks, refuses a held parameter’s delete, and lists parameters with their profiles', async () => {
    const [id] = ((await h.store.parameters.create([param('linked')], T0 + 6)) as { ids: number[] }).ids;
    expect(await h.store.parameters.create([param('linked')], T0 + 6)).toEqual({ duplicate: param('linked') });
    const linked = await h.store.parameters.linkPairs([{ profileId: 3, parameterId: id }], T0 + 7);
    expect(linked).toMatchObject({ status: 'ok' });
    expect(await h.store.parameters.linkPairs([{ profileId: 3, parameterId: id }], T0 + 7)).toMatchObject({
      status: 'duplicate',
    });
    expect((await h.store.parameters.list({ id }))[0].profiles).toEqual(['MID_ATS']);
    expect(await h.store.parameters.links({ parameterId: id })).toEqual([
      { profileId: 3, profile: 'MID_ATS', parameterId: id, lastUpdated: T0 + 7 },
    ]);
    expect(await h.store.parameters.delete(id)).toBe('in-use');
    expect(await h.store.parameters.unlink({ profileId: 3, parameterId: id }, T0 + 8)).toMatchObject({
      status: 'deleted',
    });
    expect(await h.store.parameters.unlink({ profileId: 3, parameterId: id }, T0 + 8)).toMatchObject({
      status: 'missing',
    });
    expect(await h.store.parameters.delete(id)).toBe('deleted');
    expect(await h.store.parameters.delete(id)).toBe('missing');
  });

  it('assigns with replace, queueing only when the profile’s set changes', async () => {
    const [a] = ((await h.store.parameters.create([param('assign.a')], T0 + 9)) as { ids: number[] }).ids;
    const first = await h.store.parameters.assignProfiles(a, [2], false, T0 + 9);
    expect(first.status).toBe('ok');
    const again = await h.store.parameters.assignProfiles(a, [2], true, T0 + 10);
    expect(again.queued.hostNames).toEqual([]);
    const upserted = await h.store.parameters.upsertOnProfile(3, [param('assign.a'), param('assign.b')], T0 + 11);
    expect(upserted.status).toHaveLength(2);
    expect(upserted.status[0]).toBe(a);
  });
});
