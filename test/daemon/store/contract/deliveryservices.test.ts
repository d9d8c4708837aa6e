import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DeliveryServiceFilter } from '../../../../daemon/store/deliveryservices.js';
import { CONTRACT_FIXTURE, T0 } from './fixture.js';
import { linguisticCollation, openReference } from './reference.js';
import { describeEachStore, type OpenedStore } from './stores.js';

// One delivery service with every column set, and xmlIds whose byte order differs from a linguistic one.
const EXTRA = `
INSERT INTO deliveryservices (id, xml_id, display_name, tenant_id, cdn_id, type_id, profile_id, active, cacheurl, ccr_dns_ttl,
  check_path, deep_caching_type, dns_bypass_cname, dns_bypass_ip, dns_bypass_ip6, dns_bypass_ttl, dscp, edge_header_rewrite,
  geo_limit, geo_limit_countries, geo_limit_redirect_url, geo_provider, global_max_mbps, global_max_tps, http_bypass_fqdn, info_url,
  initial_dispersion, ipv6_routing_enabled, logs_enabled, long_desc, long_desc1, long_desc2, max_dns_answers, mid_header_rewrite,
  miss_lat, miss_long, multi_site_origin, multi_site_origin_algorithm, origin_shield, protocol, qstring_ignore,
  range_request_handling, regex_remap, regional_geo_blocking, remap_text, routing_name, signed, ssl_key_version,
  tr_request_headers, tr_response_headers, anonymous_blocking_enabled, consistent_hash_query_params, consistent_hash_regex,
  ecs_enabled, fq_pacing_rate, max_origin_connections, range_slice_block_size, signing_algorithm, last_updated) VALUES
  (10, 'DS-full', 'Everything set', 2, 2, 1, 2, 1, 'http://cache/url', 30, '/check', 'ALWAYS', 'bypass.example.net', '192.0.2.50',
   '2001:db8::50', 60, 46, 'edge-rewrite', 1, 'US,CA', 'http://geo/redirect', 1, 9007199254740, 5000000000, 'bypass.fqdn', 'http://info',
   3, 1, 1, 'long', 'long1', 'long2', 5, 'mid-rewrite', 39.7392, -104.9903, 1, 2, 'shield.example.net', 2, 1, 3, 'regex-remap', 1,
   'remap text', 'video', 1, 4, 'X-Req', 'X-Resp', 1, '["user","session"]', '^/path', 1, 1000000, 200, 262144, 'url_sig', ${T0 + 1}),
  (11, 'ds_under', 'Underscore', 3, 2, 2, NULL, 1, NULL, NULL, NULL, 'NEVER', NULL, NULL, NULL, NULL, 0, NULL, 0, NULL, NULL, 0,
   NULL, NULL, NULL, NULL, 1, 0, 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0, NULL, NULL, 0, 0, 0, NULL, 0, NULL, 'cdn', 0, NULL,
   NULL, NULL, 0, '[]', NULL, 0, NULL, NULL, NULL, NULL, ${T0}),
  (12, 'ds2', 'Digit', 4, 1, 1, 1, 0, NULL, NULL, NULL, 'NEVER', NULL, NULL, NULL, NULL, 0, NULL, 0, NULL, NULL, 0,
   NULL, NULL, NULL, NULL, 1, 0, 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0, NULL, NULL, 0, 0, 0, NULL, 0, NULL, 'cdn', 0, NULL,
   NULL, NULL, 0, '[]', NULL, 0, NULL, NULL, NULL, NULL, ${T0});
INSERT INTO origins (id, name, fqdn, protocol, is_primary, port, ip_address, ip6_address, deliveryservice_id, coordinate_id, cachegroup_id, profile_id, tenant_id, last_updated) VALUES
  (10, 'full-primary', 'full.acme.test', 'https', 1, 8443, NULL, NULL, 10, NULL, NULL, NULL, NULL, ${T0}),
  (11, 'full-secondary', 'second.acme.test', 'http', 0, NULL, NULL, NULL, 10, NULL, NULL, NULL, NULL, ${T0});
INSERT INTO deliveryservice_users (deliveryservice_id, user_id) VALUES (10, 2), (11, 2);
`;

