import type { RevalidationJob } from '../store/jobs.js';

/*
 * What the ATS configuration generators read: one cache server and everything its files depend on, with the
 * field names of the Traffic Ops 1.x API (server, cache group, delivery service, origin and parameter objects).
 * The daemon builds it from the store; the generators only read it (data in, text out).
 */

/** A cache server, as `GET servers` names its fields. */
export interface AtsServer {
  id: number;
  hostName: string;
  domainName: string;
  tcpPort: number;
  ipAddress: string;
  ip6Address: string | null;
  /** EDGE, MID, or a type starting with one of them. */
  type: string;
  status: string;
  cachegroup: string;
  profile: string;
  profileId: number;
  cdnName: string;
}

export interface AtsCachegroup {
  name: string;
  type: string;
  parentCachegroup: string | null;
  secondaryParentCachegroup: string | null;
}

/** A profile parameter. */
export interface AtsParameter {
  name: string;
  configFile: string;
  value: string;
}

/** An origin of a delivery service (for multi-site origin). */
export interface AtsOrigin {
  name: string;
  fqdn: string;
  protocol: string;
  port: number | null;
  cachegroup: string | null;
}

/** A delivery service assigned to the server, with the fields its remap and parent lines use. */
export interface AtsDeliveryService {
  xmlId: string;
  /** HTTP, HTTP_NO_CACHE, HTTP_LIVE, HTTP_LIVE_NATNL, DNS, DNS_LIVE, DNS_LIVE_NATNL, ANY_MAP, STEERING… */
  type: string;
  active: boolean;
  routingName: string;
  /** The primary origin as a URL: `http://origin.example:8080`. */
  orgServerFqdn: string | null;
  /** 0: the query string is part of the cache key; 1: left out of the key, passed on; 2: dropped at the edge. */
  qstringIgnore: number;
  edgeHeaderRewrite: string | null;
  midHeaderRewrite: string | null;
  regexRemap: string | null;
  /** 0: none; 1: background fetch; 2: cache range requests. */
  rangeRequestHandling: number;
  remapText: string | null;
  multiSiteOrigin: boolean;
  originShield: string | null;
  origins: AtsOrigin[];
  /**
   * Previous primary origins still in transition (issue 32), as URLs: a MID keeps mapping them beside the current
   * one until every cache of the service has applied the change. Absent: none.
   */
  previousOrigins?: string[];
}

export interface AtsServerContext {
  server: AtsServer;
  cachegroup: AtsCachegroup;
  /** Servers of the primary parent cache group. */
  parents: AtsServer[];
  /** Servers of the secondary parent cache group. */
  secondaryParents: AtsServer[];
  /** Servers of the cache groups whose parent (or secondary parent) is this server's (the edges below a MID). */
  children: AtsServer[];
  cdn: { id: number; name: string; domainName: string };
  /** The parameters of the server's profile. */
  params: AtsParameter[];
  deliveryServices: AtsDeliveryService[];
  /** The CDN's PURGE jobs, for regex_revalidate.config. */
  jobs: RevalidationJob[];
  maxRevalDurationDays: number;
  /** Epoch milliseconds. */
  now: number;
  /** cdnctl's version, named in each file's header. */
  version: string;
}
