// The delivery-service record of API 1.4 and 1.5 as the Traffic Ops Go server emitted it (DeliveryServiceNullableV14
// and V15, reference/traffic-ops-1.4-1.5-types.md §2): numbers as JSON numbers, every key present.
import {
  bool,
  int,
  nullableBool,
  nullableInt,
  nullableNum,
  nullableText,
  record,
  text,
  type FromSchema,
} from './schema.js';

/** One host-regex match: `setNumber` a number here. */
export const goMatchSchema = record({ type: text, setNumber: int, pattern: text });
export type GoMatch = FromSchema<typeof goMatchSchema>;

const nullableTextList = { type: ['array', 'null'], items: text } as const;
const nullableMatchList = { type: ['array', 'null'], items: goMatchSchema } as const;

/** DeliveryServiceNullableV14, in the Go key order. */
const v14Properties = {
  active: nullableBool,
  anonymousBlockingEnabled: nullableBool,
  ccrDnsTtl: nullableInt,
  cdnId: nullableInt,
  cdnName: nullableText,
  checkPath: nullableText,
  displayName: nullableText,
  dnsBypassCname: nullableText,
  dnsBypassIp: nullableText,
  dnsBypassIp6: nullableText,
  dnsBypassTtl: nullableInt,
  dscp: nullableInt,
  edgeHeaderRewrite: nullableText,
  exampleURLs: nullableTextList,
  geoLimit: nullableInt,
  geoLimitCountries: nullableText,
  geoLimitRedirectURL: nullableText,
  geoProvider: nullableInt,
  globalMaxMbps: nullableInt,
  globalMaxTps: nullableInt,
  httpBypassFqdn: nullableText,
  id: nullableInt,
  infoUrl: nullableText,
  initialDispersion: nullableInt,
  ipv6RoutingEnabled: nullableBool,
  lastUpdated: text,
  logsEnabled: nullableBool,
  longDesc: nullableText,
  longDesc1: nullableText,
  longDesc2: nullableText,
  matchList: nullableMatchList,
  maxDnsAnswers: nullableInt,
  midHeaderRewrite: nullableText,
  missLat: nullableNum,
  missLong: nullableNum,
  multiSiteOrigin: nullableBool,
  originShield: nullableText,
  orgServerFqdn: nullableText,
  profileDescription: nullableText,
  profileId: nullableInt,
  profileName: nullableText,
  protocol: nullableInt,
  qstringIgnore: nullableInt,
  rangeRequestHandling: nullableInt,
  regexRemap: nullableText,
  regionalGeoBlocking: nullableBool,
  remapText: nullableText,
  routingName: nullableText,
  signed: bool,
  sslKeyVersion: nullableInt,
  tenantId: nullableInt,
  type: nullableText,
  typeId: nullableInt,
  xmlId: nullableText,
  cacheurl: nullableText,
  deepCachingType: text,
  fqPacingRate: nullableInt,
  signingAlgorithm: nullableText,
  tenant: nullableText,
  trResponseHeaders: nullableText,
  trRequestHeaders: nullableText,
  consistentHashRegex: nullableText,
  consistentHashQueryParams: nullableTextList,
  maxOriginConnections: nullableInt,
} as const;
export const goDeliveryServiceV14Schema = record(v14Properties);
export type GoDeliveryServiceV14 = FromSchema<typeof goDeliveryServiceV14Schema>;

/** DeliveryServiceNullableV15: V14 and `ecsEnabled`, `rangeSliceBlockSize`. */
export const goDeliveryServiceV15Schema = record({
  ...v14Properties,
  ecsEnabled: bool,
  rangeSliceBlockSize: nullableInt,
});
export type GoDeliveryServiceV15 = FromSchema<typeof goDeliveryServiceV15Schema>;

/** The keys V14 added to V13 (consistent hashing, origin connections). */
const {
  consistentHashRegex: _hashRegex,
  consistentHashQueryParams: _hashParams,
  maxOriginConnections: _originConnections,
  ...v13Properties
} = v14Properties;
/** The keys V13 added to V12 (1.3: deep caching, pacing, URL signing, tenant name, Traffic Router headers). */
const {
  deepCachingType: _deepCaching,
  fqPacingRate: _pacing,
  signingAlgorithm: _signing,
  tenant: _tenant,
  trResponseHeaders: _trResponse,
  trRequestHeaders: _trRequest,
  ...v12Properties
} = v13Properties;

/** DeliveryServiceNullableV13 (GET deliveryservices at 1.3): V14 without its three keys. */
export const goDeliveryServiceV13Schema = record(v13Properties);
export type GoDeliveryServiceV13 = FromSchema<typeof goDeliveryServiceV13Schema>;

/** DeliveryServiceNullableV12 (GET deliveryservices at 1.1/1.2): V11's fields and `cacheurl`. */
export const goDeliveryServiceV12Schema = record(v12Properties);
export type GoDeliveryServiceV12 = FromSchema<typeof goDeliveryServiceV12Schema>;
