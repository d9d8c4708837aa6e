import {
  SERVER_STATUSES,
  domainNameProblem,
  hostNameProblem,
  serverAddressProblem,
} from '../../../shared/rules/servers.js';
import { SERVER_EXTRA_FIELDS, type ServerExtras } from '../../store/servers.js';
import { type FieldReader } from './fields.js';
import type { KnownRecords, ServerModel } from '../../store/snapshot-types.js';

/*
 * The `servers` section (issue 15): caches refer to their cache group, CDN and profile by name and list the
 * delivery services (xmlIds) an EDGE serves. Pending flags and check-in times are the caches' running state,
 * not configuration: a snapshot neither carries nor resets them.
 */

export const SERVER_FIELDS = [
  'hostName',
  'domainName',
  'tcpPort',
  'httpsPort',
  'interfaceName',
  'interfaceMtu',
  'ipAddress',
  'ipNetmask',
  'ipGateway',
  'ip6Address',
  'ip6Gateway',
  'type',
  'status',
  'offlineReason',
  'cachegroup',
  'cdnName',
  'profile',
  'physLocation',
  'deliveryServices',
  'agents',
  ...SERVER_EXTRA_FIELDS,
] as const;

/** The extra 1.x fields, held to the rules (and texts) the servers API holds them to (server-input.ts). */
function readExtras(f: FieldReader): ServerExtras {
  const extras = {} as ServerExtras;
  for (const key of SERVER_EXTRA_FIELDS) {
    const v = f.optionalString(key);
    f.held(key, v);
    extras[key] = v;
  }
  return extras;
}

function address(f: FieldReader, key: string, family: 4 | 6): string | null {
  const v = f.optionalString(key);
  const problem = v === null ? null : serverAddressProblem(v, family);
  if (problem) f.fail(`${key}: ${problem}`);
  return v;
}

/** One server record: shape and values, without looking at other records. */
export function readServer(f: FieldReader): ServerModel {
  f.rejectUnknown(SERVER_FIELDS);
  const hostName = f.requiredString('hostName');
  const hostProblem = hostName ? hostNameProblem(hostName) : null;
  if (hostProblem) f.fail(`hostName: ${hostProblem}`);
  const domainName = f.requiredString('domainName');
  const domainProblem = domainName ? domainNameProblem(domainName) : null;
  if (domainProblem) f.fail(`domainName: ${domainProblem}`);
  const status = f.oneOf('status', SERVER_STATUSES, 'REPORTED');
  const offlineReason = f.optionalString('offlineReason');
  f.held('offlineReason', offlineReason, 'text');
  const interfaceName = f.stringOr('interfaceName', 'eth0');
  f.held('interfaceName', interfaceName);
  if ((status === 'ADMIN_DOWN' || status === 'OFFLINE') && offlineReason === null) {
    f.fail('offlineReason: is required for ADMIN_DOWN or OFFLINE status');
  }
  return {
    hostName,
    domainName,
    tcpPort: f.optionalInteger('tcpPort', 1, 65535) ?? 80,
    httpsPort: f.optionalInteger('httpsPort', 1, 65535),
    interfaceName,
    interfaceMtu: f.integerOr('interfaceMtu', 1500, 1280, 9000),
    ipAddress: address(f, 'ipAddress', 4),
    ipNetmask: address(f, 'ipNetmask', 4),
    ipGateway: address(f, 'ipGateway', 4),
    ip6Address: address(f, 'ip6Address', 6),
    ip6Gateway: address(f, 'ip6Gateway', 6),
    type: f.requiredString('type'),
    status,
    offlineReason: status === 'ADMIN_DOWN' || status === 'OFFLINE' ? offlineReason : null,
    cachegroup: f.requiredString('cachegroup'),
    cdnName: f.requiredString('cdnName'),
    profile: f.requiredString('profile'),
    physLocation: f.optionalString('physLocation'),
    deliveryServices: f.stringList('deliveryServices'),
    agents: f.stringList('agents'),
    ...readExtras(f),
  };
}

/** What the server checks need to know of the rest of the snapshot. */
export interface ServerRefs {
  cdns: Set<string>;
  cachegroups: Set<string>;
  profiles: Set<string>;
  /** xmlId → CDN name, for the delivery services of the file and of the database. */
  deliveryServiceCdns: Map<string, string>;
  /** Usernames of the file and of the database. */
  users: Set<string>;
}

/** References and the assignment rule: a server is assigned only to delivery services of its CDN. */
export function checkServer(f: FieldReader, s: ServerModel, known: KnownRecords, refs: ServerRefs): void {
  for (const username of s.agents) if (!refs.users.has(username)) f.fail(`agents: unknown user "${username}"`);
  if (s.type && !known.serverTypes.has(s.type)) f.fail(`unknown type "${s.type}"`);
  if (s.cachegroup && !refs.cachegroups.has(s.cachegroup)) f.fail(`unknown cachegroup "${s.cachegroup}"`);
  if (s.cdnName && !refs.cdns.has(s.cdnName)) f.fail(`unknown cdnName "${s.cdnName}"`);
  if (s.profile && !refs.profiles.has(s.profile)) f.fail(`unknown profile "${s.profile}"`);
  // Only an EDGE is assigned through the API, but an EDGE retyped by PUT servers keeps its assignments (they count
  // again if it becomes an EDGE again): a state the API reaches, so a snapshot carries it (issue 28, finding 4).
  for (const xmlId of s.deliveryServices) {
    const cdn = refs.deliveryServiceCdns.get(xmlId);
    if (cdn === undefined) f.fail(`deliveryServices: unknown delivery service "${xmlId}"`);
    else if (s.cdnName && cdn !== s.cdnName)
      f.fail(`deliveryServices: "${xmlId}" is in CDN "${cdn}", not "${s.cdnName}"`);
  }
}
