import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { federationDsRecord, resolverLinkRecord, resolverRecord } from '../format/federations.js';
import { badRequest, successAlert, warningAlert } from '../http/errors.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import { toInteger } from '../services/params.js';
import { createResolver, deleteResolver, listResolvers, parseResolver } from '../services/federations/resolvers.js';
import {
  assignDeliveryServices,
  assignResolvers,
  federationDeliveryServices,
  federationResolvers,
  removeDeliveryService,
} from '../services/federations/links.js';
import { atLeast } from '../versions.js';
import type { FederationResolver } from '../store/federation-resolvers.js';
import {
  federationDeliveryServiceSchema,
  federationResolverLinkSchema,
  federationResolverSchema,
} from '../../shared/contract/federations.js';
import {
  alertedEnvelope,
  alertsOnly,
  alertsSchema,
  anyJsonValue,
  bool,
  envelope,
  int,
  list,
  nullableText,
  record,
  text,
} from '../../shared/contract/schema.js';

const createdSchema = alertedEnvelope(record({ id: int, ipAddress: text, type: nullableText, typeId: int }));
const deletedSchema = record({ alerts: alertsSchema, response: record({ id: int, ipAddress: text, type: text }) }, [
  'response',
]);
const linkAnswer = (key: string) => alertedEnvelope(record({ [key]: list(int), replace: bool }));

const DEPRECATED =
  "This endpoint is deprecated, please use the 'id' query parameter of '/federation_resolvers' instead";
const idParams = { params: { type: 'object', properties: { id: { type: 'string' }, dsID: { type: 'string' } } } };

function integer(value: unknown, key: string, missing = true): number | null {
  if (value === undefined || value === '') {
    if (missing) throw badRequest(`missing key: ${key}`);
    return null;
  }
  const id = toInteger(String(value));
  if (id === null) throw badRequest(`failed to parse key: ${key}`);
  return id;
}

const pathId = (request: FastifyRequest) => integer((request.params as { id: string }).id, 'id') as number;

/** The object a POST or DELETE of a resolver answers: `type` null up to 1.3 on create, as Traffic Ops. */
const resolverAnswer = (r: FederationResolver, withType: boolean) => ({
  id: r.id,
  ipAddress: r.ipAddress,
  type: withType ? r.type : null,
});

