import { identifierProblem, textProblem } from '../../../shared/rules/names.js';
import {
  NEEDS_REASON,
  REASON_REQUIRED,
  SERVER_INTEGER_RANGES,
  SERVER_STATUSES,
  STATUS_UNKNOWN,
  domainNameProblem,
  hostNameProblem,
  integerRangeText,
  serverAddressProblem,
} from '../../../shared/rules/servers.js';
import { SERVER_EXTRA_FIELDS, type ServerAddress, type ServerExtras, type ServerStatus } from '../../store/servers.js';

/** A reference given by id (`cachegroupId`) or by name (`cachegroup`). */
export type Ref = { id: number } | { name: string };

/** A validated POST/PUT servers body, its references not yet resolved. */
export interface ServerInput extends ServerAddress, ServerExtras {
  /** A status by name, or by its id in the statuses table (`statusId`), resolved with the references. */
  status: ServerStatus | { id: number };
  offlineReason: string | null;
  /** `physLocationId` / `physLocation`; null: none. */
  physLocation: Ref | null;
  cachegroup: Ref;
  cdn: Ref;
  profile: Ref;
  type: Ref;
}

export type InputResult = { ok: true; input: ServerInput } | { ok: false; errors: string[] };

/** The references of a server body: the id key and the name key of each. */
export const REFS = [
  ['cachegroup', 'cachegroupId', 'cachegroup'],
  ['cdn', 'cdnId', 'cdnName'],
  ['profile', 'profileId', 'profile'],
  ['type', 'typeId', 'type'],
] as const;

class Reader {
  readonly errors: string[] = [];
  constructor(readonly raw: Record<string, unknown>) {}
  fail(key: string, text: string) {
    this.errors.push(`'${key}' ${text}`);
  }
  string(key: string, required: boolean): string | null {
    const v = this.raw[key];
    if (v === undefined || v === null || v === '') {
      if (required) this.fail(key, 'cannot be blank');
      return null;
    }
    if (typeof v !== 'string') this.fail(key, 'must be a string');
    return typeof v === 'string' ? v : null;
  }
  /** A string held to the identifier rules (a stored name), or to the free-text rules. */
  checked(key: string, required: boolean, kind: 'name' | 'text' = 'name'): string | null {
    const v = this.string(key, required);
    const problem = v === null ? null : kind === 'name' ? identifierProblem(key, v) : textProblem(key, v);
    if (problem) this.fail(key, problem.slice(key.length + 2));
    return problem ? null : v;
  }
  integer(key: string, min: number, max: number): number | null {
    const v = this.raw[key];
    if (v === undefined || v === null || v === '') return null;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
      this.fail(key, integerRangeText([min, max]));
      return null;
    }
    return v;
  }
  ranged(key: keyof typeof SERVER_INTEGER_RANGES): number | null {
    const [min, max] = SERVER_INTEGER_RANGES[key];
    return this.integer(key, min, max);
  }
  address(key: string, family: 4 | 6): string | null {
    const v = this.string(key, false);
    const problem = v === null ? null : serverAddressProblem(v, family);
    if (problem) this.fail(key, problem);
    return v;
  }
  /** An optional reference: null when neither key is given. */
  optionalRef(idKey: string, nameKey: string): Ref | null {
    const given = (k: string) => this.raw[k] !== undefined && this.raw[k] !== null && this.raw[k] !== '';
    return given(idKey) || given(nameKey) ? this.ref(idKey, nameKey) : null;
  }
  ref(idKey: string, nameKey: string): Ref | null {
    const id = this.integer(idKey, 1, Number.MAX_SAFE_INTEGER);
    if (id !== null) return { id };
    const name = this.checked(nameKey, false);
    if (name !== null) return { name };
    if (this.errors.some((e) => e.startsWith(`'${nameKey}'`))) return null;
    this.fail(idKey, `is required (or '${nameKey}')`);
    return null;
  }
}

/** Validates a POST/PUT servers body; every problem of one request is reported together. */
export function readServerInput(body: unknown): InputResult {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { ok: false, errors: ['the request body must be an object'] };
  const r = new Reader(body as Record<string, unknown>);
  const hostName = r.string('hostName', true);
  const hostProblem = hostName === null ? null : hostNameProblem(hostName);
  if (hostProblem) r.fail('hostName', hostProblem);
  const domainName = r.string('domainName', true);
  const domainProblem = domainName === null ? null : domainNameProblem(domainName);
  if (domainProblem) r.fail('domainName', domainProblem);
  const status = readStatus(r);
  const reason = r.checked('offlineReason', false, 'text');
  if (typeof status === 'string' && NEEDS_REASON.has(status) && reason === null)
    r.fail('offlineReason', REASON_REQUIRED);
  const ipAddress = r.address('ipAddress', 4);
  const ip6Address = r.address('ip6Address', 6);
  if (ipAddress === null && ip6Address === null && !r.errors.some((e) => e.startsWith("'ip")))
    r.fail('ipAddress', 'or ip6Address is required');
  const refs = REFS.map(([, idKey, nameKey]) => r.ref(idKey, nameKey));
  const physLocation = r.optionalRef('physLocationId', 'physLocation');
  const extras = readExtras(r);
  const fields = {
    tcpPort: r.ranged('tcpPort') ?? 80,
    httpsPort: r.ranged('httpsPort'),
    interfaceName: r.checked('interfaceName', false) ?? 'eth0',
    interfaceMtu: r.ranged('interfaceMtu') ?? 1500,
    ipNetmask: r.address('ipNetmask', 4),
    ipGateway: r.address('ipGateway', 4),
    ip6Gateway: r.address('ip6Gateway', 6),
  };
  if (r.errors.length > 0) return { ok: false, errors: r.errors };
  const [cachegroup, cdn, profile, type] = refs as Ref[];
  // A status given by id is resolved later; its reason is kept and dropped then unless it needs one.
  const offlineReason = typeof status === 'string' && !NEEDS_REASON.has(status) ? null : reason;
  return {
    ok: true,
    input: {
      ...extras,
      physLocation,
      hostName: hostName!,
      domainName: domainName!,
      ipAddress,
      ip6Address,
      status: status!,
      offlineReason,
      cachegroup,
      cdn,
      profile,
      type,
      ...fields,
    },
  };
}

/** `statusId` (an id of the statuses table) first, else `status` by name; neither: PRE_PROD. */
function readStatus(r: Reader): ServerStatus | { id: number } | null {
  const id = r.integer('statusId', 1, Number.MAX_SAFE_INTEGER);
  if (id !== null) return { id };
  if (r.errors.some((e) => e.startsWith("'statusId'"))) return null;
  const text = r.string('status', false) ?? 'PRE_PROD';
  if ((SERVER_STATUSES as readonly string[]).includes(text)) return text as ServerStatus;
  r.fail('status', STATUS_UNKNOWN);
  return null;
}

/** The 1.x fields kept as sent (rack, guid, iLO, management, XMPP, router): each held to the name rules. */
export function readExtras(r: { checked(key: string, required: boolean): string | null }): ServerExtras {
  const extras = {} as ServerExtras;
  for (const field of SERVER_EXTRA_FIELDS) extras[field] = r.checked(field, false);
  return extras;
}
