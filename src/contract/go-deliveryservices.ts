// The delivery-service record of API 1.4 and 1.5 as the Traffic Ops Go server emitted it (DeliveryServiceNullableV14
// and V15, reference/traffic-ops-1.4-1.5-types.md §2): numbers as JSON numbers, every key present.

/** One host-regex match: `setNumber` a number here. */
export interface GoMatch {
  type: string;
  setNumber: number;
  pattern: string;
}

/** DeliveryServiceNullableV14; V15 adds `ecsEnabled` and `rangeSliceBlockSize`. */
export interface GoDeliveryServiceV14 {
  active: boolean | null;
  anonymousBlockingEnabled: boolean | null;
  ccrDnsTtl: number | null;
  cdnId: number | null;
  cdnName: string | null;
  checkPath: string | null;
  displayName: string | null;
  dnsBypassCname: string | null;
  dnsBypassIp: string | null;
  dnsBypassIp6: string | null;
  dnsBypassTtl: number | null;
  dscp: number | null;
  edgeHeaderRewrite: string | null;
  exampleURLs: string[] | null;
  geoLimit: number | null;
  geoLimitCountries: string | null;
  geoLimitRedirectURL: string | null;
  geoProvider: number | null;
  globalMaxMbps: number | null;
  globalMaxTps: number | null;
  httpBypassFqdn: string | null;
  id: number | null;
  infoUrl: string | null;
  initialDispersion: number | null;
  ipv6RoutingEnabled: boolean | null;
  lastUpdated: string;
  logsEnabled: boolean | null;
  longDesc: string | null;
  longDesc1: string | null;
  longDesc2: string | null;
  matchList: GoMatch[] | null;
  maxDnsAnswers: number | null;
  midHeaderRewrite: string | null;
  missLat: number | null;
  missLong: number | null;
  multiSiteOrigin: boolean | null;
  originShield: string | null;
  orgServerFqdn: string | null;
  profileDescription: string | null;
  profileId: number | null;
  profileName: string | null;
  protocol: number | null;
  qstringIgnore: number | null;
  rangeRequestHandling: number | null;
  regexRemap: string | null;
  regionalGeoBlocking: boolean | null;
  remapText: string | null;
  routingName: string | null;
  signed: boolean;
  sslKeyVersion: number | null;
  tenantId: number | null;
  type: string | null;
  typeId: number | null;
  xmlId: string | null;
  cacheurl: string | null;
  deepCachingType: string;
  fqPacingRate: number | null;
  signingAlgorithm: string | null;
  tenant: string | null;
  trResponseHeaders: string | null;
  trRequestHeaders: string | null;
  consistentHashRegex: string | null;
  consistentHashQueryParams: string[] | null;
  maxOriginConnections: number | null;
}

export interface GoDeliveryServiceV15 extends GoDeliveryServiceV14 {
  ecsEnabled: boolean;
  rangeSliceBlockSize: number | null;
}
