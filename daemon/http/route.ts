import type { FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { ApiVersion } from '../versions.js';
import type { Principal } from '../services/principal.js';

// The principal and the privilege levels belong to services; routes keep importing them from here.
export { PRIV, type Principal } from '../services/principal.js';

/**
 * A route, declared once: `since` is the first version that serves it, and every newer served version does too.
 * `auth` is 'none' for routes that need no session, else the lowest privilege level allowed (0 = any session).
 */
export interface RouteDef {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  since: ApiVersion;
  /** Also answer at `url + '.json'`, as Traffic Ops did. Default: true for GET. */
  jsonSuffix?: boolean;
  auth: 'none' | number;
  /**
   * Privilege levels below `auth` that are let in too, exactly (not levels between them): Traffic Ops served the
   * cache configuration files at Operations and to the ORT role (11), not to the Portal role (15).
   */
  alsoLevels?: readonly number[];
  /**
   * Served only to a login bound to the server the path names (its agent, issue 28); every other caller allowed
   * by `auth` gets 403. The role matrix reads this to know what an unbound caller gets.
   */
  agentOnly?: true;
  /**
   * The body is read as JSON whatever its Content-Type says (or without one), as Traffic Ops read its login
   * bodies: the 1.x cache tool (ORT, Perl's LWP) posts JSON labelled application/x-www-form-urlencoded. Only for
   * the routes that take credentials; every other route takes application/json alone (415 otherwise).
   */
  anyBodyType?: true;
  /**
   * Served once at the root (`/ort/:hostname/packages`), not under `/api/<version>`: the Perl app's own routes
   * that the 1.x cache tool reads. `since` is still the first API version of their era.
   */
  root?: true;
  /**
   * GET only: serve repeated requests from the response cache (daemon/http/response-cache.ts). Only for answers
   * that depend on nothing but the stored data, the URL, the version, the caller's privilege level and the
   * tenants they see — not on the caller's identity, nor on the time unless the handler bounds it (`cacheUntil`).
   * The value names the tables the answer is read from (every table its queries join, `tenants` when it filters
   * by tenancy): a write to any other table keeps the cached answer. `true`: it may read any table, and every
   * write but sign-in bookkeeping drops it. A name that is no table's makes every write drop it (never stale).
   */
  cache?: boolean | readonly string[];
  /**
   * Serialize answers with JSON.stringify rather than the response schema's compiled serializer, for lists that
   * may hold many thousands of records: the compiled serializer builds its string in pieces, which for 10,000
   * origins holds some 30 MB more at its peak. The handler's records must then carry exactly the schema's
   * fields, with its types (a test per such route checks that against the schema).
   */
  largeLists?: boolean;
  /** Params, query, body, and the responses by status when they are the same at every version. */
  schema?: FastifySchema;
  /**
   * The responses by status when their shape depends on the version (the seed's records up to 1.3, Traffic Ops'
   * from 1.4): the app gives each version's registration its own, so each serializes its exact keys and order.
   */
  responseAt?: (version: ApiVersion) => NonNullable<FastifySchema['response']>;
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
}

declare module 'fastify' {
  interface FastifyRequest {
    apiVersion: ApiVersion;
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    apiVersion?: ApiVersion;
    auth?: 'none' | number;
  }
}

/** The authenticated caller; routes with `auth` other than 'none' always have one. */
export function caller(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error('route has no principal: is its auth level set?');
  return request.principal;
}
