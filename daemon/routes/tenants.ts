import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { tenantRecord } from '../format/catalog.js';
import { badRequest, successAlert, warningAlert } from '../http/errors.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import { toInteger } from '../services/params.js';
import { visibleTenants } from '../services/tenant-access.js';
import { createTenant, deleteTenant, updateTenant } from '../services/tenants/writes.js';
import { parseTenant } from '../../shared/rules/tenants.js';
import { goTenantSchema } from '../../shared/contract/catalog.js';
import { alertedEnvelope, alertsOnly, alertsSchema, anyJsonValue, list, record } from '../../shared/contract/schema.js';

const DEPRECATED = 'This endpoint is deprecated, please use GET /tenants with query parameter id instead';
const idParams = { params: { type: 'object', properties: { id: { type: 'string' } } } };
const writeResponses = () => ({ 200: alertedEnvelope(goTenantSchema) });

function pathId(request: FastifyRequest): number {
  const id = toInteger((request.params as { id: string }).id);
  if (id === null) throw badRequest('failed to parse key: id');
  return id;
}

function body(request: FastifyRequest) {
  const parsed = parseTenant(request.body);
  if (!parsed.ok) throw badRequest(parsed.errors.join(', '));
  return parsed.value;
}

/** GET tenants/:id (deprecated), POST tenants, PUT and DELETE tenants/:id (1.1+; reference §7). */
export function tenantRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/tenants/:id',
      since: '1.1',
      auth: PRIV.READ,
      schema: idParams,
      responseAt: () => ({ 200: record({ alerts: alertsSchema, response: list(goTenantSchema) }) }),
      handler: async (request) => {
        const id = pathId(request);
        const visible = await visibleTenants(ctx, caller(request));
        const tenant = visible.has(id) ? await ctx.store.tenants.get(id) : null;
        return {
          alerts: [warningAlert(DEPRECATED)],
          response: tenant ? [tenantRecord(tenant)] : [],
        };
      },
    },
    {
      method: 'POST',
      url: '/tenants',
      since: '1.1',
      auth: PRIV.OPERATIONS,
      schema: { body: anyJsonValue },
      responseAt: writeResponses,
      handler: async (request) => {
        const tenant = await createTenant(ctx, caller(request), body(request));
        return { alerts: [successAlert('tenant was created.')], response: tenantRecord(tenant) };
      },
    },
    {
      method: 'PUT',
      url: '/tenants/:id',
      since: '1.1',
      auth: PRIV.OPERATIONS,
      schema: { ...idParams, body: anyJsonValue },
      responseAt: writeResponses,
      handler: async (request) => {
        const id = pathId(request);
        const tenant = await updateTenant(ctx, caller(request), id, body(request));
        return { alerts: [successAlert('tenant was updated.')], response: tenantRecord(tenant) };
      },
    },
    {
      method: 'DELETE',
      url: '/tenants/:id',
      since: '1.1',
      auth: PRIV.OPERATIONS,
      schema: { ...idParams, response: { 200: alertsOnly } },
      handler: async (request) => {
        await deleteTenant(ctx, caller(request), pathId(request));
        return { alerts: [successAlert('tenant was deleted.')] };
      },
    },
  ];
}
