/*
 * The records of the caches API (issue 15), shared by the daemon that sends them (its response schemas) and the
 * CLI that reads them (the types). Field names are Traffic Ops 1.x's; `lastCheckIn` is ours.
 */
import {
  bool,
  int,
  list,
  nullableBool,
  nullableInt,
  nullableNum,
  nullableText,
  num,
  record,
  text,
  textList,
  type FromSchema,
} from './schema.js';

/**
 * A server (cache) as GET servers answers it: Traffic Ops' 1.1 shape (issue 30: every field), plus `lastCheckIn`
 * (`YYYY-MM-DD hh:mm:ss+00`, or null for a cache that never checked in) and `isAvailable` (issue 35: the cache's
 * availability as the health monitors last published it; null until one judged it). `physLocation`/`physLocationId` are null
 * for a server that has none (imported before locations existed); `iloPassword`/`xmppPasswd` are `********` for
 * a caller below operations. `agentError`/`agentErrorTime` (ours, issue 32): why the cache's agent last failed to
 * apply its files and when it said so, null once it applied (or when it never reported one).
 */
export const serverSchema = record({
  cachegroup: text,
  cachegroupId: int,
  cdnId: int,
  cdnName: text,
  domainName: text,
  fqdn: text,
  guid: nullableText,
  hostName: text,
  httpsPort: nullableInt,
  id: int,
  iloIpAddress: nullableText,
  iloIpGateway: nullableText,
  iloIpNetmask: nullableText,
  iloPassword: nullableText,
  iloUsername: nullableText,
  interfaceMtu: int,
  interfaceName: text,
  ip6Address: nullableText,
  ip6Gateway: nullableText,
  ipAddress: nullableText,
  ipGateway: nullableText,
  ipNetmask: nullableText,
  isAvailable: nullableBool,
  lastCheckIn: nullableText,
  lastUpdated: text,
  mgmtIpAddress: nullableText,
  mgmtIpGateway: nullableText,
  mgmtIpNetmask: nullableText,
  offlineReason: nullableText,
  physLocation: nullableText,
  physLocationId: nullableInt,
  profile: text,
  profileDesc: text,
  profileId: int,
  rack: nullableText,
  revalPending: bool,
  routerHostName: nullableText,
  routerPortName: nullableText,
  status: text,
  statusId: nullableInt,
  tcpPort: nullableInt,
  type: text,
  typeId: int,
  updPending: bool,
  xmppId: nullableText,
  xmppPasswd: nullableText,
  agentError: nullableText,
  agentErrorTime: nullableText,
});
export type ServerRecord = FromSchema<typeof serverSchema>;

/** A cache group as GET cachegroups answers it. */
export const cachegroupSchema = record({
  id: int,
  name: text,
  shortName: text,
  latitude: nullableNum,
  longitude: nullableNum,
  parentCachegroupId: nullableInt,
  parentCachegroupName: nullableText,
  secondaryParentCachegroupId: nullableInt,
  secondaryParentCachegroupName: nullableText,
  typeId: int,
  typeName: text,
  lastUpdated: text,
  fallbackToClosest: bool,
  localizationMethods: textList,
  fallbacks: textList,
});
export type CachegroupRecord = FromSchema<typeof cachegroupSchema>;

/** One element of GET servers/:hostname/update_status (a bare array, no `response`). */
export const updateStatusSchema = record({
  host_name: text,
  upd_pending: bool,
  reval_pending: bool,
  use_reval_pending: bool,
  host_id: int,
  status: text,
  parent_pending: bool,
  parent_reval_pending: bool,
});
export type UpdateStatusRecord = FromSchema<typeof updateStatusSchema>;

/** One element of GET servers/checks: `checks`, by check name, once the cache has any. */
export const serverCheckSchema = record(
  {
    adminState: text,
    cacheGroup: text,
    id: int,
    hostName: text,
    revalPending: bool,
    profile: text,
    type: text,
    updPending: bool,
    checks: { type: 'object', additionalProperties: nullableNum },
  },
  ['checks'],
);
export type ServerCheckRecord = FromSchema<typeof serverCheckSchema>;

/** A check extension as GET to_extensions answers it. */
export const toExtensionSchema = record({
  id: int,
  name: text,
  version: text,
  info_url: text,
  script_file: text,
  isactive: { type: 'integer', enum: [0, 1] },
  additional_config_json: nullableText,
  description: nullableText,
  servercheck_short_name: nullableText,
  type: text,
});
export type ToExtensionRecord = FromSchema<typeof toExtensionSchema>;

/**
 * One tier of a job's propagation: `tier` is `MID` or `EDGE`; `pendingHosts` the host names of the pending
 * caches, `overdue` those of pending caches with no check-in for twice the interval, `unavailable` those of caches
 * that have not applied it and that the health monitors report down (issue 35: not counted as pending).
 */
export const propagationTierSchema = record({
  tier: text,
  total: int,
  applied: int,
  pending: int,
  pendingHosts: textList,
  overdue: textList,
  unavailable: textList,
});
export type PropagationTier = FromSchema<typeof propagationTierSchema>;

/**
 * GET jobs/:id/propagation (cdnctl's own route). `enteredTime` (`YYYY-MM-DD hh:mm:ss+00`) is when the job was
 * entered (what a check-in must come after); `tiers` MID first, then EDGE; `complete` when every cache of every
 * tier has applied it. For a cancelled job (issue 33) `cancelledTime` is when it was cancelled, what a check-in must
 * come after for the cache to have dropped its rule: `applied` then counts the caches that dropped it.
 */
export const propagationSchema = record(
  {
    jobId: int,
    deliveryService: text,
    cdnName: text,
    enteredTime: text,
    cancelledTime: text,
    checkInIntervalMinutes: num,
    tiers: list(propagationTierSchema),
    complete: bool,
  },
  ['cancelledTime'],
);
export type PropagationRecord = FromSchema<typeof propagationSchema>;
