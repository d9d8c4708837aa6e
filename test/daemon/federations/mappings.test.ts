import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eachStore } from '../../helpers/store-kinds.js';
import { goldenApp, type GoldenApp } from '../security/fixture.js';
import { expectRefused, lastLogMessage, newUserSession, send, type Who } from '../tenants/golden-client.js';

/**
 * The federation role's own resolver mappings, `federations` GET/POST/PUT/DELETE (1.1+, priv 15), in Traffic
 * Ops' shape (reference/traffic-ops-wave3.md §8.1): the Go client's Federations() decodes
 * `[{mappings:[{ttl, cname, resolve4?, resolve6?}], deliveryService}]`.
 */
eachStore((kind) => {
  let t: GoldenApp;
  let fed: { id: number; cookie: string };
  beforeAll(async () => {
    t = await goldenApp({ storeKind: kind });
    fed = await newUserSession(t, 'fed_user', 6, t.ids.tenants.root);
    const assigned = await send(t, 'POST', `/api/1.5/federations/${t.ids.federation}/users`, 'admin', {
      userIds: [fed.id],
    });
    expect(assigned.status).toBe(200);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await send(t, 'DELETE', '/api/1.5/federations', { cookie: fed.cookie });
  });

  const as = (): Who => ({ cookie: fed.cookie });
  const url = (v: string) => `/api/${v}/federations`;
  const created = 'fed_user successfully created federation resolvers.';
  const item = (ds: string, resolve4: string[], resolve6: string[] = []) => ({
    deliveryService: ds,
    mappings: { resolve4, resolve6 },
  });

  describe('GET federations', () => {
    it('answers the caller’s federations per delivery service, without resolvers when none', async () => {
      const res = await send(t, 'GET', url('1.5'), as());
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        response: [{ mappings: [{ ttl: 60, cname: 'fed1.example.test.' }], deliveryService: 'ds1' }],
      });
      expect(Object.keys((res.body.response as object[])[0])).toEqual(['mappings', 'deliveryService']);
    });

    it('answers an empty list to a user without federations, and refuses callers below priv 15', async () => {
      expect((await send(t, 'GET', url('1.1'), 'portal_user')).body).toEqual({ response: [] });
      await expectRefused(t, () => send(t, 'GET', url('1.5'), 'ro_user'), 403, 'Forbidden.');
      await expectRefused(t, () => send(t, 'GET', url('1.5'), null), 401, 'Unauthorized, please log in.');
    });
  });

  describe('POST federations', () => {
    it('takes a bare array at 1.4+ and answers the text as alert and response', async () => {
      const res = await send(t, 'POST', url('1.5'), as(), [
        item('ds1', ['192.0.2.1', '198.51.100.0/24'], ['2001:db8::1']),
      ]);
      expect(res.body).toEqual({ alerts: [{ text: created, level: 'success' }], response: created });
      const read = await send(t, 'GET', url('1.5'), as());
      expect(read.body.response).toEqual([
        {
          mappings: [
            {
              ttl: 60,
              cname: 'fed1.example.test.',
              resolve4: ['192.0.2.1', '198.51.100.0/24'],
              resolve6: ['2001:db8::1'],
            },
          ],
          deliveryService: 'ds1',
        },
      ]);
      expect(await lastLogMessage(t)).toBe(
        `FEDERATION DELIVERY SERVICE: ds1, ID: ${t.ids.federation}, ACTION: User fed_user successfully added federation resolvers [ 192.0.2.1, 198.51.100.0/24, 2001:db8::1 ]`,
      );
    });

    it('takes the legacy {federations:[…]} object at 1.1–1.3 (and 1.5) and answers a bare response up to 1.3', async () => {
      const res = await send(t, 'POST', url('1.2'), as(), { federations: [item('ds1', ['192.0.2.2'])] });
      expect(res.body).toEqual({ response: created });
      expect((await send(t, 'POST', url('1.5'), as(), { federations: [item('ds1', ['192.0.2.3'])] })).status).toBe(200);
      const mapping = (
        (await send(t, 'GET', url('1.5'), as())).body.response as { mappings: { resolve4: string[] }[] }[]
      )[0];
      expect(mapping.mappings[0].resolve4).toEqual(['192.0.2.2', '192.0.2.3']);
    });

    it.each([
      [
        'an empty list',
        [],
        'validating request: must specify at least one Delivery Service/Federation Resolver(s) mapping',
      ],
      [
        'an empty legacy list',
        { federations: [] },
        'validating request: must specify at least one Delivery Service/Federation Resolver(s) mapping',
      ],
      ['a bad IPv4', [item('ds1', ['192.0.2.300'])], 'validating request: [ 192.0.2.300 ] is not a valid ip address.'],
      [
        'an IPv6 among resolve4',
        [item('ds1', ['2001:db8::1'])],
        'validating request: [ 2001:db8::1 ] is not a valid ip address.',
      ],
      [
        'an IPv4 among resolve6',
        [item('ds1', [], ['192.0.2.1'])],
        'validating request: [ 192.0.2.1 ] is not a valid ip address.',
      ],
    ])('refuses %s with 400', async (_name, body, text) => {
      await expectRefused(t, () => send(t, 'POST', url('1.5'), as(), body), 400, text);
    });

    it('refuses an unknown delivery service, and one none of the caller’s federations serves, with 409', async () => {
      await expectRefused(
        t,
        () => send(t, 'POST', url('1.5'), as(), [item('nope', ['192.0.2.9'])]),
        409,
        "'nope' - no such Delivery Service",
      );
      await expectRefused(
        t,
        () => send(t, 'POST', url('1.5'), as(), [item('ds3', ['192.0.2.9'])]),
        409,
        "No federation(s) found for user fed_user on delivery service 'ds3'.",
      );
    });

    it('hides delivery services outside the caller’s tenants', async () => {
      const other = await newUserSession(t, 'fed_user_a', 6, t.ids.tenants.tenantA);
      await expectRefused(
        t,
        () => send(t, 'POST', url('1.5'), { cookie: other.cookie }, [item('ds1', ['192.0.2.9'])]),
        409,
        "'ds1' - no such Delivery Service",
      );
    });
  });

  describe('DELETE and PUT federations', () => {
    it('deletes every resolver of the caller’s federations, naming them, and 409 when there is none', async () => {
      await send(t, 'POST', url('1.5'), as(), [item('ds1', ['192.0.2.1'], ['2001:db8::2'])]);
      const text = 'fed_user successfully deleted all federation resolvers: [ 192.0.2.1, 2001:db8::2 ]';
      const res = await send(t, 'DELETE', url('1.5'), as());
      expect(res.body).toEqual({ alerts: [{ text, level: 'success' }], response: text });
      expect(await lastLogMessage(t)).toBe(`USER: fed_user, ID: ${fed.id}, ACTION: ${text}`);
      await expectRefused(
        t,
        () => send(t, 'DELETE', url('1.5'), as()),
        409,
        'No federation resolvers to delete for user fed_user',
      );
    });

    it('answers the deleted text as response up to 1.3', async () => {
      await send(t, 'POST', url('1.5'), as(), [item('ds1', ['192.0.2.7'])]);
      const res = await send(t, 'DELETE', url('1.3'), as());
      expect(res.body).toEqual({ response: 'fed_user successfully deleted all federation resolvers: [ 192.0.2.7 ]' });
    });

    it('replaces with PUT (nothing to delete is fine)', async () => {
      const first = await send(t, 'PUT', url('1.5'), as(), [item('ds1', ['192.0.2.1'])]);
      expect(first.body).toEqual({
        alerts: [
          { text: 'fed_user successfully deleted all federation resolvers: [  ]', level: 'success' },
          { text: created, level: 'success' },
        ],
        response: created,
      });
      const second = await send(t, 'PUT', url('1.3'), as(), { federations: [item('ds1', ['192.0.2.5'])] });
      expect(second.body).toEqual({ response: created });
      const read = (await send(t, 'GET', url('1.5'), as())).body.response as { mappings: { resolve4: string[] }[] }[];
      expect(read[0].mappings[0].resolve4).toEqual(['192.0.2.5']);
    });

    it('keeps the resolvers when PUT is refused for an item (one transaction, as Traffic Ops)', async () => {
      await send(t, 'POST', url('1.5'), as(), [item('ds1', ['192.0.2.9'])]);
      const before = await lastLogMessage(t);
      await expectRefused(
        t,
        () => send(t, 'PUT', url('1.5'), as(), [item('ds1', ['192.0.2.10']), item('nope', ['192.0.2.11'])]),
        409,
        "'nope' - no such Delivery Service",
      );
      await expectRefused(
        t,
        () => send(t, 'PUT', url('1.5'), as(), [item('ds3', ['192.0.2.12'])]),
        409,
        "No federation(s) found for user fed_user on delivery service 'ds3'.",
      );
      const read = (await send(t, 'GET', url('1.5'), as())).body.response as { mappings: { resolve4: string[] }[] }[];
      expect(read[0].mappings[0].resolve4).toEqual(['192.0.2.9']);
      expect(await lastLogMessage(t)).toBe(before);
    });

    it('refuses callers below priv 15', async () => {
      await expectRefused(t, () => send(t, 'DELETE', url('1.5'), 'ro_user'), 403, 'Forbidden.');
      await expectRefused(t, () => send(t, 'PUT', url('1.5'), 'ro_user', []), 403, 'Forbidden.');
      await expectRefused(t, () => send(t, 'POST', url('1.5'), 'ro_user', []), 403, 'Forbidden.');
    });
  });
});
