import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Store } from '../../../../daemon/store/index.js';
import type { AssignOutcome } from '../../../../daemon/store/federation-users.js';
import { CONTRACT_FIXTURE, T0 } from './fixture.js';
import { linguisticCollation, openReference } from './reference.js';
import { describeEachStore, type OpenedStore } from './stores.js';

// Cnames whose byte order differs from a linguistic one; a federation serving three delivery services, one none.
const EXTRA = `
INSERT INTO federations (id, cname, ttl, description, cdn_id, last_updated) VALUES
  (2, 'Fed-b.example.net.', 30, NULL, NULL, ${T0 + 2}), (3, 'fed_c.example.net.', 90, 'third', 1, ${T0}),
  (4, 'fed-a.example.net.', 120, 'fourth', 2, ${T0});
INSERT INTO federation_deliveryservices (federation_id, deliveryservice_id) VALUES (2, 2), (2, 3), (2, 1), (4, 2);
`;

const OPS = {
  id: 2,
  username: 'ops',
  company: 'Acme',
  role: 'operations',
  email: 'ops@acme.test',
  fullName: 'Ops Person',
  tenantId: 2,
};

describeEachStore('federations and federation users stores', (kind) => {
  let h: OpenedStore;
  let reference: Awaited<ReturnType<typeof openReference>>;
  beforeAll(async () => {
    h = await kind.open();
    await linguisticCollation(h, kind);
    await h.exec(CONTRACT_FIXTURE + EXTRA);
    reference = await openReference(CONTRACT_FIXTURE + EXTRA);
  });
  afterAll(async () => {
    await h.close();
    await reference.close();
  });

  it('federations.list orders by cname as bytes, each with its delivery services ordered by xmlId', async () => {
    const all = await h.store.federations.list();
    expect(all.map((f) => f.cname)).toEqual([
      'Fed-b.example.net.',
      'fed-a.example.net.',
      'fed1.example.net.',
      'fed_c.example.net.',
    ]);
    expect(all[0]).toEqual({
      id: 2,
      cname: 'Fed-b.example.net.',
      ttl: 30,
      description: null,
      cdnId: null,
      cdnName: null,
      lastUpdated: T0 + 2,
      deliveryServices: [
        { id: 1, xmlId: 'ds-acme', tenantId: 2 },
        { id: 3, xmlId: 'ds-globex', tenantId: 4 },
        { id: 2, xmlId: 'ds-video', tenantId: 3 },
      ],
    });
    expect(all[3]?.deliveryServices).toEqual([]);
    expect(all).toEqual(await reference.store.federations.list());
  });

  it('federations.byId and byCname answer one federation or null, cnames matching exactly', async () => {
    expect(await h.store.federations.byId(1)).toEqual({
      id: 1,
      cname: 'fed1.example.net.',
      ttl: 60,
      description: 'first',
      cdnId: 2,
      cdnName: 'cdn1',
      lastUpdated: T0,
      deliveryServices: [{ id: 1, xmlId: 'ds-acme', tenantId: 2 }],
    });
    expect(await h.store.federations.byId(2)).toEqual(await reference.store.federations.byId(2));
    expect(await h.store.federations.byId(99)).toBeNull();
    expect(await h.store.federations.byId(2 ** 40)).toBeNull();
    expect((await h.store.federations.byCname('fed_c.example.net.'))?.id).toBe(3);
    expect(await h.store.federations.byCname('FED_C.example.net.')).toBeNull();
  });

  it('federationUsers.users answers the assigned users ordered by id', async () => {
    expect(await h.store.federationUsers.users(1)).toEqual([OPS]);
    expect(await h.store.federationUsers.users(2)).toEqual([]);
    expect(await h.store.federationUsers.users(99)).toEqual([]);
    expect(await h.store.federationUsers.users(2 ** 40)).toEqual([]);
  });

  const withFresh = async (test: (store: Store) => Promise<void>) => {
    const fresh = await kind.open();
    try {
      await fresh.exec(CONTRACT_FIXTURE + EXTRA);
      await test(fresh.store);
    } finally {
      await fresh.close();
    }
  };
  const userIds = async (store: Store, federationId: number) =>
    (await store.federationUsers.users(federationId)).map((u) => u.id);

  it('assign adds distinct users in one transaction, or changes nothing and says why', () =>
    withFresh(async (store) => {
      const seen: number[] = [];
      const change = (count: number) => (seen.push(count), null);
      const fu = store.federationUsers;
      expect(await fu.assign(2, [3, 1, 3], false, null, change)).toEqual({ kind: 'assigned', count: 2 });
      expect(await userIds(store, 2)).toEqual([1, 3]);
      expect(await fu.assign(2, [4, 1], false, null, change)).toEqual({ kind: 'already-assigned', userId: 1 });
      expect(await fu.assign(2, [4, 99], false, null, change)).toEqual({ kind: 'user-missing', userId: 99 });
      expect(await fu.assign(2, [4], false, [2, 3], change)).toEqual({ kind: 'user-missing', userId: 4 });
      expect(await fu.assign(99, [1], false, null, change)).toEqual({ kind: 'federation-missing' });
      expect(await fu.assign(2 ** 40, [1], false, null, change)).toEqual({ kind: 'federation-missing' });
      expect(await fu.assign(2, [2 ** 40], false, [2 ** 40], change)).toEqual({
        kind: 'user-missing',
        userId: 2 ** 40,
      });
      expect(await userIds(store, 2)).toEqual([1, 3]);
      expect(await fu.assign(2, [3, 4], true, [3, 4], change)).toEqual({ kind: 'assigned', count: 2 });
      expect(await userIds(store, 2)).toEqual([3, 4]);
      expect(await fu.assign(1, [], true, null, change)).toEqual({ kind: 'assigned', count: 0 });
      expect(await userIds(store, 1)).toEqual([]);
      expect(seen).toEqual([2, 2, 0]);
    }));

  it('remove ends one assignment of a visible user and answers the name, else null', () =>
    withFresh(async (store) => {
      const seen: (string | null)[] = [];
      const change = (name: string | null) => (seen.push(name), null);
      expect(await store.federationUsers.remove(1, 2, [3, 4], change)).toBeNull();
      expect(await userIds(store, 1)).toEqual([2]);
      expect(await store.federationUsers.remove(1, 2, [2], change)).toBe('ops');
      expect(await store.federationUsers.remove(1, 2, null, change)).toBeNull();
      expect(await store.federationUsers.remove(99, 2, null, change)).toBeNull();
      expect(await store.federationUsers.remove(2 ** 40, 2 ** 40, [2 ** 40], change)).toBeNull();
      expect(await userIds(store, 1)).toEqual([]);
      expect(seen).toEqual([null, 'ops', null, null, null]);
    }));

  it('concurrent assignments of one user: exactly one is assigned; concurrent replacements take turns', () =>
    withFresh(async (store) => {
      const outcomes = await Promise.all(
        Array.from({ length: 6 }, () => store.federationUsers.assign(3, [3], false, null)),
      );
      expect(outcomes.filter((o) => o.kind === 'assigned')).toHaveLength(1);
      expect(outcomes.filter((o) => o.kind === 'already-assigned')).toHaveLength(5);
      const replaced: AssignOutcome[] = await Promise.all(
        [1, 2, 4].map((u) => store.federationUsers.assign(3, [u, 3], true, null)),
      );
      expect(replaced).toEqual([1, 2, 4].map(() => ({ kind: 'assigned', count: 2 })));
      const left = await userIds(store, 3);
      expect(left).toHaveLength(2);
      expect(left).toContain(3);
    }));
});
