import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { originRecord } from '../format/origins.js';
import { alerts, successAlert, warningAlert } from '../http/errors.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import { parseOriginQuery, type OriginQueryParams } from '../services/origins/query.js';
import {
  createOriginSchema,
  deleteOriginSchema,
  listOriginsSchema,
  updateOriginSchema,
} from '../services/origins/schemas.js';
import type { OriginBody } from '../../shared/rules/origins/validate.js';
import { createOrigin, deleteOrigin, originIdParam, updateOrigin } from '../services/origins/writes.js';
import { visibleTenantIds } from '../services/tenancy.js';

/**
 * GET, POST, PUT origins and DELETE origin / origins (1.3, BEHAVIOR.md §6). Writes need operations (20). GET
 * answers depend only on the data, the query and the tenants the caller sees, so they go through the response cache.
 */
export function originRoutes(ctx: AppContext): RouteDef[] {
  /** The tenants whose origins the caller may see, or null when that is every tenant (no filter needed). */
  async function tenancyOf(request: FastifyRequest): Promise<number[] | null> {
    const tenants = await ctx.store.tenants.list();
    const visible = visibleTenantIds(tenants, caller(request).tenantId);
    return visible.size === tenants.length ? null : [...visible];
  }

  async function remove(request: FastifyRequest) {
    const id = originIdParam(request.query as { id?: string });
    await deleteOrigin(ctx, caller(request), id);
    return alerts(successAlert('origin was deleted.'));
  }

  return [
    {
      method: 'GET',
      url: '/origins',
      since: '1.3',
      auth: PRIV.READ,
      // A purge, a login or a user's change keeps cached origin lists.
      cache: ['origins', 'deliveryservices', 'cachegroups', 'coordinates', 'profiles', 'tenants'],
      largeLists: true,
      schema: listOriginsSchema,
      // The answer comes from the store already serialized (one pass from row to JSON), as the bytes to send.
      handler: async (request, reply) => {
        const { warnings, ...query } = parseOriginQuery(request.query as OriginQueryParams);
        const alerts = warnings.length > 0 ? `"alerts":${JSON.stringify(warnings.map(warningAlert))},` : '';
        const listQuery = { ...query, visibleTenantIds: await tenancyOf(request) };
        const body = await ctx.store.origins.listJson(listQuery, `{${alerts}"response":`, '}');
        reply.type('application/json; charset=utf-8');
        return body;
      },
    },
    {
      method: 'POST',
      url: '/origins',
      since: '1.3',
      auth: PRIV.OPERATIONS,
      schema: createOriginSchema,
      handler: async (request) => {
        const origin = await createOrigin(ctx, caller(request), request.body as OriginBody | null);
        return { ...alerts(successAlert('origin was created.')), response: originRecord(origin) };
      },
    },
    {
      method: 'PUT',
      url: '/origins',
      since: '1.3',
      auth: PRIV.OPERATIONS,
      schema: updateOriginSchema,
      handler: async (request) => {
        const id = originIdParam(request.query as { id?: string });
        const origin = await updateOrigin(ctx, caller(request), id, request.body as OriginBody | null);
        return { ...alerts(successAlert('origin was updated.')), response: originRecord(origin) };
      },
    },
    // The seed's singular path and Traffic Ops' plural one: one handler, two routes.
    {
      method: 'DELETE',
      url: '/origin',
      since: '1.3',
      auth: PRIV.OPERATIONS,
      schema: deleteOriginSchema,
      handler: remove,
    },
    {
      method: 'DELETE',
      url: '/origins',
      since: '1.3',
      auth: PRIV.OPERATIONS,
      schema: deleteOriginSchema,
      handler: remove,
    },
  ];
}
