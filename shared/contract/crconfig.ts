/**
 * The configuration of the other servers (issue 35), in Traffic Ops 1.x's shapes: the CRConfig that Traffic Router
 * reads (`cdns/:name/snapshot`) and the monitoring configuration that Traffic Monitor reads
 * (`cdns/:name/configs/monitoring`), with the response schemas the daemon serializes them with, and the diff of a
 * CDN's pending configuration against its published one (a route of ours).
 */

/** A boolean as Traffic Ops wrote it into the CRConfig: the JSON strings "true" and "false". */
export type StrBool = 'true' | 'false';

export interface CrBackupLocations {
  fallbackToClosest: StrBool;
  list?: string[];
}

export interface CrLocation {
  latitude: number;
  longitude: number;
  backupLocations: CrBackupLocations;
  localizationMethods: string[];
}

export interface CrContentServer {
  cacheGroup: string;
  fqdn: string;
  hashCount: number;
  hashId: string;
  httpsPort: number | null;
  interfaceName: string;
  ip: string;
  ip6: string;
  locationId: string;
  port: number | null;
  profile: string;
  status: string;
  type: string;
  deliveryServices?: Record<string, string[]>;
  routingDisabled: number;
}

export interface CrRouter {
  'api.port'?: string;
  'secure.api.port'?: string;
  fqdn: string;
  httpsPort: number | null;
  ip: string;
  ip6: string;
  location: string;
  port: number | null;
  profile: string;
  status: string;
}

export type CrMonitor = Omit<CrRouter, 'api.port' | 'secure.api.port'>;

export interface CrMatchSet {
  protocol: 'HTTP' | 'DNS';
  matchlist: Array<{ regex: string; 'match-type': 'HOST' | 'PATH' | 'HEADER' }>;
}

export interface CrBypass {
  DNS?: { ip?: string; ip6?: string; cname?: string; ttl?: number };
  HTTP?: { fqdn: string; port?: string };
}

export interface CrDeliveryService {
  anonymousBlockingEnabled?: StrBool;
  bypassDestination?: CrBypass;
  consistentHashQueryParams?: string[];
  consistentHashRegex?: string;
  coverageZoneOnly: StrBool;
  deepCachingType: string;
  dispersion?: { limit: number; shuffled: 'true' };
  domains: string[];
  ecsEnabled: StrBool;
  geoEnabled?: Array<{ countryCode: string }>;
  geoLimitRedirectURL?: string;
  geolocationProvider: string;
  ip6RoutingEnabled: StrBool;
  matchsets: Array<CrMatchSet | null>;
  maxDnsIpsForLocation?: number;
  missLocation?: { lat: number; long: number };
  protocol: { acceptHttp?: StrBool; acceptHttps: StrBool; redirectToHttps: StrBool };
  regionalGeoBlocking?: StrBool;
  requestHeaders?: string[];
  responseHeaders?: Record<string, string>;
  routingName: string;
  soa: { admin: string; expire: string; minimum: string; refresh: string; retry: string };
  sslEnabled: StrBool;
  ttl?: number;
  ttls: { A: string; AAAA: string; NS: string; SOA: string };
}

export interface CrStats {
  /** Absent only from the answer for a CDN never published. */
  CDN_name?: string;
  date?: number;
  tm_host?: string;
  tm_path?: string;
  tm_user?: string;
  tm_version?: string;
}

/** `config`: the CRConfig.json parameters as strings, and the few keys Traffic Ops shaped. */
export interface CrConfigSection {
  [key: string]: string | Record<string, string> | string[] | CrOverride[] | undefined;
  domain_name?: string;
  'dnssec.enabled'?: StrBool;
}

export interface CrOverride {
  countryCode: string;
  lat: number;
  long: number;
}

export interface CrConfig {
  config?: CrConfigSection;
  contentServers?: Record<string, CrContentServer>;
  contentRouters?: Record<string, CrRouter>;
  deliveryServices?: Record<string, CrDeliveryService>;
  edgeLocations?: Record<string, CrLocation>;
  trafficRouterLocations?: Record<string, CrLocation>;
  monitors?: Record<string, CrMonitor>;
  stats: CrStats;
}

/** One cache to poll in the 1.x monitoring configuration. */
export interface MonitoredCache {
  cacheGroup: string;
  fqdn: string;
  hashId: string;
  hostName: string;
  interfaceName: string;
  ip: string;
  ip6: string;
  port: number;
  profile: string;
  status: string;
  type: string;
}

export interface MonitorRecord {
  port: number;
  ip6: string;
  ip: string;
  hostName: string;
  fqdn: string;
  profile: string;
  location: string;
  status: string;
}

export interface ThresholdRecord {
  Val: number;
  Comparator: string;
}

export interface MonitoringProfileParameters {
  'health.connection.timeout': number;
  'health.polling.url': string;
  'health.polling.format': string;
  'health.polling.type': string;
  'history.count': number;
  MinFreeKbps: number;
  health_threshold?: Record<string, ThresholdRecord>;
  'health.threshold.availableBandwidthInKbps': string;
  'health.threshold.loadavg': string;
  'health.threshold.queryTime': string;
}

export interface MonitoringProfile {
  parameters: MonitoringProfileParameters;
  name: string;
  type: string;
}

export interface MonitoringDeliveryService {
  xmlId: string;
  TotalTpsThreshold: number;
  status: string;
  TotalKbpsThreshold: number;
}

/** The monitoring configuration as Traffic Ops 1.x answers it (reference §1.5). */
export interface MonitoringConfig {
  trafficServers: MonitoredCache[];
  cacheGroups: Array<{ name: string; coordinates: { latitude: number; longitude: number } }>;
  config: Record<string, string | number>;
  trafficMonitors: MonitorRecord[];
  deliveryServices: MonitoringDeliveryService[];
  profiles: MonitoringProfile[];
}

/** What changed in one section (a map keyed by host name, xmlId or cache-group name; `config` by key). */
export interface SectionDiff {
  added: string[];
  removed: string[];
  changed: string[];
}

/** GET cdns/:name/snapshot/diff: the pending configuration against the published one (docs/api/behavior.md). */
export interface SnapshotDiff {
  cdn: string;
  /** When the published snapshot was made (RFC 3339), null when the CDN was never published. */
  published: string | null;
  /** Whether anything differs. */
  pending: boolean;
  crconfig: Record<string, SectionDiff>;
  monitoring: Record<string, SectionDiff>;
}
