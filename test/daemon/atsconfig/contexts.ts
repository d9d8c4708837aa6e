import { basename, dirname } from 'node:path';
import type {
  AtsDeliveryService,
  AtsParameter,
  AtsServer,
  AtsServerContext,
} from '../../../daemon/atsconfig/context.js';

/*
 * A small CDN for the generator tests: CDN "cdn1" (domain cdn.test), an EDGE cache group "edge-east" whose
 * parent is the MID cache group "mid-east" (secondary parent "mid-west"), one edge, two mids (one per group).
 */

export interface PairOptions {
  edgePort?: number;
  midPort?: number;
  mid2Port?: number;
  originHost?: string;
  originPort?: number;
  /** Where the cache goes on disk (storage.config Drive_Prefix/Drive_Letters). */
  cacheDir?: string;
  services?: AtsDeliveryService[];
}

const param = (name: string, configFile: string, value: string): AtsParameter => ({ name, configFile, value });

export function server(over: Partial<AtsServer>): AtsServer {
  return {
    id: 1,
    hostName: 'edge-01',
    domainName: 'cdn.test',
    tcpPort: 80,
    ipAddress: '127.0.0.1',
    ip6Address: null,
    type: 'EDGE',
    status: 'REPORTED',
    cachegroup: 'edge-east',
    profile: 'EDGE_ATS',
    profileId: 11,
    cdnName: 'cdn1',
    ...over,
  };
}

export function service(over: Partial<AtsDeliveryService>): AtsDeliveryService {
  return {
    xmlId: 'demo',
    type: 'HTTP',
    active: true,
    routingName: 'cdn',
    orgServerFqdn: 'http://origin.test',
    qstringIgnore: 0,
    edgeHeaderRewrite: null,
    midHeaderRewrite: null,
    regexRemap: null,
    rangeRequestHandling: 0,
    remapText: null,
    multiSiteOrigin: false,
    originShield: null,
    origins: [],
    ...over,
  };
}

/** Profile parameters of a cache that runs here: records that keep ATS small, and a 64 MB cache in `cacheDir`. */
export function profileParams(cacheDir: string): AtsParameter[] {
  return [
    param('CONFIG proxy.config.url_remap.remap_required', 'records.config', 'INT 1'),
    param('CONFIG proxy.config.reverse_proxy.enabled', 'records.config', 'INT 1'),
    param('CONFIG proxy.config.http.cache.http', 'records.config', 'INT 1'),
    param('CONFIG proxy.config.http.insert_response_via_str', 'records.config', 'INT 2'),
    param('CONFIG proxy.config.exec_thread.autoconfig', 'records.config', 'INT 0'),
    param('CONFIG proxy.config.exec_thread.limit', 'records.config', 'INT 1'),
    param('CONFIG proxy.config.http.parent_proxy.retry_time', 'records.config', 'INT 5'),
    param('Drive_Prefix', 'storage.config', `${dirname(cacheDir)}/`),
    param('Drive_Letters', 'storage.config', basename(cacheDir)),
    param('Drive_Size', 'storage.config', '64M'),
    param('location', 'remap.config', '/etc/trafficserver'),
    param('location', 'regex_revalidate.config', '/etc/trafficserver'),
  ];
}

/** The EDGE and MID contexts of the small CDN. */
export function pairContexts(o: PairOptions = {}): { edge: AtsServerContext; mid: AtsServerContext } {
  const edgeServer = server({ tcpPort: o.edgePort ?? 80 });
  const mid = server({
    id: 2,
    hostName: 'mid-01',
    tcpPort: o.midPort ?? 80,
    type: 'MID',
    cachegroup: 'mid-east',
    profile: 'MID_ATS',
    profileId: 12,
  });
  const mid2 = server({
    id: 3,
    hostName: 'mid-02',
    tcpPort: o.mid2Port ?? 80,
    type: 'MID',
    cachegroup: 'mid-west',
    profile: 'MID_ATS',
    profileId: 12,
  });
  const origin = `http://${o.originHost ?? 'origin.test'}${o.originPort ? `:${o.originPort}` : ''}`;
  const services = o.services ?? [service({ orgServerFqdn: origin })];
  const common = {
    cdn: { id: 1, name: 'cdn1', domainName: 'cdn.test' },
    params: profileParams(o.cacheDir ?? '/var/cache/trafficserver'),
    deliveryServices: services,
    jobs: [{ assetUrl: `${origin}/images/.*`, startTime: Date.UTC(2026, 10, 23, 12), ttlHours: 24 }],
    maxRevalDurationDays: 90,
    now: Date.UTC(2026, 10, 23, 13),
    version: '0.1.0',
  };
  return {
    edge: {
      ...common,
      server: edgeServer,
      cachegroup: {
        name: 'edge-east',
        type: 'EDGE_LOC',
        parentCachegroup: 'mid-east',
        secondaryParentCachegroup: 'mid-west',
      },
      parents: [mid],
      secondaryParents: [mid2],
      children: [],
    },
    mid: {
      ...common,
      server: mid,
      cachegroup: { name: 'mid-east', type: 'MID_LOC', parentCachegroup: null, secondaryParentCachegroup: null },
      parents: [],
      secondaryParents: [],
      children: [edgeServer],
    },
  };
}

/** The pair with three delivery services that exercise every remap feature (the fixtures' context). */
export function richPair(): { edge: AtsServerContext; mid: AtsServerContext } {
  return pairContexts({
    edgePort: 8080,
    midPort: 8081,
    mid2Port: 8082,
    services: [
      service({}),
      service({
        xmlId: 'video',
        routingName: 'tv',
        qstringIgnore: 1,
        orgServerFqdn: 'http://origin2.test:8080',
        rangeRequestHandling: 2,
        edgeHeaderRewrite: 'cond %{REMAP_PSEUDO_HOOK}__RETURN__set-header X-CDN cdn1',
        midHeaderRewrite: 'cond %{REMAP_PSEUDO_HOOK}__RETURN__set-header X-Mid 1',
        regexRemap: '^/old/(.*) http://origin2.test:8080/new/$1',
      }),
      service({
        xmlId: 'dl',
        type: 'HTTP_NO_CACHE',
        qstringIgnore: 2,
        rangeRequestHandling: 1,
        orgServerFqdn: 'https://dl.test',
      }),
      service({ xmlId: 'off', active: false }),
      service({ xmlId: 'steer', type: 'STEERING', orgServerFqdn: null }),
    ],
  });
}
