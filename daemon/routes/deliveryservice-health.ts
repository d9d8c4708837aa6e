import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { alerts, successAlert } from '../http/errors.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import { badRequest } from '../services/errors.js';
import { toInteger } from '../services/params.js';
import {
  deliveryServiceCapacity,
  deliveryServiceHealth,
  deliveryServiceRouting,
} from '../services/deliveryservices/health.js';
import {
  DS_USER_DEPRECATED,
  assignDeliveryServices,
  unassignDeliveryService,
  type AssignBody,
} from '../services/deliveryservices/users.js';
import {
  dsCapacitySchema,
  dsHealthSchema,
  dsRoutingSchema,
  dsUserAssignmentSchema,
} from '../../shared/contract/deliveryservice-extras.js';
import { alertedEnvelope, alertsOnly, anyJsonValue, envelope } from '../../shared/contract/schema.js';

const dsParams = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } as const;
const userLinkParams = {
  type: 'object',
  properties: { dsId: { type: 'string' }, userId: { type: 'string' } },
  required: ['dsId', 'userId'],
} as const;

/** The path's delivery-service id: 404-free, 400 `failed to parse key: id` as the generic handlers answered. */
function pathId(request: FastifyRequest): number {
  const id = toInteger((request.params as { id: string }).id);
  if (id === null) throw badRequest('failed to parse key: id');
  return id;
}

/**
 * A delivery service's health, capacity and routing (§1.6, §5.1; answered from what cdnctl stores, BEHAVIOR.md
 * "Delivery services"), and the Perl-era user ↔ delivery-service links (§5.8).
 */
export function deliveryServiceHealthRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/deliveryservices/:id/health',
      since: '1.1',
      auth: PRIV.READ,
      schema: { params: dsParams, response: { 200: envelope(dsHealthSchema) } },
      handler: async (request) => ({ response: await deliveryServiceHealth(ctx, caller(request), pathId(request)) }),
    },
    {
      method: 'GET',
      url: '/deliveryservices/:id/capacity',
      since: '1.1',
      auth: PRIV.READ,
      schema: { params: dsParams, response: { 200: envelope(dsCapacitySchema) } },
      handler: async (request) => ({ response: await deliveryServiceCapacity(ctx, caller(request), pathId(request)) }),
    },
    {
      method: 'GET',
      url: '/deliveryservices/:id/routing',
      since: '1.5',
      jsonSuffix: false,
      auth: PRIV.READ,
      schema: { params: dsParams, response: { 200: envelope(dsRoutingSchema) } },
      handler: async (request) => ({ response: await deliveryServiceRouting(ctx, caller(request), pathId(request)) }),
    },
    {
      method: 'POST',
      url: '/deliveryservice_user',
      since: '1.1',
      auth: PRIV.OPERATIONS,
      schema: { body: anyJsonValue, response: { 200: alertedEnvelope(dsUserAssignmentSchema) } },
      handler: async (request) => {
        const done = await assignDeliveryServices(ctx, caller(request), request.body as AssignBody | null);
        return {
          ...alerts(successAlert('Delivery service assignments complete.'), DS_USER_DEPRECATED),
          response: done,
        };
      },
    },
    {
      method: 'DELETE',
      url: '/deliveryservice_user/:dsId/:userId',
      since: '1.1',
      auth: PRIV.OPERATIONS,
      schema: { params: userLinkParams, response: { 200: alertsOnly } },
      handler: async (request) => {
        const params = request.params as { dsId: string; userId: string };
        const text = await unassignDeliveryService(
          ctx,
          caller(request),
          toInteger(params.dsId),
          toInteger(params.userId),
        );
        return alerts(successAlert(text), DS_USER_DEPRECATED);
      },
    },
  ];
}
