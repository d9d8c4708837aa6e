/** Roles of BEHAVIOR.md §2: id, name, description, privilege level. */
export const SEED_ROLES: ReadonlyArray<[number, string, string, number]> = [
  [1, 'admin', 'super-user', 30],
  [2, 'operations', 'block all access', 20],
  [3, 'read-only', 'read-only user', 10],
  [4, 'disallowed', 'block all access', 0],
  [5, 'portal', 'portal user', 15],
  [6, 'federation', 'federation user', 15],
  [7, 'ort', 'cache check-in (ORT) user', 11],
];

export const DELIVERY_SERVICE_TYPES = [
  'HTTP',
  'HTTP_NO_CACHE',
  'HTTP_LIVE',
  'HTTP_LIVE_NATNL',
  'DNS',
  'DNS_LIVE',
  'DNS_LIVE_NATNL',
  'ANY_MAP',
  'STEERING',
  'CLIENT_STEERING',
] as const;
export const CACHEGROUP_TYPES = ['EDGE_LOC', 'MID_LOC', 'ORG_LOC', 'TR_LOC', 'TC_LOC'] as const;
/** Server types: a cache is an EDGE or a MID (issue 15). */
export const SERVER_TYPES = ['EDGE', 'MID'] as const;
/** Types of check extensions (Traffic Ops' to_extension types). */
export const EXTENSION_TYPES = [
  'CHECK_EXTENSION_BOOL',
  'CHECK_EXTENSION_NUM',
  'CONFIG_EXTENSION',
  'STATISTIC_EXTENSION',
] as const;
export { PROFILE_TYPES } from '../../shared/rules/profiles.js';

/** Regex types of delivery-service match patterns (issue 31), as Traffic Ops' type table (use_in_table 'regex'). */
export const REGEX_TYPES = ['HOST_REGEXP', 'PATH_REGEXP', 'HEADER_REGEXP', 'STEERING_REGEXP'] as const;

/** Federation resolver types (issue 31), as Traffic Ops' type table (use_in_table 'federation'). */
export const FEDERATION_RESOLVER_TYPES = ['RESOLVE4', 'RESOLVE6'] as const;
