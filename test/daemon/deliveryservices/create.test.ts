import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachStore } from '../../helpers/store-kinds.js';
import { dsHarness, expectError, ok, type DsHarness } from './helpers.js';

/** POST deliveryservices at 1.1–1.5 (issue 31, reference wave3 §5.2–5.3). */

interface Ds {
  id: number | string;
  xmlId: string;
  signingAlgorithm?: string | null;
  consistentHashQueryParams?: string[];
  deepCachingType?: string;
  routingName?: string;
  geoLimitCountries?: string | null;
  tenantId: number;
  orgServerFqdn: string | null;
}

eachStore((kind) => {
  let h: DsHarness;
  beforeAll(async () => {
    h = await dsHarness(kind);
  }, 60_000);
  afterAll(async () => {
    await h?.t.close();
  });

  const post = (body: unknown, version = '1.5', as: Parameters<DsHarness['call']>[0] = 'ops_user') =>
    h.call(as, 'POST', `/api/${version}/deliveryservices`, body);
  const refused = async (body: unknown, status: number, text: string) => {
    const before = (await h.t.store.deliveryServices.list()).length;
    expectError(await post(body), status, text);
    expect((await h.t.store.deliveryServices.list()).length).toBe(before);
  };

  describe('success', () => {
    it('creates at 1.5 through deliveryservices.json: one-element array, host regex, primary origin, change log', async () => {
      const logs = await h.mark();
      const res = await h.call('ops_user', 'POST', '/api/1.5/deliveryservices.json', h.httpBody('new-one'));
      expect(res.body.alerts).toEqual([{ level: 'success', text: 'Delivery Service creation was successful' }]);
      const [ds] = ok<Ds[]>(res);
      expect(ds).toMatchObject({
        xmlId: 'new-one',
        orgServerFqdn: 'http://new-one-origin.example.test:8080',
        deepCachingType: 'NEVER',
        routingName: 'cdn',
        matchList: [{ type: 'HOST_REGEXP', setNumber: 0, pattern: '.*\\.new-one\\..*' }],
        exampleURLs: ['http://cdn.new-one.cdn1.example.test'],
      });
      const regexes = ok<unknown[]>(await h.call('ro_user', 'GET', `/api/1.5/deliveryservices/${ds.id}/regexes`));
      expect(regexes).toEqual([
        {
          id: expect.any(Number),
          type: expect.any(Number),
          typeName: 'HOST_REGEXP',
          setNumber: 0,
          pattern: '.*\\.new-one\\..*',
        },
      ]);
      const origins = ok<Array<{ id: number; name: string; isPrimary: boolean; port: number }>>(
        await h.call('ro_user', 'GET', `/api/1.3/origins?deliveryservice=${ds.id}`),
      );
      expect(origins).toEqual([
        expect.objectContaining({ name: 'new-one', isPrimary: true, port: 8080, protocol: 'http' }),
      ]);
      expect(await logs()).toEqual([
        `DS: new-one, ID: ${ds.id}, ACTION: Created primary origin id: ${origins[0].id}`,
        `DS: new-one, ID: ${ds.id}, ACTION: Created delivery service`,
      ]);
    });

    it('sanitizes: countries upper-cased without spaces, url_sig from signed at 1.1, routing name defaulted', async () => {
      const body = { ...h.httpBody('old-style', { routingName: '', geoLimitCountries: 'us, ca' }), signed: true };
      const [created] = ok<Ds[]>(await post(body, '1.1'));
      const [ds] = ok<Ds[]>(await h.call('admin', 'GET', `/api/1.5/deliveryservices/${created.id}`));
      expect(ds).toMatchObject({ signingAlgorithm: 'url_sig', routingName: 'cdn', geoLimitCountries: 'US,CA' });
    });

    it('ignores the fields newer than the request version', async () => {
      const body = h.httpBody('v13-body', { consistentHashQueryParams: ['a'], deepCachingType: 'ALWAYS' });
      const [created] = ok<Ds[]>(await post(body, '1.3'));
      const [ds] = ok<Ds[]>(await h.call('admin', 'GET', `/api/1.5/deliveryservices/${created.id}`));
      expect(ds).toMatchObject({ consistentHashQueryParams: [], deepCachingType: 'ALWAYS' });
    });

    it('takes the type by name when typeId is absent (cdnctl), and integers as digit strings', async () => {
      const body = {
        ...h.httpBody('by-type-name', { typeId: null, type: 'HTTP_LIVE' }),
        dscp: '10',
        cdnId: String(h.refs.cdnId),
      };
      const [ds] = ok<Array<{ type: string; dscp: number }>>(await post(body));
      expect(ds).toMatchObject({ type: 'HTTP_LIVE', dscp: 10 });
      await refused(
        h.httpBody('bad-type-name', { typeId: null, type: 'NO_SUCH_TYPE' }),
        400,
        "invalid request: 'typeId' cannot be blank",
      );
    });

    it('takes ANY_MAP and CLIENT_STEERING without the HTTP fields, and no origin', async () => {
      for (const [xmlId, type] of [
        ['any-map', 'ANY_MAP'],
        ['client-steer', 'CLIENT_STEERING'],
      ] as const) {
        const body = { xmlId, displayName: xmlId, active: false, cdnId: h.refs.cdnId, typeId: h.refs.types[type] };
        const [ds] = ok<Ds[]>(
          await post({
            ...body,
            tenantId: h.refs.root,
            dscp: 0,
            geoLimit: 0,
            geoProvider: 0,
            logsEnabled: false,
            regionalGeoBlocking: false,
          }),
        );
        expect(ds.orgServerFqdn).toBeNull();
      }
    });
  });

  describe('validation', () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['blank xmlId', { xmlId: '' }, "invalid request: 'xmlId' cannot be blank"],
      [
        'xmlId with spaces and periods',
        { xmlId: 'a b.c' },
        "invalid request: 'xmlId' cannot contain spaces, 'xmlId' cannot contain periods",
      ],
      ['long xmlId', { xmlId: 'x'.repeat(49) }, "invalid request: 'xmlId' the length must be between 1 and 48"],
      ['blank displayName', { displayName: '' }, "invalid request: 'displayName' cannot be blank"],
      ['routingName with a period', { routingName: 'a.b' }, "invalid request: 'routingName' cannot contain periods"],
      ['routingName not a hostname', { routingName: 'a b' }, "invalid request: 'routingName' must be a valid hostname"],
      ['active missing', { active: null }, "invalid request: 'active' is required"],
      ['dscp negative', { dscp: -1 }, "invalid request: 'dscp' must be no less than 0"],
      ['cdnId missing', { cdnId: null }, "invalid request: 'cdnId' cannot be blank"],
      ['typeId missing', { typeId: null }, "invalid request: 'typeId' cannot be blank"],
      ['protocol out of range', { protocol: 4 }, "invalid request: 'protocol' must be no greater than 3"],
      [
        'deepCachingType unknown',
        { deepCachingType: 'SOMETIMES' },
        "invalid request: 'deepCachingType' must be a valid value",
      ],
      ['remapText with a line break', { remapText: 'a\nb' }, "invalid request: 'remapText' cannot contain line breaks"],
      ['wrong JSON type', { active: 'yes' }, "invalid request: 'active' must be a boolean"],
      [
        'HTTP without its fields',
        { orgServerFqdn: null, initialDispersion: null, missLat: null },
        "invalid request: type fields: 'initialDispersion' is required if type is 'HTTP', 'missLat' is required if type is 'HTTP', 'orgServerFqdn' is required if type is 'HTTP'",
      ],
      [
        'orgServerFqdn with a path',
        { orgServerFqdn: 'http://origin.example.test/path' },
        "invalid request: type fields: 'orgServerFqdn' must start with http:// or https:// and be followed by a valid hostname with an optional port (no trailing slash)",
      ],
      [
        'initialDispersion zero',
        { initialDispersion: 0 },
        "invalid request: type fields: 'initialDispersion' must be greater than zero",
      ],
      ['missLat beyond 90', { missLat: 91 }, "invalid request: type fields: 'missLat' must be no greater than 90"],
      [
        'rangeSliceBlockSize without slicing',
        { rangeSliceBlockSize: 262144 },
        "invalid request: type fields: 'rangeSliceBlockSize' rangeSliceBlockSize can only be set if the rangeRequestHandling is set to 3 (Use the Slice Plugin)",
      ],
      [
        'slicing with a small block',
        { rangeRequestHandling: 3, rangeSliceBlockSize: 1000 },
        "invalid request: type fields: 'rangeSliceBlockSize' must be no less than 262144",
      ],
      [
        'general and type errors together',
        { xmlId: '', orgServerFqdn: null },
        "invalid request: 'xmlId' cannot be blank, type fields: 'orgServerFqdn' is required if type is 'HTTP'",
      ],
    ];
    for (const [name, change, text] of cases) {
      it(`refuses ${name}`, async () => {
        await refused({ ...h.httpBody('refused-one'), ...change }, 400, text);
      });
    }

    it('applies the DNS and STEERING requirements and refuses hash query params outside HTTP', async () => {
      await refused(
        { ...h.httpBody('dns-one', { typeId: h.refs.types.DNS, missLong: null }), consistentHashQueryParams: ['q'] },
        400,
        "invalid request: type fields: 'consistentHashQueryParams' consistentHashQueryParams not allowed for 'DNS' deliveryservice type, 'missLong' is required if type is 'DNS'",
      );
      await refused(
        { ...h.httpBody('steer-one', { typeId: h.refs.types.STEERING }), protocol: null, ipv6RoutingEnabled: null },
        400,
        "invalid request: type fields: 'ipv6RoutingEnabled' is required if type is 'STEERING', 'protocol' is required if type is 'STEERING'",
      );
    });

    it('refuses a taken xmlId, unknown references and a missing tenant', async () => {
      await refused(h.httpBody('ds1'), 400, "deliveryservice xml_id 'ds1' already exists.");
      await refused(h.httpBody('no-cdn', { cdnId: 999_999 }), 404, 'cdn not found');
      await refused(h.httpBody('no-type', { typeId: 999_999 }), 404, 'type not found');
      await refused(h.httpBody('no-profile', { profileId: 999_999 }), 404, 'profile not found');
      await refused(h.httpBody('no-tenant', { tenantId: null }), 400, 'tenantId is a required field');
    });
  });

  describe('privileges and tenancy', () => {
    it('needs the operations role', async () => {
      for (const as of ['ro_user', 'portal_user'] as const)
        expectError(await post(h.httpBody('by-ro'), '1.5', as), 403, 'Forbidden.');
      expectError(await post(h.httpBody('by-nobody'), '1.5', null), 401, 'Unauthorized, please log in.');
    });

    it('lets a tenant create only in its tenant tree, and see only that', async () => {
      expectError(await post(h.httpBody('ta-root'), '1.5', 'tenanta_admin'), 403, 'not authorized on this tenant');
      const [mine] = ok<Ds[]>(await post(h.httpBody('ta-own', { tenantId: h.refs.tenantA }), '1.4', 'tenanta_admin'));
      expect(mine.tenantId).toBe(h.refs.tenantA);
      const seen = ok<Ds[]>(await h.call('tenanta_user', 'GET', '/api/1.5/deliveryservices'));
      expect(seen.map((d) => d.xmlId)).toEqual(['ds2', 'ta-own']);
    });
  });
});
