import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { cachegroupRecord } from '../format/servers.js';
import { withWarning } from '../http/deprecation.js';
import { alerts, successAlert, warningAlert } from '../http/errors.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import { parseIntegerParam } from '../services/params.js';
import { createCachegroup, deleteCachegroup, updateCachegroup } from '../services/topology/cachegroup-writes.js';
import { writeKey } from './cdns.js';
import { alertedEnvelope, alertsOnly, envelope, list, record, text } from '../../shared/contract/schema.js';
import { cachegroupSchema } from '../../shared/contract/servers.js';
import type { CachegroupBody } from '../../shared/rules/topology/cachegroups.js';

/** The tables a cache-group answer reads. */
export const CACHEGROUP_TABLES = [
  'cachegroups',
  'types',
  'coordinates',
  'cachegroup_localization_methods',
  'cachegroup_fallbacks',
];

const listSchema = {
  querystring: {
    type: 'object',
    properties: {
      id: { type: 'string' },
      name: { type: 'string', maxLength: 256 },
      shortName: { type: 'string', maxLength: 256 },
      type: { type: 'string' },
    },
  },
  response: { 200: envelope(list(cachegroupSchema)) },
};

const nullable = (type: 'string' | 'boolean' | 'integer' | 'number') => ({ type: [type, 'null'] });
const names = { type: ['array', 'null'], items: { type: 'string' } };

/** The body of POST and PUT cachegroups: types only; the rules and texts are validCachegroup's. */
const bodySchema = {
  type: ['object', 'null'],
  properties: {
    id: nullable('integer'),
    name: nullable('string'),
    shortName: nullable('string'),
    latitude: nullable('number'),
    longitude: nullable('number'),
    parentCachegroupId: nullable('integer'),
    secondaryParentCachegroupId: nullable('integer'),
    fallbackToClosest: nullable('boolean'),
    localizationMethods: names,
    typeId: nullable('integer'),
    fallbacks: names,
  },
};

const idParams = { type: 'object', properties: { id: { type: 'string' } } };
const writeAnswer = { 200: alertedEnvelope(cachegroupSchema) };
const trimmedSchema = { response: { 200: alertedEnvelope(list(record({ name: text }))) } };
const BY_ID_WARNING = warningAlert(
  'This endpoint is deprecated, please use GET /cachegroups with query parameter id instead',
);
const TRIMMED_WARNING = warningAlert("This endpoint is deprecated, please use '/cachegroups' instead");

/** GET cachegroups: `type` is the type's id (reference §2). */
async function listed(ctx: AppContext, request: FastifyRequest) {
  const q = request.query as { id?: string; name?: string; shortName?: string; type?: string };
  const list = await ctx.store.cachegroups.list({
    id: q.id === undefined ? undefined : parseIntegerParam(q.id, 'id'),
    name: q.name,
    shortName: q.shortName,
    type: q.type === undefined ? undefined : parseIntegerParam(q.type, 'type'),
  });
  return list.map(cachegroupRecord);
}

/** The reads of cache groups: they carry no tenant, so every caller sees them all. */
function readRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/cachegroups',
      since: '1.1',
      auth: PRIV.READ,
      cache: CACHEGROUP_TABLES,
      schema: listSchema,
      handler: async (request) => ({ response: await listed(ctx, request) }),
    },
    {
      method: 'GET',
      url: '/cachegroups/trimmed',
      since: '1.1',
      auth: PRIV.READ,
      cache: ['cachegroups'],
      schema: trimmedSchema,
      handler: async () => ({
        ...alerts(TRIMMED_WARNING),
        response: (await ctx.store.cachegroups.list({})).map((c) => ({ name: c.name })),
      }),
    },
    {
      method: 'GET',
      url: '/cachegroups/:id',
      since: '1.1',
      auth: PRIV.READ,
      cache: CACHEGROUP_TABLES,
      schema: { params: idParams, response: { 200: alertedEnvelope(list(cachegroupSchema)) } },
      handler: async (request) =>
        withWarning(BY_ID_WARNING, async () => {
          const id = parseIntegerParam((request.params as { id: string }).id, 'id');
          const group = await ctx.store.cachegroups.byId(id);
          return { ...alerts(BY_ID_WARNING), response: group ? [cachegroupRecord(group)] : [] };
        }),
    },
  ];
}

/** GET, POST, PUT, DELETE cachegroups (1.1, reference §2; writes need operations, 20). */
export function cachegroupRoutes(ctx: AppContext): RouteDef[] {
  return [
    ...readRoutes(ctx),
    {
      method: 'POST',
      url: '/cachegroups',
      since: '1.1',
      auth: PRIV.OPERATIONS,
      schema: { body: bodySchema, response: writeAnswer },
      handler: async (request) => {
        const group = await createCachegroup(ctx, caller(request), request.body as CachegroupBody | null);
        return { ...alerts(successAlert('cachegroup was created.')), response: cachegroupRecord(group) };
      },
    },
    {
      method: 'PUT',
      url: '/cachegroups/:id',
      since: '1.1',
      auth: PRIV.OPERATIONS,
      schema: { params: idParams, body: bodySchema, response: writeAnswer },
      handler: async (request) => {
        const body = request.body as CachegroupBody | null;
        const { cachegroup } = await updateCachegroup(ctx, caller(request), writeKey(request), body);
        return { ...alerts(successAlert('cachegroup was updated.')), response: cachegroupRecord(cachegroup) };
      },
    },
    {
      method: 'DELETE',
      url: '/cachegroups/:id',
      since: '1.1',
      auth: PRIV.OPERATIONS,
      schema: { params: idParams, response: { 200: alertsOnly } },
      handler: async (request) => {
        await deleteCachegroup(ctx, caller(request), writeKey(request));
        return alerts(successAlert('cachegroup was deleted.'));
      },
    },
  ];
}
