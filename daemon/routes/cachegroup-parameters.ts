import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { cachegroupParameterLinkRecord, cachegroupParameterRecord } from '../format/cachegroups.js';
import { withWarning } from '../http/deprecation.js';
import { alerts, successAlert, warningAlert } from '../http/errors.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import { parseIntegerParam } from '../services/params.js';
import { assignCachegroupDeliveryServices } from '../services/topology/cachegroup-assign.js';
import {
  CGP_TEXTS,
  cachegroupParameters,
  linkCachegroupParameters,
  parameterPairs,
  unlinkCachegroupParameter,
} from '../services/topology/cachegroup-parameters.js';
import {
  cachegroupAssignmentSchema,
  cachegroupParameterLinksSchema,
  cachegroupParameterPairSchema,
  cachegroupParameterSchema,
} from '../../shared/contract/cachegroups.js';
import { alertedEnvelope, alertsOnly, list, record, text } from '../../shared/contract/schema.js';

const REMOVED = warningAlert('This endpoint is deprecated, and will be removed in the future');
const UNASSIGNED = warningAlert(
  'This endpoint is deprecated, please use GET /cachegroupparameters & GET /parameters instead',
);
const PARAM_TABLES = ['cachegroups', 'cachegroup_parameters', 'parameters'];

const idParams = { type: 'object', properties: { id: { type: 'string' } } };
const pairParams = {
  type: 'object',
  properties: { cachegroupId: { type: 'string' }, parameterId: { type: 'string' } },
};
const pair = {
  type: ['object', 'null'],
  properties: { cacheGroupId: { type: ['integer', 'null'] }, parameterId: { type: ['integer', 'null'] } },
};
const parametersAnswer = { 200: alertedEnvelope(list(cachegroupParameterSchema)) };
// A map in the Go handler: `alerts` first, each alert's `level` before its `text`.
const assignAnswer = {
  200: record({
    alerts: list(record({ level: text, text })),
    response: cachegroupAssignmentSchema,
  }),
};
const assignBody = {
  type: ['object', 'null'],
  properties: { deliveryServices: { type: ['array', 'null'], items: { type: 'integer' } } },
};

const groupId = (request: FastifyRequest) => parseIntegerParam((request.params as { id: string }).id, 'id');

/** GET cachegroups/:id/parameters and unassigned_parameters: secure values masked below Admin. */
function parameterReads(ctx: AppContext): RouteDef[] {
  const read = (url: string, linked: boolean, warning: ReturnType<typeof warningAlert>): RouteDef => ({
    method: 'GET',
    url,
    since: '1.1',
    auth: PRIV.READ,
    cache: PARAM_TABLES,
    schema: { params: idParams, response: parametersAnswer },
    handler: async (request) =>
      withWarning(warning, async () => {
        const reveal = caller(request).privLevel >= PRIV.ADMIN;
        const list = await cachegroupParameters(ctx, groupId(request), linked);
        return { ...alerts(warning), response: list.map((p) => cachegroupParameterRecord(p, reveal)) };
      }),
  });
  return [
    read('/cachegroups/:id/parameters', true, REMOVED),
    read('/cachegroups/:id/unassigned_parameters', false, UNASSIGNED),
  ];
}

/** GET, POST cachegroupparameters and DELETE cachegroupparameters/:cachegroupId/:parameterId (reference §2.4). */
function linkRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/cachegroupparameters',
      since: '1.1',
      auth: PRIV.READ,
      cache: PARAM_TABLES,
      schema: {
        querystring: { type: 'object', properties: { cachegroup: { type: 'string' }, parameter: { type: 'string' } } },
        response: { 200: alertedEnvelope(cachegroupParameterLinksSchema) },
      },
      handler: async (request) =>
        withWarning(REMOVED, async () => {
          const q = request.query as { cachegroup?: string; parameter?: string };
          const links = await ctx.store.cachegroups.parameterLinks({
            cachegroup: q.cachegroup === undefined ? undefined : parseIntegerParam(q.cachegroup, 'cachegroup'),
            parameter: q.parameter === undefined ? undefined : parseIntegerParam(q.parameter, 'parameter'),
          });
          return { ...alerts(REMOVED), response: { cachegroupParameters: links.map(cachegroupParameterLinkRecord) } };
        }),
    },
    {
      method: 'POST',
      url: '/cachegroupparameters',
      since: '1.1',
      auth: PRIV.OPERATIONS,
      schema: {
        body: { anyOf: [pair, { type: 'array', items: pair }] },
        response: { 200: alertedEnvelope(list(cachegroupParameterPairSchema)) },
      },
      handler: async (request) => {
        const pairs = parameterPairs(request.body as Parameters<typeof parameterPairs>[0]);
        await linkCachegroupParameters(ctx, pairs);
        return { ...alerts(successAlert(CGP_TEXTS.created), REMOVED), response: pairs };
      },
    },
    {
      method: 'DELETE',
      url: '/cachegroupparameters/:cachegroupId/:parameterId',
      since: '1.1',
      auth: PRIV.OPERATIONS,
      schema: { params: pairParams, response: { 200: alertsOnly } },
      handler: async (request) =>
        withWarning(REMOVED, async () => {
          const p = request.params as { cachegroupId: string; parameterId: string };
          const cg = parseIntegerParam(p.cachegroupId, 'cachegroupID');
          const param = parseIntegerParam(p.parameterId, 'parameterId');
          await unlinkCachegroupParameter(ctx, caller(request), cg, param);
          return alerts(REMOVED, successAlert(CGP_TEXTS.deleted));
        }),
    },
  ];
}

/** The cache-group parameter routes and POST cachegroups/:id/deliveryservices (issue 30). */
export function cachegroupParameterRoutes(ctx: AppContext): RouteDef[] {
  return [
    ...parameterReads(ctx),
    ...linkRoutes(ctx),
    {
      method: 'POST',
      url: '/cachegroups/:id/deliveryservices',
      since: '1.1',
      auth: PRIV.OPERATIONS,
      schema: { params: idParams, body: assignBody, response: assignAnswer },
      handler: async (request) => {
        const id = groupId(request);
        const dsIds = (request.body as { deliveryServices?: number[] | null } | null)?.deliveryServices ?? [];
        const response = await assignCachegroupDeliveryServices(ctx, caller(request), id, dsIds);
        const text = `Delivery services successfully assigned to all the servers of cache group ${id}.`;
        return { alerts: [{ level: 'success', text }], response };
      },
    },
  ];
}
