// The delivery-service record of the API, shared by the daemon's formatter and the CLI client.

/** One host-regex match of a delivery service. */
export interface MatchRecord {
  type: string;
  setNumber: string;
  pattern: string;
}

/**
 * A delivery service in the seed's shape: ids and numbers as strings, `tenantId` an int, flags as booleans,
 * `lastUpdated` as `YYYY-MM-DD hh:mm:ss`; the geo-limit redirect URL under both spellings the seed mentions.
 */
export interface DeliveryServiceRecord {
  active: boolean;
  cacheurl: string | null;
  ccrDnsTtl: string | null;
  cdnId: string;
  cdnName: string;
  checkPath: string | null;
  deepCachingType: string;
  displayName: string;
  dnsBypassCname: string | null;
  dnsBypassIp: string | null;
  dnsBypassIp6: string | null;
  dnsBypassTtl: string | null;
  dscp: string;
  edgeHeaderRewrite: string | null;
  exampleURLs: string[];
  geoLimit: string;
  geoLimitCountries: string | null;
  geoLimitRedirectURL: string | null;
  geoLimitRedirectUrl: string | null;
  geoProvider: string;
  globalMaxMbps: string | null;
  globalMaxTps: string | null;
  httpBypassFqdn: string | null;
  id: string;
  infoUrl: string | null;
  initialDispersion: string;
  ipv6RoutingEnabled: boolean;
  lastUpdated: string;
  logsEnabled: boolean;
  longDesc: string | null;
  longDesc1: string | null;
  longDesc2: string | null;
  matchList: MatchRecord[];
  maxDnsAnswers: string | null;
  midHeaderRewrite: string | null;
  missLat: string | null;
  missLong: string | null;
  multiSiteOrigin: boolean;
  multiSiteOriginAlgorithm: boolean | null;
  orgServerFqdn: string | null;
  originShield: string | null;
  profileDescription: string | null;
  profileId: string | null;
  profileName: string | null;
  protocol: string;
  qstringIgnore: string;
  rangeRequestHandling: string;
  regexRemap: string | null;
  regionalGeoBlocking: boolean;
  remapText: string | null;
  routingName: string;
  signed: boolean;
  sslKeyVersion: string | null;
  tenant: string;
  tenantId: number;
  trRequestHeaders: string | null;
  trResponseHeaders: string | null;
  type: string;
  typeId: string;
  xmlId: string;
  // Traffic Ops 1.x fields beyond the seed's table (issue 17), with the types Traffic Ops gave them.
  anonymousBlockingEnabled: boolean;
  consistentHashQueryParams: string[];
  consistentHashRegex: string | null;
  ecsEnabled: boolean;
  fqPacingRate: number | null;
  maxOriginConnections: number | null;
  rangeSliceBlockSize: number | null;
  signingAlgorithm: string | null;
}