/** The ids list and `replace` of a link request: `<key>` an array of integers. */
function linkBody(raw: unknown, key: string): { ids: number[]; replace: boolean } {
  const body = (raw !== null && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const ids = body[key];
  // Safe integers only: a larger id (1e20) reached PostgreSQL's bigint casts and was a 500.
  if (!Array.isArray(ids) || ids.some((i) => typeof i !== 'number' || !Number.isSafeInteger(i))) {
    throw badRequest(`${key}: must be a list of integers`);
  }
  if (body.replace !== undefined && body.replace !== null && typeof body.replace !== 'boolean') {
    throw badRequest('replace: must be a boolean');
  }
  return { ids: ids as number[], replace: body.replace === true };
}

/** GET federation_resolvers, filtered by id, IP address and type. */
function listRoute(ctx: AppContext): RouteDef {
  return {
    method: 'GET',
    url: '/federation_resolvers',
    since: '1.1',
    auth: PRIV.READ,
    schema: {
      querystring: {
        type: 'object',
        properties: { id: { type: 'string' }, ipAddress: { type: 'string' }, type: { type: 'string' } },
      },
      response: { 200: envelope(list(federationResolverSchema)) },
    },
    handler: async (request) => {
      const q = request.query as { id?: string; ipAddress?: string; type?: string };
      const id = integer(q.id, 'id', false) ?? undefined;
      return {
        response: (await listResolvers(ctx, { id, ipAddress: q.ipAddress, type: q.type })).map(resolverRecord),
      };
    },
  };
}

function resolverRoutes(ctx: AppContext): RouteDef[] {
  const remove = async (request: FastifyRequest, id: number, deprecated: boolean) => {
    const r = await deleteResolver(ctx, caller(request), id);
    const alerts = [successAlert(`Federation resolver deleted [ IP = ${r.ipAddress} ] with id: ${r.id}`)];
    if (deprecated) alerts.push(warningAlert(DEPRECATED));
    return atLeast(request.apiVersion, '1.5') ? { alerts, response: resolverAnswer(r, true) } : { alerts };
  };
  return [
    listRoute(ctx),
    {
      method: 'POST',
      url: '/federation_resolvers',
      since: '1.1',
      auth: PRIV.ADMIN,
      schema: { body: anyJsonValue, response: { 200: createdSchema } },
      handler: async (request) => {
        const input = parseResolver(request.body);
        const r = await createResolver(ctx, caller(request), input);
        return {
          alerts: [successAlert(`Federation Resolver created [ IP = ${r.ipAddress} ] with id: ${r.id}`)],
          response: { ...resolverAnswer(r, atLeast(request.apiVersion, '1.4')), typeId: r.typeId },
        };
      },
    },
    {
      method: 'DELETE',
      url: '/federation_resolvers',
      since: '1.5',
      auth: PRIV.ADMIN,
      schema: {
        querystring: { type: 'object', properties: { id: { type: 'string' } } },
        response: { 200: deletedSchema },
      },
      handler: (request) => remove(request, integer((request.query as { id?: string }).id, 'id') as number, false),
    },
    {
      method: 'DELETE',
      url: '/federation_resolvers/:id',
      since: '1.1',
      auth: PRIV.ADMIN,
      schema: { ...idParams, response: { 200: deletedSchema } },
      handler: (request) => remove(request, pathId(request), true),
    },
  ];
}

function linkRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/federations/:id/federation_resolvers',
      since: '1.1',
      auth: PRIV.READ,
      schema: { ...idParams, response: { 200: envelope(list(federationResolverLinkSchema)) } },
      handler: async (request) => ({
        response: (await federationResolvers(ctx, caller(request), pathId(request))).map(resolverLinkRecord),
      }),
    },
    {
      method: 'POST',
      url: '/federations/:id/federation_resolvers',
      since: '1.1',
      auth: PRIV.ADMIN,
      schema: { ...idParams, body: anyJsonValue, response: { 200: linkAnswer('fedResolverIds') } },
      handler: async (request) => {
        const { ids, replace } = linkBody(request.body, 'fedResolverIds');
        const text = await assignResolvers(ctx, caller(request), pathId(request), ids, replace);
        return { alerts: [successAlert(text)], response: { fedResolverIds: ids, replace } };
      },
    },
  ];
}

function dsLinkRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/federations/:id/deliveryservices',
      since: '1.1',
      auth: PRIV.READ,
      schema: {
        ...idParams,
        querystring: { type: 'object', properties: { dsID: { type: 'string' } } },
        response: { 200: envelope(list(federationDeliveryServiceSchema)) },
      },
      handler: async (request) => {
        const dsId = integer((request.query as { dsID?: string }).dsID, 'dsID', false);
        const list = await federationDeliveryServices(ctx, caller(request), pathId(request), dsId);
        return { response: list.map(federationDsRecord) };
      },
    },
    {
      method: 'POST',
      url: '/federations/:id/deliveryservices',
      since: '1.1',
      auth: PRIV.ADMIN,
      schema: { ...idParams, body: anyJsonValue, response: { 200: linkAnswer('dsIds') } },
      handler: async (request) => {
        const { ids, replace } = linkBody(request.body, 'dsIds');
        const text = await assignDeliveryServices(ctx, caller(request), pathId(request), ids, replace);
        return { alerts: [successAlert(text)], response: { dsIds: ids, replace } };
      },
    },
    {
      method: 'DELETE',
      url: '/federations/:id/deliveryservices/:dsID',
      since: '1.1',
      auth: PRIV.ADMIN,
      schema: { ...idParams, response: { 200: alertsOnly } },
      handler: async (request) => {
        const dsId = integer((request.params as { dsID: string }).dsID, 'dsID') as number;
        await removeDeliveryService(ctx, caller(request), pathId(request), dsId);
        return { alerts: [successAlert('federation deliveryservice was deleted.')] };
      },
    },
  ];
}

/** Federation resolvers and a federation's resolver and delivery-service links (reference §8.3). */
export function federationResolverRoutes(ctx: AppContext): RouteDef[] {
  return [...resolverRoutes(ctx), ...linkRoutes(ctx), ...dsLinkRoutes(ctx)];
}
