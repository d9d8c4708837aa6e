import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { deliveryServiceRecord } from '../format/deliveryservices.js';
import { notFound } from '../http/errors.js';
import { parseIntegerParam } from '../http/params.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import { visibleTenants } from '../http/tenancy.js';
import type { DeliveryService } from '../store/deliveryservices.js';
import type { User } from '../store/users.js';
import { visibleTenantIds } from '../tenancy.js';
import { userIdSchema } from './users.js';

/** The tenants both sets share. */
function intersect(a: ReadonlySet<number>, b: ReadonlySet<number>): number[] {
  return [...a].filter((id) => b.has(id));
}

/**
 * GET users/:id/deliveryservices (1.2+, the seed's delivery-service record), and the delivery services a user
 * could still be given: user/:id/deliveryservices/available (1.2+, `{id, displayName, xmlId}`) and its older
 * spelling available.json (1.1+, `{xmlId, id}`), BEHAVIOR.md §4.
 */
/** What the assignment answers read (delivery services with their joins, the user and the tenant tree). */
const ASSIGNMENT_TABLES = ['deliveryservice_users', 'deliveryservices', 'users', 'roles', 'tenants', 'cdns', 'types', 'profiles', 'origins'];

export function userDeliveryServiceRoutes(ctx: AppContext): RouteDef[] {
  /** The user of the path, if the caller may see it (404 `user not found` otherwise), and the caller's tenants. */
  async function subject(request: FastifyRequest): Promise<{ user: User; visible: Set<number> }> {
    const id = parseIntegerParam((request.params as { id: string }).id, 'id');
    const visible = await visibleTenants(ctx, caller(request));
    const user = await ctx.store.users.byId(id);
    if (!user || !visible.has(user.tenantId)) throw notFound('user not found');
    return { user, visible };
  }

  async function assigned(request: FastifyRequest) {
    const { user, visible } = await subject(request);
    const list = await ctx.store.deliveryServices.list({ userId: user.id, tenantIds: visible });
    return { response: list.map(deliveryServiceRecord) };
  }

  /** Not yet assigned, and visible to both the caller and the user; the store orders by xmlId. */
  async function available(request: FastifyRequest): Promise<DeliveryService[]> {
    const { user, visible } = await subject(request);
    const usersTenants = visibleTenantIds(await ctx.store.tenants.list(), user.tenantId);
    return ctx.store.deliveryServices.list({ notAssignedToUserId: user.id, tenantIds: intersect(visible, usersTenants) });
  }

  return [
    { method: 'GET', url: '/users/:id/deliveryservices', since: '1.2', auth: PRIV.READ, cache: ASSIGNMENT_TABLES, schema: userIdSchema, handler: assigned },
    {
      method: 'GET',
      url: '/user/:id/deliveryservices/available',
      since: '1.2',
      jsonSuffix: false,
      auth: PRIV.READ,
      cache: ASSIGNMENT_TABLES,
      schema: userIdSchema,
      handler: async (request) => ({
        response: (await available(request)).map((ds) => ({ id: String(ds.id), displayName: ds.displayName, xmlId: ds.xmlId })),
      }),
    },
    {
      method: 'GET',
      url: '/user/:id/deliveryservices/available.json',
      since: '1.1',
      jsonSuffix: false,
      auth: PRIV.READ,
      cache: ASSIGNMENT_TABLES,
      schema: userIdSchema,
      handler: async (request) => ({
        response: (await available(request)).map((ds) => ({ xmlId: ds.xmlId, id: String(ds.id) })),
      }),
    },
  ];
}
