import type { AppContext } from '../context.js';
import { deliveryServiceRecord } from '../format/deliveryservices.js';
import { parseIntegerParam, toInteger } from '../http/params.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import { visibleTenants } from '../http/tenancy.js';
import type { DeliveryServiceFilter } from '../store/deliveryservices.js';

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
const idSchema = { params: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } };

/**
 * GET deliveryservices (filters `id`, `xmlId`, `cdn` by id or name, `tenant` by id) and GET deliveryservices/:id
 * (an array, empty when unknown or invisible): the seed's record, limited to the caller's tenants.
 */
export function deliveryServiceRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/deliveryservices',
      since: '1.1',
      auth: PRIV.READ,
      schema: listSchema,
      handler: async (request) => {
        const query = request.query as { id?: string; xmlId?: string; cdn?: string; tenant?: string };
        const visible = await visibleTenants(ctx, caller(request));
        const filter: DeliveryServiceFilter = { tenantIds: visible };
        if (query.id !== undefined) filter.ids = [parseIntegerParam(query.id, 'id')];
        if (query.xmlId !== undefined) filter.xmlId = query.xmlId;
        if (query.cdn !== undefined) {
          const cdnId = toInteger(query.cdn);
          if (cdnId === null) filter.cdnName = query.cdn;
          else filter.cdnId = cdnId;
        }
        if (query.tenant !== undefined) {
          const tenantId = parseIntegerParam(query.tenant, 'tenant');
          filter.tenantIds = visible.has(tenantId) ? [tenantId] : [];
        }
        const list = await ctx.store.deliveryServices.list(filter);
        return { response: list.map((ds) => deliveryServiceRecord(ds, request.apiVersion)) };
      },
    },
    {
      method: 'GET',
      url: '/deliveryservices/:id',
      since: '1.1',
      auth: PRIV.READ,
      schema: idSchema,
      handler: async (request) => {
        const id = parseIntegerParam((request.params as { id: string }).id, 'id');
        const visible = await visibleTenants(ctx, caller(request));
        const list = await ctx.store.deliveryServices.list({ ids: [id], tenantIds: visible });
        return { response: list.map((ds) => deliveryServiceRecord(ds, request.apiVersion)) };
      },
    },
  ];
}