const FILTERS: DeliveryServiceFilter[] = [
  {},
  { ids: [1, 10, 12] },
  { ids: [] },
  { xmlId: 'ds-video' },
  { xmlId: 'nope' },
  { cdnId: 2 },
  { cdnId: 1 },
  { cdnName: 'cdn1' },
  { cdnName: 'ALL' },
  { tenantIds: [2, 3] },
  { tenantIds: new Set([4]) },
  { tenantIds: [] },
  { userId: 2 },
  { userId: 3 },
  { notAssignedToUserId: 2 },
  { userId: 2, tenantIds: [3], cdnId: 2 },
  { ids: [1, 2, 11], notAssignedToUserId: 3, cdnName: 'cdn1' },
  { ids: [2 ** 40, 1] },
  { cdnId: 2 ** 40 },
  { tenantIds: [2 ** 40] },
  { userId: 2 ** 40 },
  { notAssignedToUserId: 2 ** 40 },
];

describeEachStore('delivery services store', (kind) => {
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

  it('byId answers every column with the names joined in and the primary origin', async () => {
    const ds = await h.store.deliveryServices.byId(10);
    expect(ds).toMatchObject({
      id: 10,
      xmlId: 'DS-full',
      tenantName: 'acme',
      cdnName: 'cdn1',
      cdnDomain: 'cdn1.example.net',
      typeName: 'HTTP',
      profileName: 'EDGE_ATS',
      profileDescription: 'edge caches',
      active: true,
      globalMaxMbps: 9007199254740,
      globalMaxTps: 5000000000,
      missLat: 39.7392,
      missLong: -104.9903,
      multiSiteOrigin: true,
      consistentHashQueryParams: ['user', 'session'],
      signingAlgorithm: 'url_sig',
      sslKeyVersion: 4,
      lastUpdated: T0 + 1,
      primaryOrigin: { protocol: 'https', fqdn: 'full.acme.test', port: 8443 },
    });
    expect(await h.store.deliveryServices.byId(12)).toMatchObject({
      active: false,
      profileName: 'GLOBAL',
      primaryOrigin: null,
      missLat: null,
    });
    for (const id of [1, 2, 3, 10, 11, 12])
      expect(await h.store.deliveryServices.byId(id)).toEqual(await reference.store.deliveryServices.byId(id));
    expect(await h.store.deliveryServices.byId(99)).toBeNull();
    expect(await h.store.deliveryServices.byId(2 ** 40)).toBeNull();
  });

  it('byXmlId matches the xmlId exactly', async () => {
    expect((await h.store.deliveryServices.byXmlId('ds_under'))?.id).toBe(11);
    expect(await h.store.deliveryServices.byXmlId('DS_UNDER')).toBeNull();
    expect(await h.store.deliveryServices.byXmlId('DS-full')).toEqual(
      await reference.store.deliveryServices.byXmlId('DS-full'),
    );
  });

  it('list orders by xmlId as bytes and applies every given criterion', async () => {
    const xmlIds = async (filter?: DeliveryServiceFilter) =>
      (await h.store.deliveryServices.list(filter)).map((d) => d.xmlId);
    expect(await xmlIds()).toEqual(['DS-full', 'ds-acme', 'ds-globex', 'ds-video', 'ds2', 'ds_under']);
    expect(await xmlIds({ userId: 2 })).toEqual(['DS-full', 'ds-acme', 'ds_under']);
    expect(await xmlIds({ notAssignedToUserId: 2, tenantIds: [3, 4] })).toEqual(['ds-globex', 'ds-video', 'ds2']);
    expect(await xmlIds({ ids: [] })).toEqual([]);
    for (const filter of FILTERS) {
      expect(await h.store.deliveryServices.list(filter), JSON.stringify(filter)).toEqual(
        await reference.store.deliveryServices.list(filter),
      );
    }
    expect(await h.store.deliveryServices.list()).toEqual(await h.store.deliveryServices.list({}));
  });

  it('setSslKeyVersion sets the version and the time of the change', async () => {
    await h.store.deliveryServices.setSslKeyVersion(11, 7, T0 + 99);
    expect(await h.store.deliveryServices.byId(11)).toMatchObject({ sslKeyVersion: 7, lastUpdated: T0 + 99 });
    await h.store.deliveryServices.setSslKeyVersion(999, 1, T0);
    expect((await h.store.deliveryServices.list()).map((d) => d.sslKeyVersion)).toEqual([4, null, null, null, null, 7]);
  });
});
