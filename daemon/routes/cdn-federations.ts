import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { cdnFederationRecord } from '../format/federations.js';
import { badRequest, notFound, successAlert, warningAlert } from '../http/errors.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import { toInteger } from '../services/params.js';
import {
  cdnFederations,
  createCdnFederation,
  deleteCdnFederation,
  updateCdnFederation,
} from '../services/federations/cdn-federations.js';
import { parseCdnFederation } from '../../shared/rules/federations.js';
import { cdnFederationSchema } from '../../shared/contract/federations.js';
import {
  alertedEnvelope,
  alertsOnly,
  alertsSchema,
  anyJsonValue,
  envelope,
  list,
  record,
} from '../../shared/contract/schema.js';

const DEPRECATED =
  'This endpoint is deprecated, please use GET /cdns/{name}/federations with query parameter id instead';
const params = { params: { type: 'object', properties: { name: { type: 'string' }, id: { type: 'string' } } } };

const cdnName = (request: FastifyRequest) => (request.params as { name: string }).name;

function integer(value: string | undefined, key: string): number | null {
  if (value === undefined) return null;
  const id = toInteger(value);
  if (id === null) throw badRequest(`failed to parse key: ${key}`);
  return id;
}

const pathId = (request: FastifyRequest) => integer((request.params as { id: string }).id, 'id') as number;

function body(request: FastifyRequest) {
  const parsed = parseCdnFederation(request.body);
  if (!parsed.ok) throw badRequest(parsed.errors.join(', '));
  return parsed.value;
}

async function read(ctx: AppContext, request: FastifyRequest, id: number | null) {
  const rows = await cdnFederations(ctx, caller(request), cdnName(request), id);
  return rows.map((r) => cdnFederationRecord(r.federation, r.deliveryService));
}

/** CDN federations (1.1+; reference §8.2): GET (RO), POST/PUT/DELETE (admin). */
function readRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/cdns/:name/federations',
      since: '1.1',
      auth: PRIV.READ,
      schema: {
        ...params,
        querystring: { type: 'object', properties: { id: { type: 'string' } } },
        response: { 200: envelope(list(cdnFederationSchema)) },
      },
      handler: async (request) => ({
        response: await read(ctx, request, integer((request.query as { id?: string }).id, 'id')),
      }),
    },
    {
      method: 'GET',
      url: '/cdns/:name/federations/:id',
      since: '1.1',
      auth: PRIV.READ,
      schema: { ...params, response: { 200: record({ alerts: alertsSchema, response: list(cdnFederationSchema) }) } },
      handler: async (request) => {
        const rows = await read(ctx, request, pathId(request));
        if (rows.length === 0) throw notFound('not found');
        return { alerts: [warningAlert(DEPRECATED)], response: rows };
      },
    },
  ];
}

export function cdnFederationRoutes(ctx: AppContext): RouteDef[] {
  return [
    ...readRoutes(ctx),
    {
      method: 'POST',
      url: '/cdns/:name/federations',
      since: '1.1',
      auth: PRIV.ADMIN,
      schema: { ...params, body: anyJsonValue, response: { 200: alertedEnvelope(cdnFederationSchema) } },
      handler: async (request) => {
        const f = await createCdnFederation(ctx, caller(request), cdnName(request), body(request));
        return { alerts: [successAlert('cdnfederation was created.')], response: cdnFederationRecord(f) };
      },
    },
    {
      method: 'PUT',
      url: '/cdns/:name/federations/:id',
      since: '1.1',
      auth: PRIV.ADMIN,
      schema: { ...params, body: anyJsonValue, response: { 200: alertedEnvelope(cdnFederationSchema) } },
      handler: async (request) => {
        const f = await updateCdnFederation(ctx, caller(request), cdnName(request), pathId(request), body(request));
        return { alerts: [successAlert('cdnfederation was updated.')], response: cdnFederationRecord(f) };
      },
    },
    {
      method: 'DELETE',
      url: '/cdns/:name/federations/:id',
      since: '1.1',
      auth: PRIV.ADMIN,
      schema: { ...params, response: { 200: alertsOnly } },
      handler: async (request) => {
        await deleteCdnFederation(ctx, caller(request), pathId(request));
        return { alerts: [successAlert('cdnfederation was deleted.')] };
      },
    },
  ];
}
