import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { linkRecord, parameterRecord } from '../format/parameters.js';
import { alerts, successAlert, warningAlert } from '../http/errors.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import { pathId } from '../services/profiles/changes.js';
import { assignParameters, assignProfiles, linkPairs, unlinkPair } from '../services/profiles/links.js';
import {
  createParameters,
  deleteParameter,
  readParameterFilters,
  updateParameter,
  type ParameterQuery,
} from '../services/profiles/parameters.js';
import { revealsSecureValues } from '../services/profiles/read.js';
import { parseIntegerParam } from '../services/params.js';
import {
  assignedParametersSchema,
  assignedProfilesSchema,
  oneOrManyCreated,
  parameterSchema,
  profileParameterEchoSchema,
  profileParameterLinkSchema,
} from '../../shared/contract/parameters.js';
import { alertedEnvelope, alertsOnly, envelope, list } from '../../shared/contract/schema.js';

const querySchema = {
  type: 'object',
  properties: Object.fromEntries(['id', 'name', 'configFile', 'value', 'secure'].map((k) => [k, { type: 'string' }])),
};

const BY_ID_DEPRECATED = warningAlert(
  'This endpoint is deprecated, please use GET /parameters with query parameter id instead',
);

/**
 * Parameters (reference §6.2): GET, POST (one or many), GET/PUT/DELETE parameters/:id. Secure values read
 * `********` below admin. Writes need Operations.
 */
export function parameterRoutes(ctx: AppContext): RouteDef[] {
  return [...parameterReads(ctx), ...parameterWrites(ctx), ...linkReads(ctx), ...linkWrites(ctx)];
}

/** GET parameters and parameters/:id. */
function parameterReads(ctx: AppContext): RouteDef[] {
  const reveal = (request: FastifyRequest) => revealsSecureValues(caller(request));
  return [
    {
      method: 'GET',
      url: '/parameters',
      since: '1.1',
      auth: PRIV.READ,
      schema: { querystring: querySchema, response: { 200: envelope(list(parameterSchema)) } },
      handler: async (request) => {
        const filters = readParameterFilters(request.query as ParameterQuery);
        const shown = reveal(request);
        const found = await ctx.store.parameters.list(filters);
        // Below admin a secure value reads `********`: filtering on the real one must not confirm a guess of it.
        const matched = shown || filters.value === undefined ? found : found.filter((p) => !p.secure);
        return { response: matched.map((p) => parameterRecord(p, shown)) };
      },
    },
    {
      method: 'GET',
      url: '/parameters/:id',
      since: '1.1',
      auth: PRIV.READ,
      schema: { response: { 200: alertedEnvelope(list(parameterSchema)) } },
      handler: async (request) => {
        const id = parseIntegerParam((request.params as { id: string }).id, 'id');
        const shown = reveal(request);
        const found = await ctx.store.parameters.list({ id });
        return { ...alerts(BY_ID_DEPRECATED), response: found.map((p) => parameterRecord(p, shown)) };
      },
    },
  ];
}

/** POST parameters, PUT and DELETE parameters/:id. */
function parameterWrites(ctx: AppContext): RouteDef[] {
  const idOf = (request: FastifyRequest) => pathId((request.params as { id?: string }).id);
  return [
    {
      method: 'POST',
      url: '/parameters',
      since: '1.1',
      auth: PRIV.OPERATIONS,
      schema: { response: { 200: oneOrManyCreated(parameterSchema) } },
      handler: async (request) => {
        const created = await createParameters(ctx, caller(request), request.body);
        if (created.length === 1) {
          return { ...alerts(successAlert('param was created.')), response: parameterRecord(created[0], true) };
        }
        return { ...alerts(successAlert('params were created.')), response: null };
      },
    },
    {
      method: 'PUT',
      url: '/parameters/:id',
      since: '1.1',
      auth: PRIV.OPERATIONS,
      schema: { response: { 200: alertedEnvelope(parameterSchema) } },
      handler: async (request) => ({
        ...alerts(successAlert('param was updated.')),
        response: parameterRecord(await updateParameter(ctx, caller(request), idOf(request), request.body), true),
      }),
    },
    {
      method: 'DELETE',
      url: '/parameters/:id',
      since: '1.1',
      auth: PRIV.OPERATIONS,
      schema: { response: { 200: alertsOnly } },
      handler: async (request) => {
        await deleteParameter(ctx, caller(request), idOf(request));
        return alerts(successAlert('param was deleted.'));
      },
    },
  ];
}

