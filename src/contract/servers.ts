/*
 * The records of the caches API (issue 15), shared by the daemon that sends them and the CLI that reads them.
 * Field names are Traffic Ops 1.x's; `lastCheckIn` is ours.
 */

/** A server (cache) as GET servers answers it: Traffic Ops' 1.1 shape, less the fields cdnctl does not keep. */
export interface ServerRecord {
  cachegroup: string;
  cachegroupId: number;
  cdnId: number;
  cdnName: string;
  domainName: string;
  fqdn: string;
  hostName: string;
  httpsPort: number | null;
  id: number;
  interfaceMtu: number;
  interfaceName: string;
  ip6Address: string | null;
  ip6Gateway: string | null;
  ipAddress: string | null;
  ipGateway: string | null;
  ipNetmask: string | null;
  /** `YYYY-MM-DD hh:mm:ss+00`, or null for a cache that never checked in. */
  lastCheckIn: string | null;
  lastUpdated: string;
  offlineReason: string | null;
  profile: string;
  profileDesc: string;
  profileId: number;
  revalPending: boolean;
  status: string;
  tcpPort: number | null;
  type: string;
  typeId: number;
  updPending: boolean;
}

/** A cache group as GET cachegroups answers it. */
export interface CachegroupRecord {
  id: number;
  name: string;
  shortName: string;
  latitude: number | null;
  longitude: number | null;
  parentCachegroupId: number | null;
  parentCachegroupName: string | null;
  secondaryParentCachegroupId: number | null;
  secondaryParentCachegroupName: string | null;
  typeId: number;
  typeName: string;
  lastUpdated: string;
}

/** One element of GET servers/:hostname/update_status (a bare array, no `response`). */
export interface UpdateStatusRecord {
  host_name: string;
  upd_pending: boolean;
  reval_pending: boolean;
  use_reval_pending: boolean;
  host_id: number;
  status: string;
  parent_pending: boolean;
  parent_reval_pending: boolean;
}

/** One element of GET servers/checks. */
export interface ServerCheckRecord {
  adminState: string;
  cacheGroup: string;
  id: number;
  hostName: string;
  revalPending: boolean;
  profile: string;
  type: string;
  updPending: boolean;
  checks?: Record<string, number | null>;
}

/** A check extension as GET to_extensions answers it. */
export interface ToExtensionRecord {
  id: number;
  name: string;
  version: string;
  info_url: string;
  script_file: string;
  isactive: 0 | 1;
  additional_config_json: string | null;
  description: string | null;
  servercheck_short_name: string | null;
  type: string;
}

/** One tier of a job's propagation. */
export interface PropagationTier {
  /** `MID` or `EDGE`. */
  tier: string;
  total: number;
  applied: number;
  pending: number;
  /** Host names of the pending caches. */
  pendingHosts: string[];
  /** Host names of pending caches with no check-in for twice the interval. */
  overdue: string[];
}

/** GET jobs/:id/propagation (cdnctl's own route). */
export interface PropagationRecord {
  jobId: number;
  deliveryService: string;
  cdnName: string;
  /** `YYYY-MM-DD hh:mm:ss+00`: the time the job was entered (what a check-in must come after). */
  enteredTime: string;
  checkInIntervalMinutes: number;
  /** MID first, then EDGE. */
  tiers: PropagationTier[];
  /** True when every cache of every tier has applied it. */
  complete: boolean;
}
