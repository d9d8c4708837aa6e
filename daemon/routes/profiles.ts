import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { goProfileParameter, profileParameterRecord, profileRecord, trimmedProfileRecord } from '../format/profiles.js';
import { warningAlert, type Alert } from '../http/errors.js';
import { parseIntegerParam } from '../services/params.js';
import {
  holdingParameter,
  parametersOfProfile,
  readProfileFilters,
  revealsSecureValues,
  withParameters,
  type ProfileQuery,
} from '../services/profiles/read.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import type { Profile } from '../store/profiles.js';
import { seedShape, type ApiVersion } from '../versions.js';
import {
  goProfileSchema,
  profileParameterSchema,
  profileSchema,
  trimmedProfileSchema,
} from '../../shared/contract/profiles.js';
import { alertedEnvelope, envelope, list, type JsonSchema } from '../../shared/contract/schema.js';
import { seedAtOrGo } from '../http/responses.js';

/** What the cached profile answers read. */
const PROFILE_TABLES = ['profiles', 'cdns', 'parameters', 'profile_parameters'];

/**
 * A list of `seed` records at the seed's 1.1; elsewhere of `go` records, after the route's deprecation warning when
 * it has one.
 */
const listResponses = (seed: JsonSchema, go: JsonSchema, warned: boolean) =>
  seedAtOrGo('profile', envelope(list(seed)), warned ? alertedEnvelope(list(go)) : envelope(list(go)));

/** The warnings the Go server sent (reference/traffic-ops-1.4-1.5-types.md §4); the seed's 1.1 has none. */
const BY_ID_DEPRECATED = warningAlert(
  'This endpoint is deprecated, please use GET /profiles with query parameter id instead',
);
const TRIMMED_DEPRECATED = warningAlert('This endpoint is deprecated, please use GET /profiles instead');

/** `{response}`, with the warning before it beyond the seed's 1.1. */
const answer = <T>(version: ApiVersion, warning: Alert, response: T) =>
  seedShape('profile', version) ? { response } : { alerts: [warning], response };

const querySchema = {
  type: 'object',
  properties: { id: { type: 'string' }, name: { type: 'string' }, cdn: { type: 'string' }, param: { type: 'string' } },
};

/** The records of `list`; beyond 1.1 a request by id carries each profile's parameters, as the Go server sent them. */
async function profileRecords(ctx: AppContext, request: FastifyRequest, list: Profile[], byId: boolean) {
  const version = request.apiVersion;
  if (seedShape('profile', version) || !byId) return list.map((p) => profileRecord(p, version));
  const reveal = revealsSecureValues(caller(request));
  return (await withParameters(ctx, list)).map(([p, parameters]) =>
    profileRecord(
      p,
      version,
      parameters.map((x) => goProfileParameter(x, reveal)),
    ),
  );
}

/**
 * GET profiles, profiles/trimmed and profiles/:id (1.1+, any session; profiles carry no tenant), and
 * GET profiles/name/:name/parameters as Traffic Ops 1.x served it: clients read limits such as the GLOBAL
 * profile's maxRevalDurationDays from it. That one is never cached: secure values are masked by role.
 */
export function profileRoutes(ctx: AppContext): RouteDef[] {
  const records = (request: FastifyRequest, list: Profile[], byId: boolean) => profileRecords(ctx, request, list, byId);

  return [
    {
      method: 'GET',
      cache: PROFILE_TABLES,
      url: '/profiles',
      since: '1.1',
      auth: PRIV.READ,
      schema: { querystring: querySchema },
      responseAt: listResponses(profileSchema, goProfileSchema, false),
      handler: async (request) => {
        const query = request.query as ProfileQuery;
        const filters = readProfileFilters(query);
        const list = await holdingParameter(ctx, query, await ctx.store.profiles.list(filters));
        return { response: await records(request, list, filters.id !== undefined) };
      },
    },
    {
      method: 'GET',
      cache: PROFILE_TABLES,
      url: '/profiles/trimmed',
      since: '1.1',
      auth: PRIV.READ,
      responseAt: listResponses(trimmedProfileSchema, trimmedProfileSchema, true),
      handler: async (request) =>
        answer(request.apiVersion, TRIMMED_DEPRECATED, (await ctx.store.profiles.list({})).map(trimmedProfileRecord)),
    },
    {
      method: 'GET',
      cache: PROFILE_TABLES,
      url: '/profiles/:id',
      since: '1.1',
      auth: PRIV.READ,
      responseAt: listResponses(profileSchema, goProfileSchema, true),
      handler: async (request) => {
        const id = parseIntegerParam((request.params as { id: string }).id, 'id');
        const profile = await ctx.store.profiles.get(id);
        return answer(request.apiVersion, BY_ID_DEPRECATED, await records(request, profile ? [profile] : [], true));
      },
    },
    {
      method: 'GET',
      url: '/profiles/name/:name/parameters',
      since: '1.1',
      auth: PRIV.READ,
      schema: { response: { 200: envelope(list(profileParameterSchema)) } },
      handler: async (request) => {
        const name = (request.params as { name: string }).name;
        const parameters = await parametersOfProfile(ctx, name);
        const reveal = revealsSecureValues(caller(request));
        return { response: parameters.map((p) => profileParameterRecord(p, reveal)) };
      },
    },
  ];
}
