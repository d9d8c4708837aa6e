import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachStore } from '../../helpers/store-kinds.js';
import { dsHarness, expectError, ok, type DsHarness } from './helpers.js';

/** Delivery-service requests (issue 31, reference wave3 §5.7): GET/POST/PUT/DELETE, status, assign, at 1.3+. */

interface Dsr {
  id: number;
  author: string;
  authorId: number;
  assignee?: string;
  assigneeId?: number;
  changeType: string;
  status: string;
  lastEditedBy: string | null;
  deliveryService: { xmlId: string; displayName?: string };
}

const URL = '/api/1.4/deliveryservice_requests';

eachStore((kind) => {
  let h: DsHarness;
  beforeAll(async () => {
    h = await dsHarness(kind);
  }, 60_000);
  afterAll(async () => {
    await h?.t.close();
  });

  const post = (body: unknown, as: Parameters<DsHarness['call']>[0] = 'portal_user') => h.call(as, 'POST', URL, body);
  const draft = (xmlId: string, extra: Record<string, unknown> = {}) => ({
    changeType: 'create',
    status: 'draft',
    deliveryService: h.httpBody(xmlId, extra),
  });
  const count = async () => (await h.t.store.dsRequests.list({})).length;
  const refused = async (
    body: unknown,
    status: number,
    text: string,
    as: 'portal_user' | 'tenanta_user' = 'portal_user',
  ) => {
    const before = await count();
    expectError(await post(body, as), status, text);
    expect(await count()).toBe(before);
  };
  const created = async (xmlId: string, extra: Record<string, unknown> = {}) =>
    ok<Dsr>(await post({ ...draft(xmlId), ...extra }));

  describe('POST', () => {
    it('creates a draft at 1.3 with the author, the proposal as sent, and a change-log entry', async () => {
      const logs = await h.mark();
      const res = await h.call('portal_user', 'POST', '/api/1.3/deliveryservice_requests', draft('req-one'));
      expect(res.body.alerts).toEqual([{ level: 'success', text: 'Delivery Service request created' }]);
      const r = ok<Dsr>(res);
      expect(r).toEqual({
        authorId: h.t.ids.users.portal_user,
        author: 'portal_user',
        changeType: 'create',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\+00$/),
        id: expect.any(Number),
        lastEditedBy: 'portal_user',
        lastEditedById: h.t.ids.users.portal_user,
        lastUpdated: expect.any(String),
        deliveryService: h.httpBody('req-one'),
        status: 'draft',
      });
      expect(await logs()).toEqual([
        `DELIVERYSERVICE_REQUEST: req-one, ID: ${r.id}, ACTION: Created deliveryservice_request, keys: { id:${r.id} }`,
      ]);
      expect(await h.t.store.deliveryServices.byXmlId('req-one')).toBeNull();
    });

    it('refuses a body without a delivery service, a bad change type, a status other than draft or submitted', async () => {
      await refused({ changeType: 'create', status: 'draft' }, 400, 'no delivery service associated with this request');
      await refused(
        { ...draft('x1'), changeType: 'rename' },
        400,
        `invalid change type 'rename'. Must be 'create', 'update' or 'delete'`,
      );
      await refused(
        { ...draft('x2'), status: 'pending' },
        400,
        `invalid initial request status 'pending'. Must be 'draft' or 'submitted'`,
      );
    });

    it('validates the delivery service with the delivery-service rules and texts', async () => {
      const bad = h.httpBody('bad req', { displayName: '', orgServerFqdn: 'ftp://x' });
      const direct = await h.call('ops_user', 'POST', '/api/1.4/deliveryservices', bad);
      expect(direct.status).toBe(400);
      await refused(
        { changeType: 'create', status: 'draft', deliveryService: bad },
        400,
        direct.body.alerts?.[0].text ?? '',
      );
    });

    it('refuses a second open request for the same xmlId, and allows one once the first is closed', async () => {
      const first = await created('req-open', { status: 'submitted' });
      await refused(draft('req-open'), 400, `an active request exists for Delivery Service 'req-open'`);
      ok(await h.call('admin', 'PUT', `${URL}/${first.id}/status`, { status: 'rejected' }));
      expect((await created('req-open')).status).toBe('draft');
    });

    it('update and delete requests name an existing delivery service', async () => {
      await refused({ ...draft('nowhere'), changeType: 'delete' }, 404, `delivery service 'nowhere' not found`);
      const r = ok<Dsr>(await post({ changeType: 'delete', status: 'submitted', deliveryService: { xmlId: 'ds3' } }));
      expect(r.deliveryService).toEqual({ xmlId: 'ds3' });
    });

    it('tenancy: a tenant-a user proposes only in its tenant tree (403), and lists only its requests', async () => {
      await refused(draft('req-root'), 403, 'not authorized on this tenant', 'tenanta_user');
      await refused(
        { changeType: 'update', status: 'draft', deliveryService: { ...h.httpBody('ds1'), tenantId: h.refs.tenantA } },
        403,
        'not authorized on this tenant',
        'tenanta_user',
      );
      const mine = ok<Dsr>(await post(draft('req-a', { tenantId: h.refs.tenantA }), 'tenanta_user'));
      const seen = ok<Dsr[]>(await h.call('tenanta_user', 'GET', URL));
      expect(seen.map((r) => r.id)).toEqual([mine.id]);
      expect(ok<Dsr[]>(await h.call('ro_user', 'GET', `${URL}?id=${mine.id}`))).toHaveLength(1);
    });

    it('privileges: read-only users cannot propose; the routes start at 1.3', async () => {
      const before = await count();
      expect((await post(draft('req-ro'), 'ro_user')).status).toBe(403);
      expect((await h.call('portal_user', 'POST', '/api/1.2/deliveryservice_requests', draft('req-12'))).status).toBe(
        404,
      );
      expect(await count()).toBe(before);
    });
  });

  describe('PUT and DELETE by ?id=', () => {
    it('updates an open request: proposal, status and editor', async () => {
      const r = await created('req-put');
      const res = await h.call('ops_user', 'PUT', `${URL}?id=${r.id}`, {
        ...draft('req-put', { displayName: 'changed' }),
        status: 'submitted',
      });
      expect(res.body.alerts).toEqual([{ level: 'success', text: `Delivery Service Request #${r.id} updated` }]);
      expect(ok<Dsr>(res)).toMatchObject({ status: 'submitted', lastEditedBy: 'ops_user', author: 'portal_user' });
      expect(ok<Dsr>(res).deliveryService.displayName).toBe('changed');
    });

    it('refuses a missing or unknown id, a closed request, and another tenant’s request', async () => {
      expectError(await h.call('ops_user', 'PUT', URL, draft('x')), 400, 'missing key: id');
      expectError(
        await h.call('ops_user', 'PUT', `${URL}?id=999999`, draft('x')),
        404,
        'no such Delivery Service Request: #999999',
      );
      const r = await created('req-closed', { status: 'submitted' });
      ok(await h.call('admin', 'PUT', `${URL}/${r.id}/status`, { status: 'complete' }));
      expectError(
        await h.call('ops_user', 'PUT', `${URL}?id=${r.id}`, draft('req-closed')),
        400,
        'complete request cannot be changed',
      );
      const root = await created('req-tenancy');
      expectError(
        await h.call('tenanta_user', 'PUT', `${URL}?id=${root.id}`, draft('req-tenancy')),
        403,
        'not authorized on this tenant',
      );
      expectError(await h.call('tenanta_user', 'DELETE', `${URL}?id=${root.id}`), 403, 'not authorized on this tenant');
    });

    it('deletes a request with its comments; a second delete is 404', async () => {
      const r = await created('req-del');
      ok(
        await h.call('portal_user', 'POST', '/api/1.4/deliveryservice_request_comments', {
          deliveryServiceRequestId: r.id,
          value: 'hi',
        }),
      );
      const res = await h.call('portal_user', 'DELETE', `${URL}?id=${r.id}`);
      expect(res.body.alerts).toEqual([{ level: 'success', text: `Delivery Service Request #${r.id} deleted` }]);
      expect(await h.t.store.dsRequests.comments({ deliveryServiceRequestId: r.id })).toEqual([]);
      expectError(
        await h.call('portal_user', 'DELETE', `${URL}?id=${r.id}`),
        404,
        `no such Delivery Service Request: #${r.id}`,
      );
      expect((await h.call('ro_user', 'DELETE', `${URL}?id=${r.id}`)).status).toBe(403);
    });
  });

  describe('status and assign', () => {
    it('moves along the life: submitted → pending → complete; refuses other moves', async () => {
      const r = await created('req-life', { status: 'submitted' });
      const to = (status: string) => h.call('portal_user', 'PUT', `${URL}/${r.id}/status`, { status });
      const res = await to('pending');
      expect(res.body.alerts).toEqual([
        {
          level: 'success',
          text: `Changed status of 'req-life' Delivery Service Request from 'submitted' to 'pending'`,
        },
      ]);
      expectError(await to('draft'), 400, 'invalid transition from pending to draft');
      expectError(
        await to('bogus'),
        400,
        `invalid request status 'bogus'. Must be one of draft, submitted, rejected, pending, complete`,
      );
      ok(await to('complete'));
      expectError(await to('complete'), 400, 'complete request cannot be changed');
      expect((await h.call('ro_user', 'PUT', `${URL}/${r.id}/status`, { status: 'draft' })).status).toBe(403);
    });

    it('assigns (Operations) a visible user, unassigns with null', async () => {
      const r = await created('req-assign');
      const assign = (assigneeId: unknown, as: 'ops_user' | 'portal_user' = 'ops_user') =>
        h.call(as, 'PUT', `${URL}/${r.id}/assign`, { assigneeId });
      const res = await assign(h.t.ids.users.ops_user);
      expect(res.body.alerts).toEqual([
        { level: 'success', text: `Changed assignee of 'req-assign' Delivery Service Request to 'ops_user'` },
      ]);
      expect(ok<Dsr>(res)).toMatchObject({ assignee: 'ops_user', assigneeId: h.t.ids.users.ops_user });
      expectError(await assign(999999), 400, 'no user with id 999999');
      expectError(await assign('x'), 400, `'assigneeId' must be an integer or null`);
      expect((await assign(h.t.ids.users.ops_user, 'portal_user')).status).toBe(403);
      const cleared = ok<Dsr>(await assign(null));
      expect(cleared.assignee).toBeUndefined();
      expectError(
        await h.call('ops_user', 'PUT', `${URL}/999999/assign`, { assigneeId: null }),
        404,
        'no such Delivery Service Request: #999999',
      );
    });
  });

  describe('comments', () => {
    const C = '/api/1.4/deliveryservice_request_comments';
    it('adds, edits and deletes a comment; only its author changes it', async () => {
      const r = await created('req-comments');
      const res = await h.call('portal_user', 'POST', C, { deliveryServiceRequestId: r.id, value: 'looks good' });
      expect(res.body.alerts).toEqual([{ level: 'success', text: 'deliveryservice_request_comment was created.' }]);
      const c = ok<{ id: number }>(res);
      expect(c).toEqual({
        authorId: h.t.ids.users.portal_user,
        author: 'portal_user',
        deliveryServiceRequestId: r.id,
        id: expect.any(Number),
        lastUpdated: expect.any(String),
        value: 'looks good',
        xmlId: 'req-comments',
      });
      expectError(
        await h.call('ops_user', 'PUT', `${C}?id=${c.id}`, { deliveryServiceRequestId: r.id, value: 'no' }),
        400,
        'Comments can only be updated by the author',
      );
      expectError(
        await h.call('ops_user', 'DELETE', `${C}?id=${c.id}`),
        400,
        'Comments can only be deleted by the author',
      );
      const edited = ok<{ value: string }>(
        await h.call('portal_user', 'PUT', `${C}?id=${c.id}`, { deliveryServiceRequestId: r.id, value: 'better' }),
      );
      expect(edited.value).toBe('better');
      expect(ok<unknown[]>(await h.call('tenanta_user', 'GET', `${C}?deliveryServiceRequestId=${r.id}`))).toEqual([]);
      ok(await h.call('portal_user', 'DELETE', `${C}?id=${c.id}`));
      expectError(
        await h.call('portal_user', 'DELETE', `${C}?id=${c.id}`),
        404,
        'no deliveryservice_request_comment with that key found',
      );
    });

    it('refuses missing fields, an unknown request, another tenant’s request, read-only callers', async () => {
      expectError(
        await h.call('portal_user', 'POST', C, {}),
        400,
        `'deliveryServiceRequestId' is required, 'value' is required`,
      );
      expectError(
        await h.call('portal_user', 'POST', C, { deliveryServiceRequestId: 999999, value: 'x' }),
        404,
        'no such Delivery Service Request: #999999',
      );
      const r = await created('req-comment-tenancy');
      expectError(
        await h.call('tenanta_user', 'POST', C, { deliveryServiceRequestId: r.id, value: 'x' }),
        403,
        'not authorized on this tenant',
      );
      expect((await h.call('ro_user', 'POST', C, { deliveryServiceRequestId: r.id, value: 'x' })).status).toBe(403);
    });
  });
});
