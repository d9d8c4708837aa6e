import { afterAll, beforeAll, expect, it } from 'vitest';
import { CONTRACT_FIXTURE, T0 } from './fixture.js';
import { describeEachStore, type OpenedStore } from './stores.js';

/**
 * Issue 31: the tenant, federation, federation-resolver and delivery-service-request writes answer the same on
 * both stores (the fixture's tenants: root 1 → acme 2 → acme-video 3, globex 4; federation 1 serves ds-acme).
 */
describeEachStore('tenant, federation and delivery-service request writes', (kind) => {
  let h: OpenedStore;
  beforeAll(async () => {
    h = await kind.open();
    await h.exec(CONTRACT_FIXTURE);
    await h.exec(
      "INSERT INTO types (id, name, description, use_in_table) VALUES (30, 'RESOLVE4', 'v4', 'federation'), (31, 'RESOLVE6', 'v6', 'federation')",
    );
  }, 30_000);
  afterAll(() => h.close());

  it('tenants: insert refuses a taken name; update refuses a taken name and a cycle; remove refuses a used tenant', async () => {
    const tenants = h.store.tenants;
    const id = await tenants.insert({ name: 'initech', active: true, parentId: 1 }, T0 + 1);
    expect(id).toEqual(expect.any(Number));
    expect(await tenants.insert({ name: 'acme', active: true, parentId: 1 }, T0)).toBeNull();
    expect(await tenants.get(id!)).toEqual({
      id,
      name: 'initech',
      active: true,
      parentId: 1,
      parentName: 'root',
      lastUpdated: T0 + 1,
    });
    expect(await tenants.update(id!, { name: 'acme', active: true, parentId: 1 }, T0)).toBe('taken');
    expect(await tenants.update(2, { name: 'acme', active: true, parentId: 3 }, T0)).toBe('cycle');
    expect(await tenants.update(2, { name: 'acme', active: true, parentId: 2 }, T0)).toBe('cycle');
    expect(await tenants.update(999, { name: 'x', active: true, parentId: 1 }, T0)).toBe('missing');
    expect(await tenants.update(id!, { name: 'initrode', active: false, parentId: 4 }, T0 + 2)).toBe('updated');
    expect(await tenants.byName('initrode')).toMatchObject({ active: false, parentId: 4, parentName: 'globex' });
    expect(await tenants.remove(2)).toEqual({ kind: 'in-use', by: 'child tenants' });
    expect(await tenants.remove(3)).toEqual({ kind: 'in-use', by: 'users' });
    expect(await tenants.remove(id!)).toEqual({ kind: 'removed', name: 'initrode' });
    expect(await tenants.remove(id!)).toEqual({ kind: 'missing' });
  });

  it('federations: insert, update, delivery-service links (never the last one), remove', async () => {
    const w = h.store.federationWrites;
    const id = await w.insert({ cname: 'new.example.net.', ttl: 30, description: null, cdnId: 2 }, T0 + 1);
    expect(id).toEqual(expect.any(Number));
    expect(await w.insert({ cname: 'fed1.example.net.', ttl: 30, description: null, cdnId: 2 }, T0)).toBeNull();
    const fields = { cname: 'fed1.example.net.', ttl: 5, description: 'd', cdnId: null };
    expect(await w.update(id!, fields, T0)).toBe('taken');
    expect(await w.update(999, { ...fields, cname: 'z.' }, T0)).toBe('missing');
    expect(await w.update(id!, { ...fields, cname: 'renamed.example.net.' }, T0 + 2)).toBe('updated');
    expect(await w.assignDeliveryServices(id!, [1, 999], false)).toEqual({ kind: 'missing', dsId: 999 });
    expect(await w.assignDeliveryServices(id!, [1, 2], false)).toEqual({ kind: 'assigned', count: 2 });
    expect(await w.assignDeliveryServices(id!, [2], false)).toEqual({ kind: 'duplicate', dsId: 2 });
    expect(await w.removeDeliveryService(id!, 3)).toBe('not-linked');
    expect(await w.removeDeliveryService(id!, 2)).toBe('removed');
    expect(await w.removeDeliveryService(id!, 1)).toBe('last');
    const stored = (await h.store.federations.list()).find((f) => f.id === id);
    expect(stored).toMatchObject({ cname: 'renamed.example.net.', ttl: 5, description: 'd', cdnId: 2 });
    expect(stored?.deliveryServices.map((d) => d.xmlId)).toEqual(['ds-acme']);
    expect(await w.remove(id!)).toBe(true);
    expect(await w.remove(id!)).toBe(false);
  });

  it('resolvers: insert refuses a taken IP; links by id; the federation user’s own mappings add and remove', async () => {
    const r = h.store.federationResolvers;
    const a = await r.insert({ ipAddress: '198.51.100.0/24', typeId: 30 }, T0 + 1);
    expect(await r.insert({ ipAddress: '198.51.100.0/24', typeId: 30 }, T0)).toBeNull();
    expect(await r.byId(a!)).toEqual({
      id: a,
      ipAddress: '198.51.100.0/24',
      typeId: 30,
      type: 'RESOLVE4',
      lastUpdated: T0 + 1,
    });
    expect(await r.assign(1, [a!, 999], false)).toBe(999);
    expect(await r.ofFederation(1)).toEqual([]);
    expect(await r.assign(1, [a!], false)).toBeNull();
    expect((await r.ofFederation(1)).map((x) => x.ipAddress)).toEqual(['198.51.100.0/24']);
    // ops (user 2) is federation 1's user: its mappings list ds-acme with the linked resolver.
    const added = await r.addForFederation(1, [{ ipAddress: '2001:db8::/32', typeId: 31 }], T0 + 2);
    expect(added).toEqual(['2001:db8::/32']);
    expect(await r.userMappings(2)).toEqual([
      {
        federationId: 1,
        cname: 'fed1.example.net.',
        ttl: 60,
        xmlId: 'ds-acme',
        dsTenantId: 2,
        resolvers: expect.arrayContaining([
          { ipAddress: '198.51.100.0/24', type: 'RESOLVE4' },
          { ipAddress: '2001:db8::/32', type: 'RESOLVE6' },
        ]),
      },
    ]);
    expect((await r.removeForUser(2)).sort()).toEqual(['198.51.100.0/24', '2001:db8::/32']);
    expect(await r.removeForUser(2)).toEqual([]);
    expect(await r.list()).toEqual([]);
    const b = await r.insert({ ipAddress: '203.0.113.1', typeId: 30 }, T0);
    expect(await r.remove(b!)).toMatchObject({ id: b, ipAddress: '203.0.113.1', type: 'RESOLVE4' });
    expect(await r.remove(b!)).toBeNull();
  });

  it('delivery-service requests: one open request per xmlId, status and assignee, comments go with the request', async () => {
    const s = h.store.dsRequests;
    const f = {
      changeType: 'create' as const,
      status: 'draft' as const,
      xmlId: 'new-ds',
      tenantId: 2,
      deliveryService: '{"xmlId":"new-ds"}',
    };
    const created = await s.create(2, f, T0 + 1);
    expect(created).toEqual({ id: expect.any(Number) });
    const id = (created as { id: number }).id;
    expect(await s.create(3, f, T0)).toEqual({ open: id });
    expect(await s.list({ xmlId: 'new-ds' })).toEqual([
      {
        id,
        assigneeId: null,
        assignee: null,
        authorId: 2,
        author: 'ops',
        lastEditedById: 2,
        lastEditedBy: 'ops',
        changeType: 'create',
        status: 'draft',
        xmlId: 'new-ds',
        tenantId: 2,
        deliveryService: '{"xmlId":"new-ds"}',
        createdAt: T0 + 1,
        lastUpdated: T0 + 1,
      },
    ]);
    expect(await s.update(id, 1, { ...f, status: 'submitted' }, T0 + 2)).toBe('ok');
    expect(await s.update(999, 1, f, T0)).toBe('missing');
    expect(await s.assign(id, 1, 3, T0 + 3)).toBe(true);
    expect(await s.setStatus(id, 1, 'rejected', T0 + 4)).toBe(true);
    expect(await s.setStatus(999, 1, 'rejected', T0)).toBe(false);
    expect((await s.list({ id }))[0]).toMatchObject({
      status: 'rejected',
      assignee: 'viewer',
      lastEditedBy: 'admin',
      lastUpdated: T0 + 4,
    });
    expect(await s.create(3, f, T0 + 5)).toEqual({ id: expect.any(Number) });
    expect(await s.update(id, 1, { ...f, status: 'draft' }, T0)).toBe('open');
    expect(await s.list({ status: 'draft', authorId: 3 })).toHaveLength(1);

    const c = await s.addComment(3, id, 'why?', T0 + 6);
    expect(await s.addComment(3, 999, 'x', T0)).toBeNull();
    expect(await s.comments({ deliveryServiceRequestId: id })).toEqual([
      {
        id: c,
        authorId: 3,
        author: 'viewer',
        deliveryServiceRequestId: id,
        value: 'why?',
        xmlId: 'new-ds',
        tenantId: 2,
        lastUpdated: T0 + 6,
      },
    ]);
    expect(await s.editComment(c!, 'because', T0 + 7)).toBe(true);
    expect(await s.editComment(999, 'x', T0)).toBe(false);
    expect((await s.comments({ id: c! }))[0].value).toBe('because');
    expect(await s.remove(id)).toBe(true);
    expect(await s.comments({})).toEqual([]);
    expect(await s.remove(id)).toBe(false);
    expect(await s.removeComment(c!)).toBe(false);
  });
});
