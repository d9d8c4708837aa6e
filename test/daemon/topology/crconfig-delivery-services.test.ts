import { afterAll, beforeAll, expect, it } from 'vitest';
import { deliveryServices } from '../../../daemon/services/crconfig/delivery-services.js';
import type { CdnTopology } from '../../../daemon/services/crconfig/load.js';
import type { DeliveryService } from '../../../daemon/store/deliveryservices.js';
import { goldenApp, type GoldenApp } from '../security/fixture.js';

/**
 * The CRConfig's delivery-service entries for what the golden data lacks (issue 35, reference §1.4): DNS routing,
 * bypass destinations, geo limits, HTTPS protocols, header lists and TTL overrides, from ds1's stored record changed.
 */
let t: GoldenApp;
let ds1: DeliveryService;
let topology: CdnTopology;
beforeAll(async () => {
  t = await goldenApp();
  ds1 = (await t.store.deliveryServices.byXmlId('ds1'))!;
  topology = {
    cdn: (await t.store.cdns.byName('cdn1'))!,
    servers: [],
    cachegroups: [],
    profiles: new Map(),
    parameters: new Map(),
    deliveryServices: [],
    allDeliveryServices: [],
    regexes: await t.store.deliveryServiceWrites.regexes(ds1.id),
    assignments: [],
    tmUrl: null,
  };
});
afterAll(() => t.close());

const entryOf = (ds: DeliveryService, overrides = {}) =>
  deliveryServices({ ...topology, deliveryServices: [ds] }, overrides)[ds.xmlId];

it('a DNS delivery service: DNS match sets, a DNS bypass, maxDnsIpsForLocation, no HTTP-only keys', () => {
  const entry = entryOf({
    ...ds1,
    typeName: 'DNS',
    dnsBypassIp: '192.0.2.1',
    dnsBypassTtl: 30,
    maxDnsAnswers: 4,
    geoLimit: 2,
    geoLimitCountries: 'US, CA',
    protocol: 3,
    ccrDnsTtl: 60,
  });
  expect(entry.matchsets).toEqual([{ protocol: 'DNS', matchlist: [{ regex: '.*\\.ds1\\..*', 'match-type': 'HOST' }] }]);
  expect(entry.bypassDestination).toEqual({ DNS: { ip: '192.0.2.1', ttl: 30 } });
  expect(entry.maxDnsIpsForLocation).toBe(4);
  expect(entry.geoEnabled).toEqual([{ countryCode: 'US' }, { countryCode: 'CA' }]);
  expect(entry.coverageZoneOnly).toBe('false');
  expect(entry.protocol).toEqual({ acceptHttps: 'true', redirectToHttps: 'true' });
  expect(entry.sslEnabled).toBe('true');
  expect(entry.ttl).toBe(60);
  expect(entry.ttls).toEqual({ A: '60', AAAA: '60', NS: '3600', SOA: '86400' });
  for (const key of ['anonymousBlockingEnabled', 'regionalGeoBlocking', 'dispersion', 'geoLimitRedirectURL'])
    expect(entry).not.toHaveProperty(key);
});

it('an HTTP delivery service: HTTP bypass with port, coverage zone only, headers, protocol 1, TTL overrides', () => {
  const entry = entryOf(
    {
      ...ds1,
      httpBypassFqdn: 'bypass.example.test:8080',
      geoLimit: 1,
      geoLimitRedirectUrl: null,
      protocol: 1,
      trRequestHeaders: 'X-One__RETURN__X-Two: ignored',
      trResponseHeaders: 'Access-Control-Allow-Origin: *\nX-Cdn: cdnctl',
      consistentHashQueryParams: ['a', 'b'],
      profileId: 1,
    },
    { NS: '7200' },
  );
  expect(entry.bypassDestination).toEqual({ HTTP: { fqdn: 'bypass.example.test', port: '8080' } });
  expect(entry.coverageZoneOnly).toBe('true');
  expect(entry.geoLimitRedirectURL).toBe('');
  expect(entry.protocol).toEqual({ acceptHttp: 'false', acceptHttps: 'true', redirectToHttps: 'false' });
  expect(entry.requestHeaders).toEqual(['X-One', 'X-Two']);
  expect(entry.responseHeaders).toEqual({ 'Access-Control-Allow-Origin': '*', 'X-Cdn': 'cdnctl' });
  expect(entry.consistentHashQueryParams).toEqual(['a', 'b']);
  expect(entry.ttls.NS).toBe('7200');
  expect(entryOf({ ...ds1, profileId: null }, { NS: '7200' }).ttls.NS).toBe('3600');
});

it('leaves out inactive and ANY_MAP delivery services', () => {
  expect(entryOf({ ...ds1, active: false })).toBeUndefined();
  expect(entryOf({ ...ds1, typeName: 'ANY_MAP' })).toBeUndefined();
});