const intText = (v: unknown, key: string) => (v === undefined ? undefined : parseIntegerParam(v, key));

/** GET profileparameters (reference §6.4). */
function linkReads(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/profileparameters',
      since: '1.1',
      auth: PRIV.READ,
      schema: { response: { 200: envelope(list(profileParameterLinkSchema)) } },
      handler: async (request) => {
        const q = request.query as { profileId?: string; parameterId?: string };
        const filters = {
          profileId: intText(q.profileId, 'profileId'),
          parameterId: intText(q.parameterId, 'parameterId'),
        };
        return { response: (await ctx.store.parameters.links(filters)).map(linkRecord) };
      },
    },
  ];
}

/** POST profileparameters, profileparameter, parameterprofile; DELETE profileparameters/:profileId/:parameterId. */
function linkWrites(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'POST',
      url: '/profileparameters',
      since: '1.1',
      auth: PRIV.OPERATIONS,
      schema: { response: { 200: oneOrManyCreated(profileParameterEchoSchema) } },
      handler: (request) => postPairs(ctx, request),
    },
    {
      method: 'DELETE',
      url: '/profileparameters/:profileId/:parameterId',
      since: '1.1',
      auth: PRIV.OPERATIONS,
      schema: { response: { 200: alertsOnly } },
      handler: async (request) => {
        const p = request.params as { profileId?: string; parameterId?: string };
        await unlinkPair(ctx, caller(request), {
          profileId: pathId(p.profileId, 'profileId'),
          parameterId: pathId(p.parameterId, 'parameterId'),
        });
        return alerts(successAlert('profileParameter was deleted.'));
      },
    },
    {
      method: 'POST',
      url: '/profileparameter',
      since: '1.1',
      auth: PRIV.OPERATIONS,
      schema: { response: { 200: alertedEnvelope(assignedParametersSchema) } },
      handler: async (request) => {
        const { input, profile } = await assignParameters(ctx, caller(request), request.body);
        const text = `${input.paramIds.length} parameters were assigned to the ${profile.name} profile`;
        return { ...alerts(successAlert(text)), response: input };
      },
    },
    {
      method: 'POST',
      url: '/parameterprofile',
      since: '1.1',
      auth: PRIV.OPERATIONS,
      schema: { response: { 200: alertedEnvelope(assignedProfilesSchema) } },
      handler: async (request) => {
        const input = await assignProfiles(ctx, caller(request), request.body);
        const text = `${input.profileIds.length} profiles were assigned to the ${input.paramId} parameter`;
        return { ...alerts(successAlert(text)), response: input };
      },
    },
  ];
}

/** POST profileparameters: one pair echoed, several answered with null. */
async function postPairs(ctx: AppContext, request: FastifyRequest) {
  const pairs = await linkPairs(ctx, caller(request), request.body);
  if (pairs.length > 1) return { ...alerts(successAlert('profileParameters were created.')), response: null };
  const [link] = await ctx.store.parameters.links(pairs[0]);
  const parameter = (await ctx.store.parameters.list({ id: pairs[0].parameterId }))[0];
  return {
    ...alerts(successAlert('profileParameter was created.')),
    response: {
      lastUpdated: linkRecord(link).lastUpdated,
      profile: link.profile,
      profileId: link.profileId,
      parameter: parameter?.name ?? null,
      parameterId: link.parameterId,
    },
  };
}
