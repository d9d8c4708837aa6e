import type { AppContext } from '../context.js';
import { deliveryServiceRecord, goRecord } from '../format/deliveryservices.js';
import { parseIntegerParam } from '../services/params.js';
import {
  listDeliveryServices,
  visibleDeliveryService,
  type DeliveryServiceQuery,
} from '../services/deliveryservices/read.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import type { FastifySchema } from 'fastify';
import { deliveryServiceSchema } from '../../shared/contract/deliveryservices.js';
import {
  goDeliveryServiceV12Schema,
  goDeliveryServiceV13Schema,
  goDeliveryServiceV14Schema,
  goDeliveryServiceV15Schema,
} from '../../shared/contract/go-deliveryservices.js';
import { alertedEnvelope, envelope, list, type JsonSchema } from '../../shared/contract/schema.js';
import type { GoDsSource } from '../format/deliveryservices-go.js';
import type { ApiVersion } from '../versions.js';

const listSchema = {
  querystring: {
    type: 'object',
    properties: {
      id: { type: 'string' },
      xmlId: { type: 'string' },
      cdn: { type: 'string' },
      tenant: { type: 'string' },
    },
  },
};
/** GET deliveryservices' record per version, as Traffic Ops' downgrade sent it. */
const GO_SCHEMA_AT: Record<ApiVersion, JsonSchema> = {
  '1.1': goDeliveryServiceV12Schema,
  '1.2': goDeliveryServiceV12Schema,
  '1.3': goDeliveryServiceV13Schema,
  '1.4': goDeliveryServiceV14Schema,
  '1.5': goDeliveryServiceV15Schema,
};
/**
 * A list of delivery services, as a route answers it at `version`: GET deliveryservices and its writes V12 at
 * 1.1/1.2, V13 at 1.3, V14 at 1.4, V15 at 1.5; GET users/:id/deliveryservices (`source` 'user') the seed's record
 * at 1.2 and V15 elsewhere; with the alerts given.
 */
export function deliveryServiceList(
  version: ApiVersion,
  source: GoDsSource = 'deliveryservices',
  alerted = false,
): JsonSchema {
  const record = !goRecord(version, source)
    ? deliveryServiceSchema
    : source === 'deliveryservices'
      ? GO_SCHEMA_AT[version]
      : goDeliveryServiceV15Schema;
  return alerted ? alertedEnvelope(list(record)) : envelope(list(record));
}
const listResponses = (version: ApiVersion): NonNullable<FastifySchema['response']> => ({
  200: deliveryServiceList(version),
});
export { listResponses as deliveryServiceListResponses };

const idSchema = { params: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } };

/**
 * GET deliveryservices (filters `id`, `xmlId`, `cdn` by id or name, `tenant` by id) and GET deliveryservices/:id
 * (an array, empty when unknown or invisible): Traffic Ops' record at the version, limited to the caller's tenants.
 */
export function deliveryServiceRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/deliveryservices',
      since: '1.1',
      auth: PRIV.READ,
      schema: listSchema,
      responseAt: listResponses,
      handler: async (request) => {
        const list = await listDeliveryServices(ctx, caller(request), request.query as DeliveryServiceQuery);
        return { response: list.map((ds) => deliveryServiceRecord(ds, request.apiVersion)) };
      },
    },
    {
      method: 'GET',
      url: '/deliveryservices/:id',
      since: '1.1',
      auth: PRIV.READ,
      schema: idSchema,
      responseAt: listResponses,
      handler: async (request) => {
        const id = parseIntegerParam((request.params as { id: string }).id, 'id');
        const list = await visibleDeliveryService(ctx, caller(request), id);
        return { response: list.map((ds) => deliveryServiceRecord(ds, request.apiVersion)) };
      },
    },
  ];
}
