import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { deliveryServiceRecord } from '../format/deliveryservices.js';
import { alerts, successAlert } from '../http/errors.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import { parseIntegerParam } from '../services/params.js';
import {
  createDeliveryService,
  deleteDeliveryService,
  updateDeliveryService,
  updateSafeFields,
  type SafeBody,
} from '../services/deliveryservices/writes.js';
import type { DeliveryService } from '../store/deliveryservices.js';
import { alertsOnly, anyJsonValue } from '../../shared/contract/schema.js';
import type { ApiVersion } from '../versions.js';
import { deliveryServiceList } from './deliveryservices.js';

const idParams = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } as const;
const writeSchema = { body: anyJsonValue };
const idWriteSchema = { params: idParams, body: anyJsonValue };

/** A write's answer: the alert and the delivery service as a one-element array in the caller's version's shape. */
const oneElement = (text: string, ds: DeliveryService, version: ApiVersion) => ({
  ...alerts(successAlert(text)),
  response: [deliveryServiceRecord(ds, version)],
});
const writeResponses = (version: ApiVersion) => ({ 200: deliveryServiceList(version, 'deliveryservices', true) });
const pathId = (request: FastifyRequest) => parseIntegerParam((request.params as { id: string }).id, 'id');

/**
 * Delivery-service writes (issue 31, reference wave3 §5.2–5.5): POST deliveryservices, PUT deliveryservices/:id
 * (both also at `.json`, as the Go client posts), PUT deliveryservices/:id/safe, DELETE deliveryservices/:id.
 * Declared last among the delivery-service routes: the role matrix's DELETE removes its delivery service.
 */
export function deliveryServiceWriteRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'POST',
      url: '/deliveryservices',
      since: '1.1',
      jsonSuffix: true,
      auth: PRIV.OPERATIONS,
      schema: writeSchema,
      responseAt: writeResponses,
      handler: async (request) => {
        const ds = await createDeliveryService(ctx, caller(request), request.body, request.apiVersion);
        return oneElement('Delivery Service creation was successful', ds, request.apiVersion);
      },
    },
    {
      method: 'PUT',
      url: '/deliveryservices/:id',
      since: '1.1',
      jsonSuffix: true,
      auth: PRIV.OPERATIONS,
      schema: idWriteSchema,
      responseAt: writeResponses,
      handler: async (request) => {
        const ds = await updateDeliveryService(ctx, caller(request), pathId(request), request.body, request.apiVersion);
        return oneElement('Delivery Service update was successful', ds, request.apiVersion);
      },
    },
    {
      method: 'PUT',
      url: '/deliveryservices/:id/safe',
      since: '1.1',
      auth: PRIV.OPERATIONS,
      schema: idWriteSchema,
      responseAt: writeResponses,
      handler: async (request) => {
        const ds = await updateSafeFields(ctx, caller(request), pathId(request), request.body as SafeBody | null);
        return oneElement('Delivery Service safe update successful.', ds, request.apiVersion);
      },
    },
    {
      method: 'DELETE',
      url: '/deliveryservices/:id',
      since: '1.1',
      auth: PRIV.OPERATIONS,
      schema: { params: idParams, response: { 200: alertsOnly } },
      handler: async (request) => {
        await deleteDeliveryService(ctx, caller(request), pathId(request));
        return alerts(successAlert('ds was deleted.'));
      },
    },
  ];
}
